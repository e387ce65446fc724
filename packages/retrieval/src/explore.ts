import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { CandidateSource } from './types.js';

/**
 * Exploration (paper §3.2): every table that reaches at least one initial target — or is one —
 * with its coverage, ranked by what it covers (itself included), then by being a target, then
 * by name. Reachability is precomputed, so this costs |tables| × |T0| bit lookups.
 */
export function exploreSources(graph: ContextGraph, initialTargets: readonly string[]): CandidateSource[] {
  const targets = new Set(initialTargets);
  const candidates: CandidateSource[] = [];
  for (const table of graph.tables) {
    const reached = initialTargets.filter((t) => t !== table.name && graph.reaches(table.name, t));
    const isTarget = targets.has(table.name);
    if (reached.length === 0 && !isTarget) continue;
    candidates.push({
      table: table.name,
      coverage: reached.length,
      covers: isTarget ? [table.name, ...reached] : reached,
      isTarget,
      reachableCount: graph.reachableCount(table.name),
    });
  }
  return candidates.sort(
    (a, b) => b.covers.length - a.covers.length || Number(b.isTarget) - Number(a.isTarget) || (a.table < b.table ? -1 : 1),
  );
}
