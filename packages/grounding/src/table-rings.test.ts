import { type ContextGraph, type GraphTable, graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { nearTables } from './table-rings.js';
import { tpchSchemaGraph } from './test-support/tpch-schema.js';

/** The walk as it read the graph's edges before each table's neighbours were listed once. */
function walkedOverEdges(graph: ContextGraph, named: readonly string[], maxHops: number): GraphTable[][] {
  const first = named.map((t) => graph.table(t)).filter((t): t is GraphTable => t !== undefined);
  const seen = new Set(first.map((t) => t.name));
  const rings = [first];
  for (let hop = 1; hop <= maxHops; hop++) {
    const next: GraphTable[] = [];
    for (const t of rings[rings.length - 1]!) {
      for (const e of [...graph.inEdges(t.name), ...graph.outEdges(t.name)]) {
        const other = e.fromTable === t.name ? e.toTable : e.fromTable;
        if (seen.has(other)) continue;
        seen.add(other);
        const table = graph.table(other);
        if (table) next.push(table);
      }
    }
    if (next.length === 0) break;
    rings.push(next);
  }
  return rings;
}

/** A chain with a self-reference, two joins between one pair and a table no join reaches. */
const CHAIN = graphFromSchema({
  database: 'chain',
  tables: ['a', 'b', 'c', 'd', 'lone'].map((name) => ({ name, columns: ['id', 'a_id', 'b_id', 'c_id', 'parent_id'] })),
  foreignKeys: [
    { fromTable: 'b', fromColumns: ['a_id'], toTable: 'a', toColumns: ['id'] },
    { fromTable: 'c', fromColumns: ['b_id'], toTable: 'b', toColumns: ['id'] },
    { fromTable: 'c', fromColumns: ['a_id'], toTable: 'b', toColumns: ['id'] },
    { fromTable: 'd', fromColumns: ['c_id'], toTable: 'c', toColumns: ['id'] },
    { fromTable: 'c', fromColumns: ['parent_id'], toTable: 'c', toColumns: ['id'] },
  ],
});

describe('nearTables', () => {
  it('walks the rings as a walk over the edges does: same tables, same order, same stops', () => {
    const tpch = tpchSchemaGraph();
    const cases: [ContextGraph, string[]][] = [
      [tpch, ['NATION']],
      [tpch, ['LINEITEM', 'customer']],
      [tpch, ['PART', 'PART', 'nowhere']],
      [CHAIN, ['c']],
      [CHAIN, ['a', 'lone']],
      [CHAIN, ['d', 'b']],
    ];
    for (const [graph, named] of cases) {
      for (const hops of [0, 1, 2, 6]) {
        const names = (rings: GraphTable[][]) => rings.map((ring) => ring.map((t) => t.name));
        expect(names(nearTables(graph, named, hops)), `${named} ${hops}`).toEqual(names(walkedOverEdges(graph, named, hops)));
      }
    }
  });
});
