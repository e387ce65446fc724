/**
 * The tables around the ones a question names, ring by ring (a breadth-first walk along the joins,
 * either way): what the measures lexicon, the event tables and the alternatives read. Each table's
 * neighbours are listed once per graph, so a walk reads lists, not the graph's edges.
 */
import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';

/** A table's neighbours in the order a walk meets them (its joins in, then out), each once. */
type Neighbours = ReadonlyMap<string, readonly { name: string; table: GraphTable | undefined }[]>;

const NEIGHBOURS = new WeakMap<ContextGraph, Neighbours>();

/** Each table's neighbours, worked out once per graph (`GroundingIndex.build` asks first, so no question does). */
export function tableNeighbours(graph: ContextGraph): Neighbours {
  let neighbours = NEIGHBOURS.get(graph);
  if (!neighbours) {
    const byTable = new Map<string, { name: string; table: GraphTable | undefined }[]>();
    for (const t of graph.tables) {
      const names = new Set<string>();
      for (const e of [...graph.inEdges(t.name), ...graph.outEdges(t.name)]) names.add(e.fromTable === t.name ? e.toTable : e.fromTable);
      byTable.set(
        t.name,
        [...names].map((name) => ({ name, table: graph.table(name) })),
      );
    }
    neighbours = byTable;
    NEIGHBOURS.set(graph, neighbours);
  }
  return neighbours;
}

/** The named tables, then the tables one join from them, two joins, … (rings of a breadth-first walk). */
export function nearTables(graph: ContextGraph, named: readonly string[], maxHops: number): GraphTable[][] {
  const neighbours = tableNeighbours(graph);
  const first = named.map((t) => graph.table(t)).filter((t): t is GraphTable => t !== undefined);
  const seen = new Set(first.map((t) => t.name));
  const rings = [first];
  for (let hop = 1; hop <= maxHops; hop++) {
    const next: GraphTable[] = [];
    for (const t of rings[rings.length - 1]!) {
      for (const { name, table } of neighbours.get(t.name) ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        if (table) next.push(table);
      }
    }
    if (next.length === 0) break;
    rings.push(next);
  }
  return rings;
}
