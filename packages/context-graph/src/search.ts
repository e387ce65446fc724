/**
 * Weighted search over the join graph, bounded by the question rather than by the graph's
 * density: Dijkstra (one source or many), here; Yen's k shortest simple paths in `yen.ts`, the
 * join tree's Steiner-tree approximation in `steiner.ts`, both built on this Dijkstra. Nothing
 * enumerates paths exhaustively. Pure functions over the adjacency a `ContextGraph` builds once;
 * the inner loop reads only typed arrays (dense graphs have hundreds of steps per table).
 */
import type { JoinAdjacency, JoinStep } from './adjacency.js';
import { Heap } from './heap.js';

/**
 * What steps cost (> 0), asked of the caller once per step, or once per table entered and
 * direction when that is all a cost depends on, and kept where the inner loop reads it.
 */
export class StepCosts {
  private constructor(
    /** By step id, NaN until known; null when costs go by the table entered. */
    readonly byStep: Float64Array | null,
    /** By `direction · tables + table entered` (0 along keys, 1 against), NaN until known. */
    readonly byTable: Float64Array | null,
    private readonly tables: number,
    private readonly ask: (step: JoinStep) => number,
  ) {}

  /** `known` has one entry per step (NaN where not asked yet) and may be shared by searches with the same `cost`. */
  static perStep(known: Float64Array, cost: (step: JoinStep) => number): StepCosts {
    return new StepCosts(known, null, 0, cost);
  }

  /** `known` has two entries per table, along keys then against them (NaN where not asked yet). */
  static perTable(known: Float64Array, cost: (step: JoinStep) => number): StepCosts {
    return new StepCosts(null, known, known.length / 2, cost);
  }

  of(step: JoinStep): number {
    const known = this.byTable ?? this.byStep!;
    const at = this.byTable ? (step.id & 1) * this.tables + step.to : step.id;
    let c = known[at]!;
    if (Number.isNaN(c)) {
      c = this.ask(step);
      known[at] = c;
    }
    return c;
  }
}

/** Whether a table may lie on a path towards the wanted ones, asked once per table and kept. */
export class TableTest {
  /** 0: not asked yet, 1: yes, 2: no. */
  readonly known: Uint8Array;
  constructor(
    tables: number,
    private readonly test: (table: number) => boolean,
  ) {
    this.known = new Uint8Array(tables);
  }
  has(table: number): boolean {
    if (this.known[table] === 0) this.known[table] = this.test(table) ? 1 : 2;
    return this.known[table] === 1;
  }
}

