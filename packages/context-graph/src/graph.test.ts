import { describe, expect, it } from 'vitest';
import { graphFromEdgeList } from './internal.js';

/** The searches' bounds, as retrieval's `params/limits.json` sets them. */
const WITHIN = { maxLength: 6 };
const TREE = { ...WITHIN, throughTargetBonus: 0.01 };

/** TPC-H's join graph as the spec declares it (LINEITEM also references PART and SUPPLIER directly). */
const tpch = graphFromEdgeList('tpch', [
  'NATION.N_REGIONKEY->REGION.R_REGIONKEY',
  'SUPPLIER.S_NATIONKEY->NATION.N_NATIONKEY',
  'CUSTOMER.C_NATIONKEY->NATION.N_NATIONKEY',
  'PARTSUPP.PS_PARTKEY->PART.P_PARTKEY',
  'PARTSUPP.PS_SUPPKEY->SUPPLIER.S_SUPPKEY',
  'ORDERS.O_CUSTKEY->CUSTOMER.C_CUSTKEY',
  'LINEITEM.L_ORDERKEY->ORDERS.O_ORDERKEY',
  'LINEITEM.L_PARTKEY->PART.P_PARTKEY',
  'LINEITEM.L_SUPPKEY->SUPPLIER.S_SUPPKEY',
  'LINEITEM.L_PARTKEY,L_SUPPKEY->PARTSUPP.PS_PARTKEY,PS_SUPPKEY',
]);

const sorted = (s: Iterable<string>) => [...s].sort();

