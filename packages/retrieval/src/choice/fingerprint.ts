/**
 * Feature fingerprints: what each feature computes on a fixed probe (a graph and its questions),
 * hashed. The fit records them in the model's card; a test takes them again, so that a feature
 * whose definition changed since the model was fitted is named — its weight was learned for
 * something else — rather than silently weighed.
 */
import { createHash } from 'node:crypto';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { Retriever } from '../retriever.js';
import type { ChoiceFile } from './model-file.js';

/** The probe's graph: TPC-H generated at this scale (default seed, declared keys), by `pnpm fit` and by the test alike. */
export const PROBE_SCALE = 0.002;

/** Values are rounded to this many decimals before hashing: the last bits of a float say nothing. */
const DECIMALS = 6;
/** Characters of the sha256 kept: enough to tell two definitions apart. */
const HEX_CHARS = 16;

/**
 * Each feature's fingerprint over every candidate of every probe question, every proposal rooted
 * (so that what the model scores first does not change what is fingerprinted).
 */
export async function featureFingerprints(
  graph: ContextGraph,
  choice: ChoiceFile,
  questions: readonly string[],
): Promise<Record<string, string>> {
  const all = { ...choice, limits: { ...choice.limits, rooted: choice.limits.maxCandidates } };
  const retriever = await Retriever.create(graph, { choice: all });
  const columns = new Map<string, number[]>();
  for (const question of questions) {
    const c = await retriever.choiceCandidates(question);
    if (!c) continue;
    c.features.forEach((name, j) => {
      const list = columns.get(name) ?? [];
      for (const v of c.vectors) list.push(Number(v[j]!.toFixed(DECIMALS)));
      columns.set(name, list);
    });
  }
  const out: Record<string, string> = {};
  for (const [name, values] of columns) out[name] = createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, HEX_CHARS);
  return out;
}
