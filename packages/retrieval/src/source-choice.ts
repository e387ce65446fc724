/**
 * Step 5 of the heuristic disambiguator: which candidate roots the join tree. Ties are broken in
 * a fixed order (coverage, then shortest routes, then grounding strength, then not a copy, then
 * fewest outgoing keys, then name), so the same question always gets the same source.
 */
import type { ContextGraph, JoinDirection } from '@guided-retrieval/context-graph';
import type { HeuristicParams } from './params.js';
import type { CandidateSource, DisambiguationInput } from './types.js';
import { groundingStrength, stepCost } from './weights.js';

/**
 * Among the candidates that cover the most of `wanted` (and are among them, if the best is), the
 * one whose shortest paths to what it covers are shortest; then the strongest grounded (`strength`:
 * grounding score per table); then not a copy
 * of another table; then the fewest outgoing keys; then by name.
 */
export function chooseSource(
  candidates: readonly CandidateSource[],
  graph: ContextGraph,
  strength: ReadonlyMap<string, number>,
  copies: ReadonlyMap<string, string>,
  wanted: readonly string[],
): CandidateSource {
  const core = new Set(wanted);
  // Counted once per candidate, not once per comparison: every table of a dense schema is a candidate.
  const coveredCount = new Map(candidates.map((c) => [c, c.covers.reduce((n, t) => n + (core.has(t) ? 1 : 0), 0)]));
  const covered = (c: CandidateSource) => coveredCount.get(c)!;
  const isCore = (c: CandidateSource) => core.has(c.table);
  const ranked = [...candidates].sort((a, b) => covered(b) - covered(a) || Number(isCore(b)) - Number(isCore(a)));
  const top = ranked[0]!;
  const tied = ranked.filter(
    (c) => covered(c) === covered(top) && isCore(c) === isCore(top) && c.covers.length === top.covers.length && c.isTarget === top.isTarget,
  );
  if (tied.length === 1) return top;
  // One search per covered target, from the target backwards, instead of one per candidate and target.
  const distanceTo = new Map<string, (table: string) => number | undefined>();
  const distance = (from: string, to: string) => {
    let d = distanceTo.get(to);
    if (!d) {
      d = graph.distancesTo(to);
      distanceTo.set(to, d);
    }
    return d(from) ?? 0;
  };
  return tied
    .map((c) => ({
      c,
      cost: c.covers.reduce((sum, t) => sum + distance(c.table, t), 0),
      strength: strength.get(c.table) ?? 0,
      copy: copies.has(c.table) ? 1 : 0,
      degree: graph.outEdges(c.table).length,
    }))
    .sort(
      (a, b) => a.cost - b.cost || b.strength - a.strength || a.copy - b.copy || a.degree - b.degree || (a.c.table < b.c.table ? -1 : 1),
    )[0]!.c;
}

/**
 * The source when join edges may be walked backwards: an initial target from which every
 * other is linked, joined with the fewest backward steps, then the cheapest routes, then the
 * strongest grounding. One search per initial target.
 */
export function chooseSourceAcross(
  input: DisambiguationInput,
  initialTargets: readonly string[],
  sources: readonly string[],
  params: HeuristicParams,
): string | undefined {
  const { graph, grounding, limits } = input;
  const strength = groundingStrength(grounding);
  const weigh = stepCost(graph, { targets: new Set(initialTargets), grounded: strength, lookAlikes: new Set(), params });
  // Backward steps dominate: the fewest of them first, then the cheapest route. A backward step
  // costs `backwardStep` in place of the usual reversed-step penalty.
  const tableCost = (table: string, direction: JoinDirection) =>
    direction === 'reverse' ? params.backwardStep + weigh(table, 'forward') : weigh(table, direction);
  const options = sources.map((s) => {
    const others = initialTargets.filter((t) => t !== s);
    const paths = graph.cheapestPathsFrom(s, others, { maxLength: limits.maxLength, reverse: true, tableCost });
    if (paths.size < new Set(others).size) return null;
    let total = 0;
    for (const path of paths.values()) total += path.edges.reduce((sum, e) => sum + tableCost(e.toTable, e.direction), 0);
    return { s, total, strength: strength.get(s) ?? 0 };
  });
  return options
    .filter((o): o is NonNullable<typeof o> => o !== null)
    .sort((a, b) => a.total - b.total || b.strength - a.strength || (a.s < b.s ? -1 : 1))[0]?.s;
}

export function coveredBy(graph: ContextGraph, source: string, targets: readonly string[], reverse: boolean): number {
  return targets.filter((t) => t === source || (reverse ? graph.linked(source, t) : graph.reaches(source, t))).length;
}