describe('reachability (paper §3.2)', () => {
  it("matches the paper's reachability sets", () => {
    expect(sorted(tpch.reachable('LINEITEM'))).toEqual(['CUSTOMER', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
    expect(sorted(tpch.reachable('SUPPLIER'))).toEqual(['NATION', 'REGION']);
    expect(sorted(tpch.reachable('Orders'))).toEqual(['CUSTOMER', 'NATION', 'REGION']);
    expect(sorted(tpch.reachable('REGION'))).toEqual([]);
  });
});

describe('k shortest paths (Yen)', () => {
  it('finds every edge-path when k allows, cheapest (shortest) first', () => {
    const paths = tpch.kShortestPaths('LINEITEM', 'NATION', 8, WITHIN).map((p) => p.tables.join('>'));
    expect(paths).toEqual(['LINEITEM>SUPPLIER>NATION', 'LINEITEM>ORDERS>CUSTOMER>NATION', 'LINEITEM>PARTSUPP>SUPPLIER>NATION']);
  });

  it('treats parallel edges between the same tables as distinct paths', () => {
    const paths = tpch.kShortestPaths('LINEITEM', 'PART', 8, WITHIN);
    expect(paths.map((p) => p.edges.map((e) => e.id).join(' '))).toEqual([
      'LINEITEM(L_PARTKEY)->PART(P_PARTKEY)',
      'LINEITEM(L_PARTKEY,L_SUPPKEY)->PARTSUPP(PS_PARTKEY,PS_SUPPKEY) PARTSUPP(PS_PARTKEY)->PART(P_PARTKEY)',
    ]);
  });

  it('returns nothing against the edge direction, and the empty path to itself', () => {
    expect(tpch.kShortestPaths('NATION', 'LINEITEM', 4, WITHIN)).toEqual([]);
    expect(tpch.shortestPath('NATION', 'LINEITEM', WITHIN)).toBeNull();
    expect(tpch.kShortestPaths('NATION', 'NATION', 4, WITHIN)[0]?.edges).toEqual([]);
  });

  it('respects maxLength and k', () => {
    expect(tpch.kShortestPaths('LINEITEM', 'NATION', 8, { maxLength: 2 })).toHaveLength(1);
    expect(tpch.kShortestPaths('LINEITEM', 'NATION', 2, WITHIN)).toHaveLength(2);
  });

  it('follows the cost: a dearer table is avoided when a cheaper route exists', () => {
    const avoidSupplier = (edge: { toTable: string }) => (edge.toTable === 'SUPPLIER' ? 10 : 1);
    expect(tpch.shortestPath('LINEITEM', 'NATION', { ...WITHIN, cost: avoidSupplier })?.tables).toEqual([
      'LINEITEM',
      'ORDERS',
      'CUSTOMER',
      'NATION',
    ]);
  });

  it('names the unknown table', () => {
    expect(() => tpch.kShortestPaths('LINEITEM', 'SHIPMENTS', 2, WITHIN)).toThrow(/unknown table: SHIPMENTS/);
  });

  it('stays bounded on a layered graph with 24^4 paths: k paths, each simple and real', () => {
    const width = 24;
    const edges: string[] = [];
    for (let w = 0; w < width; w++) edges.push(`customer.l0_${w}->l0_${w}.id`);
    for (let layer = 0; layer < 3; layer++) {
      for (let a = 0; a < width; a++)
        for (let b = 0; b < width; b++) edges.push(`l${layer}_${a}.l${layer + 1}_${b}->l${layer + 1}_${b}.id`);
    }
    for (let w = 0; w < width; w++) edges.push(`l3_${w}.nation->nation.id`);
    const layered = graphFromEdgeList('layered', edges);
    const paths = layered.kShortestPaths('customer', 'nation', 5, WITHIN);
    expect(paths).toHaveLength(5);
    for (const p of paths) {
      expect(p.tables).toHaveLength(6);
      expect(new Set(p.tables).size).toBe(6);
      expect(layered.isPath(p)).toBe(true);
    }
    expect(new Set(paths.map((p) => p.edges.map((e) => e.id).join()))).toHaveProperty('size', 5);
  });
});

describe('shortest-path trees', () => {
  it('give each table the same cheapest path as a search for it alone, and a tree when united', () => {
    const tree = tpch.shortestPathTree('LINEITEM', WITHIN);
    for (const t of ['SUPPLIER', 'NATION', 'CUSTOMER', 'REGION', 'PART']) {
      const alone = tpch.cheapestPathsFrom('LINEITEM', [t], WITHIN).get(t)!;
      expect(tree.pathTo(t)?.edges.length).toBe(alone.edges.length);
      expect(tree.cost(t)).toBe(alone.edges.length);
    }
    // Each table is reached by one path: a prefix of every path through it.
    const viaNation = tree.pathTo('REGION')!.tables;
    expect(tree.pathTo('NATION')!.tables).toEqual(viaNation.slice(0, viaNation.indexOf('NATION') + 1));
    expect(tree.pathTo('LINEITEM')!.edges).toEqual([]);
  });

  it('reach nothing beyond the bounds, and walk keys backwards only when asked', () => {
    expect(tpch.shortestPathTree('LINEITEM', { maxLength: 1 }).pathTo('NATION')).toBeNull();
    expect(tpch.shortestPathTree('SUPPLIER', WITHIN).pathTo('ORDERS')).toBeNull();
    const across = tpch.shortestPathTree('SUPPLIER', { ...WITHIN, reverse: true }).pathTo('ORDERS');
    expect(across?.tables[0]).toBe('SUPPLIER');
    expect(across?.tables.at(-1)).toBe('ORDERS');
    expect(across?.edges.some((e) => e.direction === 'reverse')).toBe(true);
  });

  it('stops once the tables it is asked to reach are reached, with their paths as a full search gives them', () => {
    const full = tpch.shortestPathTree('LINEITEM', WITHIN);
    const early = tpch.shortestPathTree('LINEITEM', { ...WITHIN, until: ['SUPPLIER', 'ORDERS'] });
    for (const t of ['SUPPLIER', 'ORDERS']) expect(early.cost(t)).toBe(full.cost(t));
  });
});

describe('join trees (Steiner approximation)', () => {
  it('joins every target from the source, sharing bridges', () => {
    const paths = tpch.joinTreePaths('LINEITEM', ['SUPPLIER', 'NATION', 'CUSTOMER'], TREE);
    expect(paths.get('SUPPLIER')?.tables).toEqual(['LINEITEM', 'SUPPLIER']);
    // NATION hangs from SUPPLIER, already in the tree, not from a new branch.
    expect(paths.get('NATION')?.tables).toEqual(['LINEITEM', 'SUPPLIER', 'NATION']);
    expect(paths.get('CUSTOMER')?.tables).toEqual(['LINEITEM', 'ORDERS', 'CUSTOMER']);
  });

  it('leaves out the targets it cannot reach', () => {
    const paths = tpch.joinTreePaths('SUPPLIER', ['NATION', 'ORDERS'], TREE);
    expect([...paths.keys()]).toEqual(['NATION']);
  });

  it('hangs targets from seeded paths', () => {
    const [viaOrders] = tpch.kShortestPaths('LINEITEM', 'CUSTOMER', 1, WITHIN);
    const paths = tpch.joinTreePaths('LINEITEM', ['NATION'], { ...TREE, seed: [viaOrders!] });
    expect(paths.get('NATION')?.tables).toEqual(['LINEITEM', 'ORDERS', 'CUSTOMER', 'NATION']);
  });

  it('gives one path per distinct last edge for a table in several roles', () => {
    const roles = tpch.pathsByLastEdge('LINEITEM', 'NATION', 4, WITHIN).map((p) => p.tables.join('>'));
    expect(roles).toEqual(['LINEITEM>SUPPLIER>NATION', 'LINEITEM>ORDERS>CUSTOMER>NATION']);
  });

  it('checks that a path is real', () => {
    const [path] = tpch.kShortestPaths('LINEITEM', 'NATION', 1, WITHIN);
    expect(tpch.isPath(path!)).toBe(true);
    expect(tpch.isPath({ ...path!, edges: [...path!.edges].reverse() })).toBe(false);
  });
});

describe('islands and cycles', () => {
  const graph = graphFromEdgeList('mixed', [
    'a.b_id->b.id',
    'b.c_id->c.id',
    'c.a_id->a.id', // a cycle
    'employee.manager_id->employee.id', // a self-reference
    'x.y_id->y.id', // another island
  ]);

  it('computes reachability through cycles, a table excluded from its own set', () => {
    expect(sorted(graph.reachable('a'))).toEqual(['b', 'c']);
    expect(graph.reaches('a', 'a')).toBe(true);
    expect(graph.reachableCount('a')).toBe(2);
    expect(sorted(graph.reachable('employee'))).toEqual([]);
    expect(graph.reaches('employee', 'employee')).toBe(true);
  });

  it('knows the islands', () => {
    expect(graph.linked('a', 'c')).toBe(true);
    expect(graph.linked('a', 'x')).toBe(false);
    expect(sorted(graph.linkedTables('x'))).toEqual(['y']);
    expect(graph.shortestPath('a', 'y', { ...WITHIN, reverse: true })).toBeNull();
  });

  it('finds paths around a cycle without visiting a table twice', () => {
    expect(graph.kShortestPaths('a', 'c', 4, WITHIN).map((p) => p.tables.join('>'))).toEqual(['a>b>c']);
  });
});

describe('walking join edges backwards', () => {
  // Two fact tables share a dimension: neither reaches the other along the keys' direction.
  const schools = graphFromEdgeList('schools', ['frpm.CDSCode->schools.CDSCode', 'satscores.cds->schools.CDSCode']);

  it('links tables in either direction, while reachability stays directed', () => {
    expect([...schools.reachable('frpm')]).toEqual(['schools']);
    expect(sorted(schools.linkedTables('frpm'))).toEqual(['satscores', 'schools']);
    expect(schools.kShortestPaths('frpm', 'satscores', 4, WITHIN)).toEqual([]);
  });

  it('finds paths through a reversed edge whose predicate still holds', () => {
    const [path] = schools.kShortestPaths('frpm', 'satscores', 4, { ...WITHIN, reverse: true });
    expect(path?.tables).toEqual(['frpm', 'schools', 'satscores']);
    const [forward, backward] = path!.edges;
    expect(forward?.direction).toBe('forward');
    // The direction must agree with the sides the edge names: a forward label on the swapped sides is no route.
    expect(schools.isPath(path!)).toBe(true);
    expect(schools.isPath({ ...path!, edges: [forward!, { ...backward!, direction: 'forward' }] })).toBe(false);
    expect(backward).toMatchObject({
      id: 'satscores(cds)->schools(CDSCode)',
      direction: 'reverse',
      fromTable: 'schools',
      fromColumns: ['CDSCode'],
      toTable: 'satscores',
      toColumns: ['cds'],
    });
  });

  it('prefers forward paths to reversed ones of the same length', () => {
    const paths = tpch.kShortestPaths('NATION', 'SUPPLIER', 4, { ...WITHIN, reverse: true });
    expect(paths[0]?.edges.map((e) => [e.id, e.direction])).toEqual([['SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)', 'reverse']]);
    expect(
      tpch.kShortestPaths('SUPPLIER', 'NATION', 4, { ...WITHIN, reverse: true })[0]?.edges.every((e) => e.direction === 'forward'),
    ).toBe(true);
  });
});
