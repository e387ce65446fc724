import { mulberry32 } from '@guided-retrieval/tpch/random';
import { MultiDirectedGraph } from 'graphology';
import { describe, expect, it } from 'vitest';
import { ContextGraph, GRAPH_FORMAT_VERSION, type GraphTable, type JoinEdge } from './index.js';

const random = mulberry32;

/** Tables t0…tN with columns c0…c9; edges between random tables (self-references and parallel edges included), some naming tables in upper case. */
function randomGraph(seed: number, tables: number, edges: number): ContextGraph {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const columns = Array.from({ length: 10 }, (_, i) => ({
    name: `c${i}`,
    declaredType: '',
    inferredType: 'unknown' as const,
    description: '',
    aliases: [],
    stats: null,
    sample: [],
  }));
  const list: GraphTable[] = Array.from({ length: tables }, (_, i) => ({
    name: `t${i}`,
    description: '',
    aliases: [],
    rowCount: 0,
    primaryKey: [],
    columns,
  }));
  const seen = new Set<string>();
  const joins: JoinEdge[] = [];
  while (joins.length < edges) {
    const [from, to, c, d] = [pick(tables), pick(tables), pick(10), pick(10)];
    const fromTable = next() < 0.1 ? `T${from}` : `t${from}`;
    const id = `${fromTable}(c${c})->t${to}(c${d})`;
    if (seen.has(id)) continue;
    seen.add(id);
    joins.push({
      id,
      fromTable,
      fromColumns: [`c${c}`],
      toTable: `t${to}`,
      toColumns: [`c${d}`],
      origin: 'inferred',
      confidence: 0.5,
      evidence: [],
    });
  }
  return new ContextGraph({ formatVersion: GRAPH_FORMAT_VERSION, database: 'random', tables: list, edges: joins });
}

/** The graphology multigraph ContextGraph kept its edges in until version 2 of the file, built as it was built. */
function asGraphology(graph: ContextGraph): MultiDirectedGraph<object, { edge: JoinEdge }> {
  const g = new MultiDirectedGraph<object, { edge: JoinEdge }>();
  for (const t of graph.tables) g.addNode(`t:${t.name}`);
  for (const edge of graph.edges)
    g.addEdgeWithKey(edge.id, `t:${graph.table(edge.fromTable)!.name}`, `t:${graph.table(edge.toTable)!.name}`, { edge });
  return g;
}

describe("each table's edges", () => {
  it('come in the order and number the graphology multigraph gave them', () => {
    for (const seed of [1, 2, 3]) {
      const graph = randomGraph(seed, 12, 300);
      const old = asGraphology(graph);
      for (const { name } of graph.tables) {
        const key = `t:${name}`;
        expect(graph.outEdges(name)).toEqual(old.mapOutEdges(key, (_k, a) => a.edge));
        expect(graph.inEdges(name)).toEqual(old.mapInEdges(key, (_k, a) => a.edge));
        expect(graph.inDegree(name)).toBe(old.inDegree(key));
      }
    }
  });

  it('are a fresh list each call, so that a caller sorting one leaves the graph as it is', () => {
    const graph = randomGraph(4, 5, 40);
    const first = graph.outEdges('t1');
    first.reverse();
    expect(graph.outEdges('t1')).toEqual([...first].reverse());
  });
});
