import { ContextGraph, type JoinPath } from '@guided-retrieval/context-graph';
import { graphFromEdgeList } from '@guided-retrieval/context-graph/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATH_LIMITS, renderFromClause } from './index.js';
import { mergePaths, trimPath } from './merge.js';
import { tpchFixture } from './test-support/tpch-db.js';

const tpch = await tpchFixture();
afterAll(() => tpch.cleanup());

/** The paper's hypothetical schema (§3.4): P1 = [A, B, C, D], P2 = [A, C, E, F]. */
const abc = graphFromEdgeList('abc', ['A.b->B.id', 'B.c->C.id', 'C.d->D.id', 'A.c->C.id', 'C.e->E.id', 'E.f->F.id']);

function path(graph: ContextGraph, tables: string[]): JoinPath {
  const found = graph
    .kShortestPaths(tables[0]!, tables[tables.length - 1]!, 16, DEFAULT_PATH_LIMITS)
    .find((p) => p.tables.join() === tables.join());
  if (!found) throw new Error(`no path ${tables.join(' → ')}`);
  return found;
}

const P1 = path(abc, ['A', 'B', 'C', 'D']);
const P2 = path(abc, ['A', 'C', 'E', 'F']);
const tables = (targets: string[]) => mergePaths('A', [P1, P2], targets).nodes.map((n) => n.table);

describe('prefix merging (paper §3.4)', () => {
  it('targets {D, F}: both paths in full → {A, B, C, D, E, F}', () => {
    expect(new Set(tables(['D', 'F']))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'F']));
  });

  it('targets {B, F}: P1 trimmed to [A, B] → {A, B, C, E, F}', () => {
    expect(trimPath(P1, new Set(['B', 'F'])).tables).toEqual(['A', 'B']);
    expect(new Set(tables(['B', 'F']))).toEqual(new Set(['A', 'B', 'C', 'E', 'F']));
  });

  it('lists the tree in topological order, shared prefixes once', () => {
    const tree = mergePaths('A', [P1, P2], ['D', 'F']);
    const seen = new Set<string>();
    for (const node of tree.nodes) {
      if (node.parent !== null) expect(seen.has(node.parent)).toBe(true);
      seen.add(node.alias);
    }
    expect(tree.nodes[0]).toEqual({ alias: 'a', table: 'A', parent: null, join: null });
    // C is reached along two different edge sequences (A→B→C and A→C): two roles, two aliases.
    expect(tree.nodes.filter((n) => n.table === 'C').map((n) => n.alias)).toEqual(['c_b', 'c_a']);
  });

  it("aliases a table reached in two roles by the roles its edges name (SeriesPost's winner and loser teams)", () => {
    const base = graphFromEdgeList('league', [
      'SeriesPost.yearID,teamIDwinner->Teams.yearID,teamID',
      'SeriesPost.yearID,teamIDloser->Teams.yearID,teamID',
    ]);
    const data = base.toData();
    const roles = new Map([
      ['teamIDwinner', 'winner'],
      ['teamIDloser', 'loser'],
    ]);
    const graph = new ContextGraph({ ...data, edges: data.edges.map((e) => ({ ...e, role: roles.get(e.fromColumns[1]!)! })) });
    const paths = graph.kShortestPaths('SeriesPost', 'Teams', 4, DEFAULT_PATH_LIMITS);
    expect(paths).toHaveLength(2);
    const tree = mergePaths('SeriesPost', paths, ['Teams']);
    expect(tree.nodes.map((n) => n.alias).sort()).toEqual(['seriespost', 'teams_loser', 'teams_winner']);
  });

  it('merges paths that share a prefix into one branch', () => {
    const graph = tpch.graph;
    const toSupplier = path(graph, ['LINEITEM', 'SUPPLIER']);
    const toNation = path(graph, ['LINEITEM', 'SUPPLIER', 'NATION']);
    const tree = mergePaths('LINEITEM', [toSupplier, toNation], ['SUPPLIER', 'NATION']);
    expect(tree.nodes.map((n) => `${n.alias}<${n.parent}`)).toEqual(['lineitem<null', 'supplier<lineitem', 'nation<supplier']);
  });

  it('renders FROM … JOIN … ON with composite keys and quoting', () => {
    const graph = graphFromEdgeList('q', ['order.part,supp->part supply.p,s'.replace(' ', '_')]);
    const [p] = graph.kShortestPaths('order', 'part_supply', 1, DEFAULT_PATH_LIMITS);
    const sql = renderFromClause(mergePaths('order', [p!], ['part_supply']));
    expect(sql).toBe(
      'FROM "order" AS order_t\nJOIN part_supply AS part_supply ON order_t.part = part_supply.p AND order_t.supp = part_supply.s',
    );
  });

  it('refuses a path from another source', () => {
    expect(() => mergePaths('B', [P1], ['D'])).toThrow(/cannot join a tree rooted at B/);
  });
});
