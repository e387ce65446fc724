import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { CandidateSource } from './types.js';

/**
 * Exploration (paper §3.2): every table that reaches at least one initial target — or is one —
 * with its coverage, ranked by what it covers (itself included), then by being a target, then
 * by name. Reachability is precomputed: the candidates are the tables reaching each target, one
 * pass over it per target, so a schema of thousands of tables costs |T0| passes, not |tables| × |T0| lookups by name.
 */
export function exploreSources(graph: ContextGraph, initialTargets: readonly string[]): CandidateSource[] {
  const targets = new Set(initialTargets);
  // Per candidate, the initial targets it reaches, in the targets' order.
  const reached = new Map<string, string[]>();
  for (const t of new Set(initialTargets)) {
    for (const from of graph.reachingTables(t)) {
      const list = reached.get(from);
      if (list) list.push(t);
      else reached.set(from, [t]);
    }
  }
  for (const t of targets) {
    const name = graph.table(t)?.name ?? t;
    if (!reached.has(name)) reached.set(name, []);
  }
  // Each list is in the order of the distinct targets: the targets' own order when they repeat none.
  const distinct = targets.size === initialTargets.length;
  const candidates: CandidateSource[] = [];
  for (const [table, list] of reached) {
    const isTarget = targets.has(table);
    const covers = distinct ? list.filter((t) => t !== table) : initialTargets.filter((t) => t !== table && list.includes(t));
    candidates.push({
      table,
      coverage: covers.length,
      covers: isTarget ? [table, ...covers] : covers,
      isTarget,
      reachableCount: graph.reachableCount(table),
    });
  }
  return candidates.sort(
    (a, b) => b.covers.length - a.covers.length || Number(b.isTarget) - Number(a.isTarget) || (a.table < b.table ? -1 : 1),
  );
}