export interface SearchOptions {
  /** Also walk edges backwards. */
  reverse: boolean;
  cost: StepCosts;
  /** Longest path, in steps. */
  maxLength: number;
  /** Tables that may lie on a path towards the wanted ones (pruning by precomputed reachability). */
  useful?: TableTest;
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

export interface Frontier {
  dist: Float64Array;
  hops: Int32Array;
  /** The id of the step each table was reached by (-1: a start, or not reached). */
  prev: Int32Array;
}

export interface DijkstraRun {
  /** Tables the search starts from, with their starting cost and depth. */
  starts: readonly { table: number; cost: number; hops: number }[];
  /** Fewest steps from each table to the one target (-1: it cannot get there); makes the search A*. */
  stepsLeft?: Int32Array;
  /** Stop when one of these is settled (`first`), when the others as cheap are too (`ties`), or when all are (`all`). */
  stopAt?: ReadonlySet<number>;
  stop?: 'first' | 'ties' | 'all';
  blockedTables?: Iterable<number>;
  blockedSteps?: Iterable<JoinStep>;
}

const DONE = 1;
const BLOCKED = 2;

export function dijkstra(
  graph: JoinAdjacency,
  options: SearchOptions,
  run: DijkstraRun,
): { frontier: Frontier; reached: number; settled: number[] } {
  const n = graph.names.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const hops = new Int32Array(n);
  const prev = new Int32Array(n).fill(-1);
  // DONE once settled, BLOCKED when the search may not enter it: a step towards either is skipped.
  const seal = new Uint8Array(n);
  for (const t of run.blockedTables ?? []) seal[t] = BLOCKED;
  // Blocked steps by the table they leave: looked up once per table settled, not once per step.
  let blockedSteps: Map<number, Set<number>> | null = null;
  for (const s of run.blockedSteps ?? []) {
    blockedSteps ??= new Map();
    const ids = blockedSteps.get(s.from) ?? new Set<number>();
    ids.add(s.id);
    blockedSteps.set(s.from, ids);
  }
  const stopAt = new Uint8Array(n);
  for (const t of run.stopAt ?? []) stopAt[t] = 1;
  const stopCount = run.stopAt?.size ?? 0;
  const heap = new Heap();
  const left = run.stepsLeft;
  const bound = left ? (options.minStepCost ?? 0) : 0;
  const { maxLength } = options;
  const { byStep, byTable } = options.cost;
  const useful = left ? undefined : options.useful;
  const usefulKnown = useful?.known;
  for (const s of run.starts) {
    if (s.cost < dist[s.table]!) {
      dist[s.table] = s.cost;
      hops[s.table] = s.hops;
      heap.push(s.cost + (left ? bound * left[s.table]! : 0), s.table);
    }
  }
  let reached = -1;
  const settled: number[] = [];
  let stopCost = Number.POSITIVE_INFINITY;
  const stop = run.stop ?? 'first';
  const passes = options.reverse ? 2 : 1;
  // Twins cost the same to step from only when costs go by the table entered.
  const twins = byTable ? (options.reverse ? graph.twins.leaving.both : graph.twins.leaving.forward) : null;
  const twinClass = twins?.class;
  const scannedTwin = twins && twins.count > 0 ? new Int32Array(twins.count).fill(-1) : null;
  while (heap.size > 0) {
    const at = heap.pop();
    // An entry for a table not yet settled is never stale: a cheaper one for the table has a lower
    // key and pops first, settling it; one whose key rounds to the same pops after this one, which
    // then stands for it at the table's current cost. So only settled tables are passed over.
    if ((seal[at]! & DONE) !== 0) continue;
    if (stopCost !== Number.POSITIVE_INFINITY && heap.lastKey > stopCost + 1e-9) break;
    seal[at] = DONE;
    if (stopAt[at] === 1) {
      if (reached < 0) reached = at;
      settled.push(at);
      if (stop === 'first') break;
      if (stop === 'ties') {
        stopCost = Math.min(stopCost, heap.lastKey);
        continue;
      }
      if (settled.length === stopCount) break;
    }
    if (hops[at]! >= maxLength) continue;
    const blockedHere = blockedSteps?.get(at);
    const twin = scannedTwin ? twinClass![at]! : -1;
    if (twin >= 0) {
      // A twin went through every step to the same tables, as near and as cheaply: each of them
      // now costs no more than this table could offer (rounding is monotonic), so none would change.
      const seen = scannedTwin![twin]!;
      if (seen < 0) {
        if (!blockedHere) scannedTwin![twin] = at;
      } else if (hops[seen]! <= hops[at]! && dist[seen]! <= dist[at]!) continue;
    }
    const depth = hops[at]! + 1;
    const base = dist[at]!;
    for (let pass = 0; pass < passes; pass++) {
      const lists = pass === 0 ? graph.packed.forward : graph.packed.backward;
      const { step: stepIds, table: entered } = lists;
      const end = lists.start[at + 1]!;
      const tableBase = pass * n;
      for (let e = lists.start[at]!; e < end; e++) {
        const next = entered[e]!;
        if (seal[next] !== 0) continue;
        const id = stepIds[e]!;
        if (blockedHere?.has(id)) continue;
        if (left) {
          const l = left[next]!;
          if (l < 0 || depth + l > maxLength) continue;
        } else if (usefulKnown && (usefulKnown[next] === 0 ? !useful!.has(next) : usefulKnown[next] !== 1)) continue;
        let c = byTable ? byTable[tableBase + next]! : byStep![id]!;
        if (Number.isNaN(c)) c = options.cost.of(graph.steps[id]!);
        const cost = base + c;
        if (cost < dist[next]!) {
          dist[next] = cost;
          hops[next] = depth;
          prev[next] = id;
          heap.push(cost + (left ? bound * left[next]! : 0), next);
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
  const twins = reverse ? graph.twins.arriving.both : graph.twins.arriving.forward;
  const expanded = new Uint8Array(twins.count);
  while (head < tail) {
    const at = queue[head++]!;
    const depth = left[at]! + 1;
    // A twin's steps came from the same tables: they all have their count already.
    const twin = twins.class[at]!;
    if (twin >= 0) {
      if (expanded[twin] === 1) continue;
      expanded[twin] = 1;
    }
    for (let pass = 0; pass < (reverse ? 2 : 1); pass++) {
      const { start, table: from } = pass === 0 ? graph.packed.forwardInto : graph.packed.backwardInto;
      for (let e = start[at]!, end = start[at + 1]!; e < end; e++) {
        const t = from[e]!;
        if (left[t] === -1) {
          left[t] = depth;
          queue[tail++] = t;
        }
      }
    }
  }
  return left;
}

/** The steps that led the search to `table`, back to where it started. */
export function stepsTo(graph: JoinAdjacency, frontier: Frontier, table: number): JoinStep[] {
  const steps: JoinStep[] = [];
  for (let id = frontier.prev[table]!; id >= 0; ) {
    const step = graph.steps[id]!;
    steps.push(step);
    id = frontier.prev[step.from]!;
  }
  return steps.reverse();
}

/** The cost of steps taken in order, summed left to right (as every path's cost is, so that equal paths cost exactly the same). */
export function costOfSteps(steps: readonly JoinStep[], cost: StepCosts): number {
  let sum = 0;
  for (const s of steps) sum += cost.of(s);
  return sum;
}

export function toPath(start: number, steps: JoinStep[], cost: StepCosts): StepPath {
  const nodes = [start];
  for (const s of steps) nodes.push(s.to);
  return { nodes, steps, cost: costOfSteps(steps, cost) };
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
  return reached === target ? toPath(source, stepsTo(graph, frontier, target), options.cost) : null;
}

/** A path's identity for ordering: each step's direction and edge id. */
function pathKey(path: StepPath): string {
  return path.steps.map((s) => `${s.edge.direction === 'reverse' ? '<' : '>'}${s.edge.id}`).join('|');
}

/** Paths cheapest first, then fewer steps, then by their steps' edge ids. */
export class PathOrder {
  private readonly keys = new WeakMap<StepPath, string>();
  key(path: StepPath): string {
    let key = this.keys.get(path);
    if (key === undefined) {
      key = pathKey(path);
      this.keys.set(path, key);
    }
    return key;
  }
  readonly compare = (a: StepPath, b: StepPath): number => {
    if (a.cost !== b.cost) return a.cost - b.cost;
    if (a.steps.length !== b.steps.length) return a.steps.length - b.steps.length;
    const ka = this.key(a);
    const kb = this.key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}

/**
 * A table reached in several roles: the cheapest path from `source` for each distinct last step
 * into `table` (the table itself avoided on the way), cheapest first, at most `limit`. One search,
 * then one look at each step into the table.
 */
export function pathsByLastStep(graph: JoinAdjacency, source: number, table: number, limit: number, options: SearchOptions): StepPath[] {
  if (source === table) return [];
  const { frontier } = dijkstra(graph, options, { starts: [{ table: source, cost: 0, hops: 0 }], blockedTables: [table] });
  const arriving = options.reverse ? [...graph.forwardInto[table]!, ...graph.backwardInto[table]!] : graph.forwardInto[table]!;
  const found: StepPath[] = [];
  for (const step of arriving) {
    if (step.from === table || !Number.isFinite(frontier.dist[step.from]!)) continue;
    if (step.from !== source && frontier.prev[step.from]! < 0) continue;
    const before =
      step.from === source ? { nodes: [source], steps: [], cost: 0 } : toPath(source, stepsTo(graph, frontier, step.from), options.cost);
    if (before.steps.length + 1 > options.maxLength) continue;
    found.push({ nodes: [...before.nodes, table], steps: [...before.steps, step], cost: before.cost + options.cost.of(step) });
  }
  return found.sort(new PathOrder().compare).slice(0, limit);
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
  return new Map(settled.map((t) => [t, toPath(source, stepsTo(graph, frontier, t), options.cost)]));
}
