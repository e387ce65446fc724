/** Yen's k shortest simple paths over the join graph, on the Dijkstra of `search.ts`. */
import type { JoinAdjacency, JoinStep } from './adjacency.js';
import {
  costOfSteps,
  dijkstra,
  PathOrder,
  type SearchOptions,
  type StepPath,
  shortestPath,
  stepsLeftTo,
  stepsTo,
  toPath,
} from './search.js';

/**
 * Yen's k shortest simple paths (no table twice), cheapest first: at most k·maxLength
 * single-target searches, whatever the number of paths in the graph.
 */
export function kShortestPaths(graph: JoinAdjacency, source: number, target: number, k: number, options: SearchOptions): StepPath[] {
  const stepsLeft = stepsLeftTo(graph, target, options.reverse);
  const first = shortestPath(graph, source, target, options, stepsLeft);
  if (!first || k < 1) return [];
  const found: StepPath[] = [first];
  if (source === target) return found;
  const order = new PathOrder();
  const candidates: StepPath[] = [];
  const seen = new Set([order.key(first)]);
  // A spur search is a function of its root and its blocked steps: one already made finds a path
  // already seen, so making it again would change nothing (a path that deviates from its parent at
  // step d repeats the parent's searches before d unless a path found since blocks more there).
  const searched = new Set<string>();
  while (found.length < k) {
    const last = found[found.length - 1]!;
    for (let i = 0; i < last.steps.length; i++) {
      const spur = last.nodes[i]!;
      const root = last.steps.slice(0, i);
      const blockedSteps = new Set<JoinStep>();
      for (const p of found) {
        if (p.steps.length > i && root.every((s, j) => p.steps[j] === s)) blockedSteps.add(p.steps[i]!);
      }
      const search = `${root.map((s) => s.id).join(',')}/${[...blockedSteps].map((s) => s.id).sort((a, b) => a - b)}`;
      if (searched.has(search)) continue;
      searched.add(search);
      const { frontier, reached } = dijkstra(graph, options, {
        starts: [{ table: spur, cost: costOfSteps(root, options.cost), hops: i }],
        stopAt: new Set([target]),
        blockedTables: last.nodes.slice(0, i),
        blockedSteps,
        stepsLeft,
      });
      if (reached !== target) continue;
      // The spur search starts at `spur`, so the steps back from the target end there.
      const path = toPath(source, [...root, ...stepsTo(graph, frontier, target)], options.cost);
      const key = order.key(path);
      if (!seen.has(key)) {
        seen.add(key);
        candidates.push(path);
      }
    }
    if (candidates.length === 0) break;
    candidates.sort(order.compare);
    found.push(candidates.shift()!);
  }
  return found;
}
