/**
 * Phase 3b (paper §3.3, steps 7–8): the alternative join paths from the source to each target,
 * bounded (Yen's k cheapest, never every path), and the disambiguator's selection among them,
 * held to real routes through the graph.
 */
import type { ContextGraph, JoinPath } from '@guided-retrieval/context-graph';
import { nameRecord } from './name-record.js';
import type { PathLimits, PathSelectionInput, SelectedPath, SourceAndTargets, TracePath } from './types.js';

/** Limits as the chosen source needs them: reverse joins only when the disambiguation walks backwards. */
export function limitsFor(choice: SourceAndTargets, limits: PathLimits): PathLimits {
  return { ...limits, reverse: Boolean(choice.reverse) };
}

/**
 * Step 7: per target, the `limits.alternatives` cheapest paths from the source. A table the
 * disambiguation asked for in several roles is offered its role paths first (the source's own
 * second role, a self-reference, included).
 */
export function enumeratePaths(graph: ContextGraph, choice: SourceAndTargets, limits: PathLimits): Record<string, JoinPath[]> {
  const paths = nameRecord<JoinPath[]>();
  for (const target of choice.targets) {
    const cheapest = graph.kShortestPaths(choice.source, target, limits.alternatives, {
      maxLength: limits.maxLength,
      reverse: limits.reverse,
    });
    const rolePaths = choice.roles.find((r) => r.table === target)?.paths ?? [];
    const seen = new Set(rolePaths.map(pathKey));
    paths[target] = [...rolePaths, ...cheapest.filter((p) => !seen.has(pathKey(p)))];
  }
  for (const role of choice.roles) paths[role.table] ??= [...role.paths];
  return paths;
}

/** A path's identity: its edges and the way each is walked (a reversed step keeps its edge's id). */
export function pathKey(path: JoinPath): string {
  return path.edges.map((e) => `${e.direction}:${e.id}`).join('|');
}

/** The input step 8 decides on: the checked choice and the paths step 7 offers. */
export function pathSelectionInput(
  base: Pick<PathSelectionInput, 'question' | 'graph' | 'grounding'>,
  choice: SourceAndTargets,
  paths: Record<string, JoinPath[]>,
  limits: PathLimits,
): PathSelectionInput {
  return { ...base, source: choice.source, targets: choice.targets, roles: choice.roles, paths, limits };
}

/** A selected path must start at the source, end at a target (or a role of the source) and be a real route through the graph. */
export function checkPaths(
  graph: ContextGraph,
  selected: readonly SelectedPath[],
  choice: SourceAndTargets,
  limits: PathLimits,
): SelectedPath[] {
  const ends = new Set([...choice.targets, ...choice.roles.map((r) => r.table)]);
  return selected.filter(
    (s) =>
      s.path.source === choice.source &&
      ends.has(s.path.target) &&
      (choice.reverse || s.path.edges.every((e) => e.direction === 'forward')) &&
      s.path.edges.length <= limits.maxLength &&
      graph.isPath(s.path),
  );
}

/** A path as the trace keeps it: its tables and its edges' ids and directions, nothing more. */
export function tracePath(path: JoinPath): TracePath {
  return { tables: [...path.tables], edges: path.edges.map((e) => ({ id: e.id, direction: e.direction })) };
}

/** Paths through more of the wanted tables first, then fewer backward steps, then shorter, then the given order. */
export function rankPaths(paths: readonly JoinPath[], wanted: ReadonlySet<string>): JoinPath[] {
  const through = (p: JoinPath) => p.tables.slice(1, -1).filter((t) => wanted.has(t)).length;
  return paths
    .map((path, order) => ({ path, order, through: through(path) }))
    .sort(
      (a, b) =>
        b.through - a.through ||
        backwardSteps(a.path) - backwardSteps(b.path) ||
        a.path.edges.length - b.path.edges.length ||
        a.order - b.order,
    )
    .map((x) => x.path);
}

function backwardSteps(path: JoinPath): number {
  return path.edges.filter((e) => e.direction === 'reverse').length;
}
