/**
 * FROZEN ORACLE — do not edit. search.ts and steiner.ts exactly as they were before the
 * typed-array rewrite (commit 7d243b3), in one file, so that search-equivalence.test.ts can hold
 * the new searches to the old results: the same paths, trees and order, ties included. Only this
 * comment, the path of the types import, the steiner section's heading and its import of
 * search.ts (now this file's own exports) differ from the originals.
 */
/**
 * Weighted search over the join graph, bounded by the question rather than by the graph's
 * density: Dijkstra (one source or many) and Yen's k shortest simple paths; the join tree's
 * Steiner-tree approximation, built on this Dijkstra, is in `steiner.ts`. Nothing here enumerates
 * paths exhaustively. Pure functions over the adjacency a `ContextGraph` builds once.
 */
import type { PathEdge } from '../types.js';

/** One way to move from a table to a neighbour: a join edge walked along or against its key. */
export interface JoinStep {
  /** Unique among the graph's steps (0 … 2·edges − 1), for per-step caches. */
  readonly id: number;
  /** Oriented from `from` to `to`, with the direction it walks the stored edge. */
  readonly edge: PathEdge;
  readonly from: number;
  readonly to: number;
}

/** Tables by index with their steps; `forward[i]` follows keys, `backward[i]` walks them backwards. */
export interface JoinAdjacency {
  readonly names: readonly string[];
  readonly forward: readonly (readonly JoinStep[])[];
  readonly backward: readonly (readonly JoinStep[])[];
  /** The steps arriving at each table: `forwardInto[i]` along keys, `backwardInto[i]` against them. */
  readonly forwardInto: readonly (readonly JoinStep[])[];
  readonly backwardInto: readonly (readonly JoinStep[])[];
}

/** What a step costs (> 0); the retriever's weights: hubs, look-alikes, reversed joins, grounding. */
export type StepCost = (step: JoinStep) => number;

export interface SearchOptions {
  /** Also walk edges backwards. */
  reverse: boolean;
  cost: StepCost;
  /** Longest path, in steps. */
  maxLength: number;
  /** Whether a table may lie on a path towards the wanted ones (pruning by precomputed reachability). */
  useful?: (table: number) => boolean;
  /**
   * A lower bound on any step's cost: searches towards one target then go A*, guided by the
   * fewest steps left times this bound (0: plain Dijkstra).
   */
  minStepCost?: number;
}

/** A path as steps from its first table; `nodes` has one more entry than `steps`. */
export interface StepPath {
  nodes: number[];
  steps: JoinStep[];
  cost: number;
}

interface Frontier {
  dist: Float64Array;
  hops: Int32Array;
  prev: (JoinStep | null)[];
}

