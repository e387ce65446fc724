/**
 * Step 6 of the heuristic disambiguator: targets the question names that the tree does not need
 * as tables of their own — their key is already held by a reference, or they are only counted
 * or grouped by through a link table, or they are a copy matched by the same words as the original.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';

/**
 * Targets whose every match is their key column ("business id"), or their name inside the words
 * that matched the key ("business" in "business id"), when the source or another target holds a
 * reference to that key.
 */
export function keyMentionsCovered(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  const covered: string[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    const holders = [source, ...targets].filter((h) => h !== t && !covered.includes(h));
    // The key columns the tree's references point at (declared or inferred: a key need not be declared).
    const keys = new Set(
      holders.flatMap((h) =>
        graph
          .outEdges(h)
          .filter((e) => e.toTable === t && e.toColumns.length === 1)
          .map((e) => e.toColumns[0]!),
      ),
    );
    for (const key of keys) {
      const keySpans = matches.filter((m) => m.column === key).map((m) => m.span);
      if (keySpans.length === 0) continue;
      const inKey = (span: readonly [number, number]) => keySpans.some(([a, b]) => a <= span[0] && span[1] <= b);
      if (matches.every((m) => m.column === key || (m.kind === 'table' && inKey(m.span)))) {
        covered.push(t);
        break;
      }
    }
  }
  return covered;
}

const COUNT_CUES = [
  ['how', 'many'],
  ['number', 'of'],
  ['count', 'of'],
  ['numbers', 'of'],
];
const GROUP_CUES = new Set(['each', 'per', 'every']);

/**
 * Targets a link-table source references directly that the question only counts ("how many
 * keyphrases") or groups by ("each paper"), naming them by their table's name alone: the
 * link table's references hold their ids.
 */
export function countedThroughLink(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  if (grounding.matches.some((m) => m.table === source)) return [];
  const referenced = new Set(graph.outEdges(source).map((e) => e.toTable));
  const words = grounding.tokens.map((t) => t.lower);
  const cued = (start: number) =>
    GROUP_CUES.has(words[start - 1] ?? '') || COUNT_CUES.some((cue) => cue.every((w, i) => words[start - cue.length + i] === w));
  return targets.filter((t) => {
    const matches = grounding.matches.filter((m) => m.table === t);
    return referenced.has(t) && matches.length > 0 && matches.every((m) => m.kind === 'table' && cued(m.span[0]));
  });
}

/** Whether a copy was matched by words its original was not (`history` for `orders_hist`). */
export function namesOwnWords(grounding: GroundingResult, copy: string, original: string): boolean {
  const spans = (table: string) => new Set(grounding.matches.filter((m) => m.table === table).map((m) => `${m.span[0]}:${m.span[1]}`));
  const ofOriginal = spans(original);
  return [...spans(copy)].some((s) => !ofOriginal.has(s));
}
