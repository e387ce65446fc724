/**
 * The tables around the ones a question names, ring by ring (a breadth-first walk along the joins,
 * either way): what the measures lexicon, the event tables and the alternatives read. Each table's
 * neighbours are listed once per graph, so a walk reads lists of numbers, not the graph's edges.
 */
import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';

/** A name a walk may meet (a table's, or a join end's as the join spells it), by number. */
interface Neighbour {
  name: number;
  table: GraphTable | undefined;
  /** The table's position in the graph, when it is one. */
  at: number;
}

interface Rings {
  /** Names by string: every table's, and every join end's. */
  names: Map<string, number>;
  /** Per table, by position: its neighbours in the order a walk meets them (its joins in, then out), each once. */
  neighbours: Neighbour[][];
  /** Per name, the walk it was last seen in (a walk's number). */
  seen: Int32Array;
  walks: number;
}

const RINGS = new WeakMap<ContextGraph, Rings>();

/** Each table's neighbours, worked out once per graph (`GroundingIndex.build` asks first, so no question does). */
export function tableNeighbours(graph: ContextGraph): Rings {
  let rings = RINGS.get(graph);
  if (!rings) {
    const names = new Map<string, number>();
    const id = (name: string) => {
      let n = names.get(name);
      if (n === undefined) {
        n = names.size;
        names.set(name, n);
      }
      return n;
    };
    for (const t of graph.tables) id(t.name);
    const position = new Map(graph.tables.map((t, i) => [t, i]));
    const neighbours = graph.tables.map((t) => {
      const met = new Set<string>();
      for (const e of [...graph.inEdges(t.name), ...graph.outEdges(t.name)]) met.add(e.fromTable === t.name ? e.toTable : e.fromTable);
      return [...met].map((name) => {
        const table = graph.table(name);
        return { name: id(name), table, at: table ? position.get(table)! : -1 };
      });
    });
    rings = { names, neighbours, seen: new Int32Array(names.size), walks: 0 };
    RINGS.set(graph, rings);
  }
  return rings;
}

/** The named tables, then the tables one join from them, two joins, … (rings of a breadth-first walk). */
export function nearTables(graph: ContextGraph, named: readonly string[], maxHops: number): GraphTable[][] {
  const rings = tableNeighbours(graph);
  const walk = ++rings.walks;
  const { seen, names, neighbours } = rings;
  const first = named.map((t) => graph.table(t)).filter((t): t is GraphTable => t !== undefined);
  for (const t of first) seen[names.get(t.name)!] = walk;
  const found = [first];
  let last = first.map((t) => names.get(t.name)!);
  for (let hop = 1; hop <= maxHops; hop++) {
    const next: GraphTable[] = [];
    const at: number[] = [];
    for (const t of last) {
      for (const n of neighbours[t]!) {
        if (seen[n.name] === walk) continue;
        seen[n.name] = walk;
        if (n.table) {
          next.push(n.table);
          at.push(n.at);
        }
      }
    }
    if (next.length === 0) break;
    found.push(next);
    last = at;
  }
  return found;
}
