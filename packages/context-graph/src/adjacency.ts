/**
 * The join graph as the searches walk it, built once per graph: every step (a join edge walked
 * along or against its key) as an object, for the paths handed back, and the same steps packed
 * into typed arrays (per table, an offset into one array of step ids and one of neighbours), for
 * the searches' inner loops, which then allocate nothing and follow no pointers.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';
import type { PathEdge } from './types.js';

/** One way to move from a table to a neighbour: a join edge walked along or against its key. */
export interface JoinStep {
  /** Unique among the graph's steps (0 … 2·edges − 1): `2i` walks edge `i` along its key, `2i + 1` against it. */
  readonly id: number;
  /** Oriented from `from` to `to`, with the direction it walks the stored edge. */
  readonly edge: PathEdge;
  readonly from: number;
  readonly to: number;
}

/**
 * Each table's steps packed: those of table `t` are entries `start[t]` … `start[t + 1] − 1`, in
 * the order of the table's `JoinStep` list (by edge id).
 */
export interface PackedSteps {
  readonly start: Int32Array;
  readonly step: Int32Array;
  /** The table at the step's other end: the one entered for steps leaving, the one left for steps arriving. */
  readonly table: Int32Array;
}

/** Tables by index with their steps; `forward[i]` follows keys, `backward[i]` walks them backwards. */
export interface JoinAdjacency {
  readonly names: readonly string[];
  /** Every step, by id. */
  readonly steps: readonly JoinStep[];
  /** Whether every edge names its tables exactly as `names` does (not in another case). */
  readonly canonicalNames: boolean;
  readonly forward: readonly (readonly JoinStep[])[];
  readonly backward: readonly (readonly JoinStep[])[];
  /** The steps arriving at each table: `forwardInto[i]` along keys, `backwardInto[i]` against them. */
  readonly forwardInto: readonly (readonly JoinStep[])[];
  readonly backwardInto: readonly (readonly JoinStep[])[];
  /** The four lists above, packed. */
  readonly packed: {
    readonly forward: PackedSteps;
    readonly backward: PackedSteps;
    readonly forwardInto: PackedSteps;
    readonly backwardInto: PackedSteps;
  };
  /** Tables with the same neighbours, by the steps leaving them and by those arriving. */
  readonly twins: { readonly leaving: Twins; readonly arriving: Twins };
}

/**
 * Tables whose steps lead to the same tables in the same order (a layer of a dense schema, the
 * look-alike copies of a fact table): `class[t]` is shared by such tables, -1 for a table with no
 * twin or no steps. `forward` compares the steps along keys, `both` those against keys as well.
 * A search that has gone through one twin learns nothing from another no cheaper and no nearer.
 */
export interface Twins {
  readonly forward: TwinClasses;
  readonly both: TwinClasses;
}

export interface TwinClasses {
  readonly class: Int32Array;
  readonly count: number;
}

export function buildAdjacency(names: readonly string[], edges: readonly JoinEdge[], indexOf: ReadonlyMap<string, number>): JoinAdjacency {
  const lower = new Map(names.map((n, i) => [n.toLowerCase(), i]));
  const find = (name: string) => indexOf.get(name) ?? lower.get(name.toLowerCase())!;
  const lists = () => names.map((): JoinStep[] => []);
  const [forward, backward, forwardInto, backwardInto] = [lists(), lists(), lists(), lists()];
  const steps: JoinStep[] = new Array(2 * edges.length);
  let canonicalNames = true;
  // Each table's steps by edge id, not in the order the edges were listed: the searches break ties
  // by the order they meet steps in, so the same schema listed in another order gives the same
  // paths. Edges are taken in id order (one sort of the graph's ids), so every list comes out sorted.
  for (const i of byEdgeId(edges)) {
    const edge = edges[i]!;
    const from = find(edge.fromTable);
    const to = find(edge.toTable);
    if (names[from] !== edge.fromTable || names[to] !== edge.toTable) canonicalNames = false;
    const along = new Step(2 * i, from, to, edge);
    forward[from]!.push(along);
    forwardInto[to]!.push(along);
    const against = new Step(2 * i + 1, to, from, edge);
    backward[to]!.push(against);
    backwardInto[from]!.push(against);
    steps[2 * i] = along;
    steps[2 * i + 1] = against;
  }
  const packed = {
    forward: pack(forward, (s) => s.to),
    backward: pack(backward, (s) => s.to),
    forwardInto: pack(forwardInto, (s) => s.from),
    backwardInto: pack(backwardInto, (s) => s.from),
  };
  const twins = (along: PackedSteps, against: PackedSteps): Twins => ({
    forward: twinClasses(names.length, [along]),
    both: twinClasses(names.length, [along, against]),
  });
  return {
    names,
    steps,
    canonicalNames,
    forward,
    backward,
    forwardInto,
    backwardInto,
    packed,
    twins: { leaving: twins(packed.forward, packed.backward), arriving: twins(packed.forwardInto, packed.backwardInto) },
  };
}

