/**
 * Drops a target the question names only through its key ("for each business id") when the
 * source or another target references that key: the reference holds the same ids.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import type { PrunePass } from './pass.js';

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

export const keysByReferencePass: PrunePass<string> = {
  name: 'keys by reference',
  switch: 'keysByReference',
  run: ({ graph, grounding, source, targets }) => [
    {
      tables: keyMentionsCovered(graph, grounding, source, targets),
      note: 'the question asks only for its key, which a reference in the tree holds',
    },
  ],
};