/** A binary min-heap of (key, table) with lazy deletion; ties pop in insertion order. */
class Heap {
  private keys: number[] = [];
  private items: number[] = [];
  private order: number[] = [];
  private counter = 0;
  get size(): number {
    return this.items.length;
  }
  push(key: number, item: number): void {
    this.keys.push(key);
    this.items.push(item);
    this.order.push(this.counter++);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  /** The key of the item `pop` returned last. */
  lastKey = 0;
  pop(): number {
    const top = this.items[0]!;
    this.lastKey = this.keys[0]!;
    const lastKey = this.keys.pop()!;
    const lastItem = this.items.pop()!;
    const lastOrder = this.order.pop()!;
    if (this.items.length > 0) {
      this.keys[0] = lastKey;
      this.items[0] = lastItem;
      this.order[0] = lastOrder;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.items.length && this.less(l, m)) m = l;
        if (r < this.items.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private less(a: number, b: number): boolean {
    return this.keys[a]! < this.keys[b]! || (this.keys[a] === this.keys[b] && this.order[a]! < this.order[b]!);
  }
  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
    [this.order[a], this.order[b]] = [this.order[b]!, this.order[a]!];
  }
}

interface DijkstraRun {
  /** Tables the search starts from, with their starting cost and depth. */
  starts: readonly { table: number; cost: number; hops: number }[];
  /** Fewest steps from each table to the one target (-1: it cannot get there); makes the search A*. */
  stepsLeft?: Int32Array;
  /** Stop when one of these is settled (`first`), when the others as cheap are too (`ties`), or when all are (`all`). */
  stopAt?: ReadonlySet<number>;
  stop?: 'first' | 'ties' | 'all';
  blockedTables?: ReadonlySet<number>;
  blockedSteps?: ReadonlySet<JoinStep>;
}

export function dijkstra(
  graph: JoinAdjacency,
  options: SearchOptions,
  run: DijkstraRun,
): { frontier: Frontier; reached: number; settled: number[] } {
  const n = graph.names.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const hops = new Int32Array(n);
  const prev: (JoinStep | null)[] = new Array(n).fill(null);
  const done = new Uint8Array(n);
  const heap = new Heap();
  const left = run.stepsLeft;
  const bound = left ? (options.minStepCost ?? 0) : 0;
  const estimate = (table: number) => (left ? bound * left[table]! : 0);
  for (const s of run.starts) {
    if (s.cost < dist[s.table]!) {
      dist[s.table] = s.cost;
      hops[s.table] = s.hops;
      heap.push(s.cost + estimate(s.table), s.table);
    }
  }
  let reached = -1;
  const settled: number[] = [];
  let stopCost = Number.POSITIVE_INFINITY;
  const stop = run.stop ?? 'first';
  while (heap.size > 0) {
    const at = heap.pop();
    const key = heap.lastKey;
    if (done[at] || key > dist[at]! + estimate(at) + 1e-9) continue;
    if (key > stopCost + 1e-9) break;
    done[at] = 1;
    if (run.stopAt?.has(at)) {
      if (reached < 0) reached = at;
      settled.push(at);
      if (stop === 'first') break;
      if (stop === 'ties') {
        stopCost = Math.min(stopCost, key);
        continue;
      }
      if (settled.length === run.stopAt.size) break;
    }
    if (hops[at]! >= options.maxLength) continue;
    const depth = hops[at]! + 1;
    for (let pass = 0; pass < (options.reverse ? 2 : 1); pass++) {
      const steps = pass === 0 ? graph.forward[at]! : graph.backward[at]!;
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        const next = step.to;
        if (done[next] || run.blockedTables?.has(next) || run.blockedSteps?.has(step)) continue;
        if (left ? left[next]! < 0 || depth + left[next]! > options.maxLength : options.useful && !options.useful(next)) continue;
        const cost = dist[at]! + options.cost(step);
        if (cost < dist[next]!) {
          dist[next] = cost;
          hops[next] = depth;
          prev[next] = step;
          heap.push(cost + estimate(next), next);
        }
      }
    }
  }
  return { frontier: { dist, hops, prev }, reached, settled };
}

/** Fewest steps from every table to `target` (-1 where it cannot get there): one breadth-first search backwards. */
export function stepsLeftTo(graph: JoinAdjacency, target: number, reverse: boolean): Int32Array {
  const n = graph.names.length;
  const left = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  left[target] = 0;
  queue[tail++] = target;
  while (head < tail) {
    const at = queue[head++]!;
    const visit = (step: JoinStep) => {
      if (left[step.from] === -1) {
        left[step.from] = left[at]! + 1;
        queue[tail++] = step.from;
      }
    };
    for (const step of graph.forwardInto[at]!) visit(step);
    if (reverse) for (const step of graph.backwardInto[at]!) visit(step);
  }
  return left;
}

/** The steps that led the search to `table`, back to where it started. */
export function stepsTo(frontier: Frontier, table: number): JoinStep[] {
  const steps: JoinStep[] = [];
  for (let step = frontier.prev[table]; step; step = frontier.prev[step.from]) steps.push(step);
  return steps.reverse();
}

function toPath(start: number, steps: JoinStep[], cost: (s: JoinStep) => number): StepPath {
  return { nodes: [start, ...steps.map((s) => s.to)], steps, cost: steps.reduce((sum, s) => sum + cost(s), 0) };
}

/** The cheapest path from `source` to `target`, or null. */
export function shortestPath(
  graph: JoinAdjacency,
  source: number,
  target: number,
  options: SearchOptions,
  stepsLeft: Int32Array = stepsLeftTo(graph, target, options.reverse),
): StepPath | null {
  if (source === target) return { nodes: [source], steps: [], cost: 0 };
  const { frontier, reached } = dijkstra(graph, options, {
    starts: [{ table: source, cost: 0, hops: 0 }],
    stopAt: new Set([target]),
    stepsLeft,
  });
  return reached === target ? toPath(source, stepsTo(frontier, target), options.cost) : null;
}

/** Cheapest cost from `source` to every table (Infinity where unreachable within the bounds). */
export function costsFrom(
  graph: JoinAdjacency,
  source: number,
  options: SearchOptions,
  blockedTables?: ReadonlySet<number>,
): {
  cost: Float64Array;
  path: (table: number) => StepPath | null;
} {
  const { frontier } = dijkstra(graph, options, {
    starts: [{ table: source, cost: 0, hops: 0 }],
    ...(blockedTables ? { blockedTables } : {}),
  });
  return {
    cost: frontier.dist,
    path: (table) =>
      table === source
        ? { nodes: [source], steps: [], cost: 0 }
        : frontier.prev[table]
          ? toPath(source, stepsTo(frontier, table), options.cost)
          : null,
  };
}

function pathKey(path: StepPath): string {
  return path.steps.map((s) => `${s.edge.direction === 'reverse' ? '<' : '>'}${s.edge.id}`).join('|');
}

function comparePaths(a: StepPath, b: StepPath): number {
  if (a.cost !== b.cost) return a.cost - b.cost;
  if (a.steps.length !== b.steps.length) return a.steps.length - b.steps.length;
  const ka = pathKey(a);
  const kb = pathKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

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
  const candidates: StepPath[] = [];
  const seen = new Set([pathKey(first)]);
  while (found.length < k) {
    const last = found[found.length - 1]!;
    for (let i = 0; i < last.steps.length; i++) {
      const spur = last.nodes[i]!;
      const root = last.steps.slice(0, i);
      const blockedSteps = new Set<JoinStep>();
      for (const p of found) {
        if (p.steps.length > i && root.every((s, j) => p.steps[j] === s)) blockedSteps.add(p.steps[i]!);
      }
      const blockedTables = new Set(last.nodes.slice(0, i));
      const rootCost = root.reduce((sum, s) => sum + options.cost(s), 0);
      const { frontier, reached } = dijkstra(graph, options, {
        starts: [{ table: spur, cost: rootCost, hops: i }],
        stopAt: new Set([target]),
        blockedTables,
        blockedSteps,
        stepsLeft,
      });
      if (reached !== target) continue;
      // The spur search starts at `spur`, so the steps back from the target end there.
      const path = toPath(source, [...root, ...stepsTo(frontier, target)], options.cost);
      const key = pathKey(path);
      if (!seen.has(key)) {
        seen.add(key);
        candidates.push(path);
      }
    }
    if (candidates.length === 0) break;
    candidates.sort(comparePaths);
    found.push(candidates.shift()!);
  }
  return found;
}

/**
 * A table reached in several roles: the cheapest path from `source` for each distinct last step
 * into `table` (the table itself avoided on the way), cheapest first, at most `limit`. One search,
 * then one look at each step into the table.
 */
export function pathsByLastStep(graph: JoinAdjacency, source: number, table: number, limit: number, options: SearchOptions): StepPath[] {
  if (source === table) return [];
  const { cost, path } = costsFrom(graph, source, options, new Set([table]));
  const arriving = options.reverse ? [...graph.forwardInto[table]!, ...graph.backwardInto[table]!] : graph.forwardInto[table]!;
  const found: StepPath[] = [];
  for (const step of arriving) {
    if (step.from === table || !Number.isFinite(cost[step.from]!)) continue;
    const before = path(step.from);
    if (!before || before.steps.length + 1 > options.maxLength) continue;
    found.push({ nodes: [...before.nodes, table], steps: [...before.steps, step], cost: before.cost + options.cost(step) });
  }
  return found.sort(comparePaths).slice(0, limit);
}

/** The cheapest path from `source` to each of `targets` (absent where unreachable): one search. */
export function cheapestPathsFrom(
  graph: JoinAdjacency,
  source: number,
  targets: readonly number[],
  options: SearchOptions,
): Map<number, StepPath> {
  const { frontier, settled } = dijkstra(graph, options, {
    starts: [{ table: source, cost: 0, hops: 0 }],
    stopAt: new Set(targets),
    stop: 'all',
  });
  return new Map(settled.map((t) => [t, toPath(source, stepsTo(frontier, t), options.cost)]));
}

// ——— steiner.ts, verbatim but for its import of search.ts ———

/**
 * The join tree: a Steiner-tree approximation (Takahashi–Matsuyama) over the join graph's
 * weighted steps, grown from the root one cheapest target at a time.
 */

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
    const segment = stepsTo(frontier, best);
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