/** Tables whose neighbour sequences are equal in every one of `lists`, grouped by a hash of the sequences then compared. */
function twinClasses(n: number, lists: readonly PackedSteps[]): TwinClasses {
  const sameNeighbours = (a: number, b: number) =>
    lists.every(({ start, table }) => {
      const length = start[a + 1]! - start[a]!;
      if (start[b + 1]! - start[b]! !== length) return false;
      for (let i = 0; i < length; i++) if (table[start[a]! + i] !== table[start[b]! + i]) return false;
      return true;
    });
  const byHash = new Map<number, number[]>();
  const leader = new Int32Array(n).fill(-1);
  for (let t = 0; t < n; t++) {
    let hash = 0;
    let size = 0;
    for (const { start, table } of lists) {
      hash = Math.imul(hash ^ 0x9e3779b9, 31) + (start[t + 1]! - start[t]!);
      for (let e = start[t]!; e < start[t + 1]!; e++) hash = (Math.imul(hash, 31) + table[e]!) | 0;
      size += start[t + 1]! - start[t]!;
    }
    if (size === 0) continue;
    const bucket = byHash.get(hash);
    const match = bucket?.find((u) => sameNeighbours(u, t));
    if (match !== undefined) leader[t] = match;
    else if (bucket) bucket.push(t);
    else byHash.set(hash, [t]);
  }
  // Classes only for leaders that have a twin.
  const classOf = new Int32Array(n).fill(-1);
  let count = 0;
  for (let t = 0; t < n; t++) {
    const l = leader[t]!;
    if (l < 0) continue;
    if (classOf[l]! < 0) classOf[l] = count++;
    classOf[t] = classOf[l]!;
  }
  return { class: classOf, count };
}

function pack(lists: readonly (readonly JoinStep[])[], other: (step: JoinStep) => number): PackedSteps {
  const start = new Int32Array(lists.length + 1);
  lists.forEach((steps, t) => {
    start[t + 1] = start[t]! + steps.length;
  });
  const step = new Int32Array(start[lists.length]!);
  const table = new Int32Array(step.length);
  lists.forEach((steps, t) => {
    steps.forEach((s, j) => {
      step[start[t]! + j] = s.id;
      table[start[t]! + j] = other(s);
    });
  });
  return { start, step, table };
}

/** The edges' indexes in the order of their ids (unique in a graph), compared as strings. */
function byEdgeId(edges: readonly JoinEdge[]): number[] {
  return edges.map((_, i) => i).sort((a, b) => (edges[a]!.id < edges[b]!.id ? -1 : edges[a]!.id > edges[b]!.id ? 1 : 0));
}

/**
 * A step whose oriented edge is made when a path first hands it out: a dense graph has hundreds
 * of thousands of steps, and a question's paths walk a handful of them.
 */
class Step implements JoinStep {
  private oriented: PathEdge | undefined;
  constructor(
    readonly id: number,
    readonly from: number,
    readonly to: number,
    private readonly stored: JoinEdge,
  ) {}
  get edge(): PathEdge {
    this.oriented ??= this.id % 2 === 0 ? { ...this.stored, direction: 'forward' } : againstKey(this.stored);
    return this.oriented;
  }
}

/** The same join walked backwards: from the referenced table to the referencing one. */
function againstKey(edge: JoinEdge): PathEdge {
  return {
    ...edge,
    fromTable: edge.toTable,
    fromColumns: edge.toColumns,
    toTable: edge.fromTable,
    toColumns: edge.fromColumns,
    direction: 'reverse',
  };
}
