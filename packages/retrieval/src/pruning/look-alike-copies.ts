/**
 * Drops a look-alike copy (`ORDERS_HIST` of `ORDERS`) matched by the same words as its original
 * when the original is the source or a target: the question means the original.
 */
import type { GroundingResult } from '@guided-retrieval/grounding';
import type { PrunePass } from './pass.js';

/** Whether a copy was matched by words its original was not (`history` for `orders_hist`). */
function namesOwnWords(grounding: GroundingResult, copy: string, original: string): boolean {
  const spans = (table: string) => new Set(grounding.matches.filter((m) => m.table === table).map((m) => `${m.span[0]}:${m.span[1]}`));
  const ofOriginal = spans(original);
  return [...spans(copy)].some((s) => !ofOriginal.has(s));
}

export const lookAlikeCopiesPass: PrunePass = {
  name: 'look-alike copies',
  run: ({ grounding, source, targets, lookAlikes: copies }) => {
    const tables = targets.filter(
      (t) =>
        copies.has(t) && (copies.get(t) === source || targets.includes(copies.get(t)!)) && !namesOwnWords(grounding, t, copies.get(t)!),
    );
    return [{ tables, note: `a copy of ${tables.map((t) => copies.get(t)).join(', ')}, matched by the same words` }];
  },
};
