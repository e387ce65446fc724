/**
 * The join tree: a Steiner-tree approximation (Takahashi–Matsuyama) over the join graph's
 * weighted steps, grown from the root one cheapest target at a time.
 */
import type { JoinAdjacency, JoinStep } from './adjacency.js';
import { dijkstra, type SearchOptions, stepsTo } from './search.js';

/** A tree under construction: for each table in it, the steps from the root. */
export type TreePaths = Map<number, JoinStep[]>;

export interface SteinerOptions extends SearchOptions {
  /**
   * Tables already in the tree (besides the root) with their steps from the root, e.g. the paths
   * of a role chosen before; targets may hang from them.
   */
  seed?: TreePaths;
  /** Whether table `a` reaches table `b` along keys: of tied targets, one that reaches the others attaches first. */
  reaches?: (a: number, b: number) => boolean;
  /** Taken off a tree table's cost per target its steps pass through: joining below it beats a parallel branch. */
  throughTargetBonus: number;
}

/**
 * A join tree rooted at `root` that reaches every target it can: repeatedly the cheapest target
 * from the tree built so far is attached by its cheapest path (a 2-approximation of the minimum
 * Steiner tree, |targets| searches). Returns each reached target's steps from the root;
 * unreachable targets are absent.
 */
export function steinerPaths(
  graph: JoinAdjacency,
  root: number,
  targets: readonly number[],
  options: SteinerOptions,
): Map<number, JoinStep[]> {
  const tree: TreePaths = new Map([[root, []]]);
  for (const [table, steps] of options.seed ?? []) tree.set(table, steps);
  const wanted = new Set(targets);
  const remaining = new Set(targets.filter((t) => !tree.has(t)));
  const through = (steps: readonly JoinStep[]) => steps.filter((s) => wanted.has(s.to)).length;
  while (remaining.size > 0) {
    const starts = [...tree].map(([table, steps]) => ({ table, cost: -options.throughTargetBonus * through(steps), hops: steps.length }));
    // Only as far as the cheapest remaining targets: the others wait for the grown tree.
    const { frontier, settled } = dijkstra(graph, options, { starts, stopAt: remaining, stop: 'ties' });
    let best: number | null = null;
    for (const t of settled) {
      if (best === null || (options.reaches?.(t, best) === true && options.reaches(best, t) !== true)) best = t;
    }
    if (best === null) break;
    const segment = stepsTo(graph, frontier, best);
    const attach = segment.length > 0 ? segment[0]!.from : best;
    let steps = [...(tree.get(attach) ?? [])];
    for (const step of segment) {
      steps = [...steps, step];
      if (!tree.has(step.to)) tree.set(step.to, steps);
    }
    for (const step of segment) remaining.delete(step.to);
    remaining.delete(best);
  }
  const out = new Map<number, JoinStep[]>();
  for (const t of targets) {
    const steps = tree.get(t);
    if (steps) out.set(t, steps);
  }
  return out;
}
