/**
 * Bad input for the graph's searches (issue #24): join cycles, self-references, parallel edges,
 * thousands of look-alike tables on one dimension, a complete graph. The searches return bounded,
 * simple paths, and the same paths whatever order the schema lists its tables and keys in.
 */
import { mulberry32, shuffled } from '@guided-retrieval/tpch/random';
import { describe, expect, it } from 'vitest';
import { type ContextGraph, graphFromSchema, type JoinPath, type PathEdge, type SchemaSpec } from './index.js';

/** The searches' bounds, as retrieval's `params/limits.json` sets them. */
const WITHIN = { maxLength: 6 };
const TREE = { ...WITHIN, throughTargetBonus: 0.01 };

type ForeignKey = NonNullable<SchemaSpec['foreignKeys']>[number];

const fk = (fromTable: string, from: string, toTable: string, to: string): ForeignKey => ({
  fromTable,
  fromColumns: [from],
  toTable,
  toColumns: [to],
});

/** A spec from `from.col -> to.col` foreign keys; each table gets the columns its keys name and `id`. */
function specOf(database: string, keys: readonly ForeignKey[], lone: readonly string[] = []): SchemaSpec {
  const columns = new Map<string, Set<string>>(lone.map((t) => [t, new Set(['id'])]));
  const add = (t: string, cs: readonly string[]) => {
    const set = columns.get(t) ?? new Set(['id']);
    for (const c of cs) set.add(c);
    columns.set(t, set);
  };
  for (const k of keys) {
    add(k.fromTable, k.fromColumns);
    add(k.toTable, k.toColumns);
  }
  return { database, tables: [...columns].map(([name, cs]) => ({ name, columns: [...cs] })), foreignKeys: [...keys] };
}

const reordered = (spec: SchemaSpec, seed: number): SchemaSpec => ({
  ...spec,
  tables: shuffled(spec.tables, mulberry32(seed)),
  foreignKeys: shuffled(spec.foreignKeys ?? [], mulberry32(seed + 1)),
});

const route = (p: JoinPath) => p.edges.map((e) => `${e.direction === 'reverse' ? '<' : '>'}${e.id}`).join(' ');

/** A path is simple (no table twice), walks real steps of the graph and is no longer than the limit. */
function expectSimplePath(graph: ContextGraph, path: JoinPath, maxLength: number): void {
  expect(graph.isPath(path)).toBe(true);
  expect(new Set(path.tables).size).toBe(path.tables.length);
  expect(path.edges.length).toBeLessThanOrEqual(maxLength);
}

/** Ties everywhere, broken by the tables a step enters: a cost that makes some routes dearer but leaves many equal. */
const tiedCost = (edge: PathEdge) => (edge.direction === 'reverse' ? 3 : 1) + (edge.toTable.startsWith('store') ? 0.5 : 0);

/**
 * Every search of the graph API over `queries`, as one string: what must not change when the
 * schema lists its tables and keys in another order.
 */
function searches(graph: ContextGraph, queries: readonly { source: string; targets: string[] }[]): string {
  const out: unknown[] = [];
  for (const { source, targets } of queries) {
    for (const reverse of [false, true]) {
      const options = { reverse, maxLength: 4, throughTargetBonus: TREE.throughTargetBonus };
      const weighted = { ...options, cost: tiedCost, minStepCost: 1 };
      out.push(
        targets.map((t) => graph.kShortestPaths(source, t, 5, options).map(route)),
        targets.map((t) => graph.kShortestPaths(source, t, 5, weighted).map(route)),
        targets.map((t) => graph.shortestPath(source, t, weighted)).map((p) => p && route(p)),
        targets.map((t) => graph.pathsByLastEdge(source, t, 3, weighted).map(route)),
        [...graph.cheapestPathsFrom(source, targets, weighted)].map(([t, p]) => [t, route(p)]),
        [...graph.joinTreePaths(source, targets, weighted)].map(([t, p]) => [t, route(p)]),
      );
    }
    out.push(targets.map((t) => graph.tables.map((x) => graph.distancesTo(t)(x.name) ?? -1).join(',')).length);
  }
  return JSON.stringify(out);
}

function expectOrderFree(spec: SchemaSpec, queries: readonly { source: string; targets: string[] }[]): void {
  const expected = searches(graphFromSchema(spec), queries);
  for (const seed of [1, 2, 3]) expect(searches(graphFromSchema(reordered(spec, seed)), queries), `order ${seed}`).toBe(expected);
}

const cycle = specOf('cycle', [fk('a', 'b_id', 'b', 'id'), fk('b', 'c_id', 'c', 'id'), fk('c', 'a_id', 'a', 'id')]);

const ringSize = 5000;
const ring = specOf(
  'ring',
  Array.from({ length: ringSize }, (_, i) => fk(`r${i}`, 'next_id', `r${(i + 1) % ringSize}`, 'id')),
);

const staff = specOf('staff', [
  fk('employee', 'manager_id', 'employee', 'id'),
  fk('employee', 'mentor_id', 'employee', 'id'),
  fk('employee', 'backup_id', 'employee', 'id'),
  fk('employee', 'department_id', 'department', 'id'),
  fk('department', 'head_id', 'employee', 'id'),
  fk('department', 'deputy_id', 'employee', 'id'),
]);

const flights = specOf('flights', [
  fk('flight', 'origin_id', 'airport', 'id'),
  fk('flight', 'destination_id', 'airport', 'id'),
  fk('flight', 'diverted_id', 'airport', 'id'),
  fk('airport', 'country_id', 'country', 'id'),
  fk('flight', 'carrier_id', 'carrier', 'id'),
  fk('carrier', 'country_id', 'country', 'id'),
]);

const cliqueSize = 40;
const clique = specOf(
  'clique',
  Array.from({ length: cliqueSize }, (_, i) =>
    Array.from({ length: cliqueSize }, (_, j) => (i === j ? [] : [fk(`k${i}`, `k${j}_id`, `k${j}`, 'id')])).flat(),
  ).flat(),
);

const copies = 2000;
const monthly = specOf(
  'monthly',
  Array.from({ length: copies }, (_, i) => [
    fk(`sales_${i}`, 'store_id', 'store', 'id'),
    fk(`sales_${i}`, 'product_id', 'product', 'id'),
  ]).flat(),
);

describe('reachability through cycles and self-references', () => {
  it('a cycle reaches every table on it, itself included; reachable() leaves the table itself out', () => {
    const g = graphFromSchema(cycle);
    for (const t of ['a', 'b', 'c']) {
      expect(g.reaches(t, t)).toBe(true);
      expect(g.reachableCount(t)).toBe(2);
      expect([...g.reachable(t)].sort()).toEqual(['a', 'b', 'c'].filter((x) => x !== t));
    }
  });

  it('a ring of 5,000 tables (one strongly connected component, no recursion to overflow)', () => {
    const g = graphFromSchema(ring);
    expect(g.reachableCount('r0')).toBe(ringSize - 1);
    expect(g.reaches('r4999', 'r0')).toBe(true);
    expect(g.distance('r0', 'r4999')).toBe(ringSize - 1);
    // Further than a path may go: no path, and the search says so instead of walking the ring.
    expect(g.shortestPath('r0', 'r2500', WITHIN)).toBeNull();
    expect(g.kShortestPaths('r0', 'r2500', 4, WITHIN)).toEqual([]);
    expect(g.kShortestPaths('r0', 'r3', 4, WITHIN).map((p) => p.tables)).toEqual([['r0', 'r1', 'r2', 'r3']]);
  });

  it('a table that references itself reaches itself, and only through its own edges', () => {
    const g = graphFromSchema(staff);
    expect(g.reaches('employee', 'employee')).toBe(true);
    expect(g.reachableCount('employee')).toBe(1);
    expect(g.inDegree('employee')).toBe(5);
    // The empty path to itself, never a walk round a self-edge.
    expect(g.kShortestPaths('employee', 'employee', 4, WITHIN).map((p) => p.edges)).toEqual([[]]);
  });
});

describe('bounded searches', () => {
  it('k shortest paths on a complete graph of 40 tables (38! simple paths between two): k simple paths, cheapest first', () => {
    const g = graphFromSchema(clique);
    for (const k of [1, 5, 20]) {
      const paths = g.kShortestPaths('k0', 'k39', k, WITHIN);
      expect(paths).toHaveLength(k);
      for (const p of paths) expectSimplePath(g, p, 6);
      const lengths = paths.map((p) => p.edges.length);
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    }
    // Three targets, three edges: one per target (hung below another target, which the tree search prefers).
    const tree = g.joinTreePaths('k0', ['k5', 'k17', 'k33'], TREE);
    expect([...tree.keys()]).toEqual(['k5', 'k17', 'k33']);
    expect(new Set([...tree.values()].flatMap((p) => p.edges.map((e) => e.id))).size).toBe(3);
  });

  it('a search along the keys from one of 2,000 look-alike copies weighs its own steps, not the dimension’s 2,000', () => {
    const g = graphFromSchema(monthly);
    const weighed = new Set<string>();
    const cost = (edge: PathEdge) => {
      weighed.add(`${edge.direction}:${edge.id}`);
      return 1;
    };
    const tree = g.joinTreePaths('sales_7', ['store', 'product'], { ...TREE, cost, minStepCost: 1 });
    expect([...tree.keys()]).toEqual(['store', 'product']);
    expect(weighed.size).toBeLessThanOrEqual(2);
    // Walking keys backwards through the dimension: one search, each step weighed once.
    weighed.clear();
    const across = g.kShortestPaths('sales_7', 'sales_1999', 4, { ...WITHIN, cost, minStepCost: 1, reverse: true });
    expect(across.map((p) => p.tables)).toEqual([
      ['sales_7', 'product', 'sales_1999'],
      ['sales_7', 'store', 'sales_1999'],
      ['sales_7', 'product', 'sales_0', 'store', 'sales_1999'],
      ['sales_7', 'product', 'sales_1', 'store', 'sales_1999'],
    ]);
    expect(weighed.size).toBeLessThanOrEqual(2 * g.edges.length);
  });

  it('several self-references and parallel edges: one path per distinct last edge, never round a self-edge', () => {
    const g = graphFromSchema(staff);
    const roles = g.pathsByLastEdge('department', 'employee', 10, WITHIN);
    expect(roles.map(route)).toEqual(['>department(deputy_id)->employee(id)', '>department(head_id)->employee(id)']);
    for (const p of roles) expectSimplePath(g, p, 6);
    const f = graphFromSchema(flights);
    expect(f.kShortestPaths('flight', 'airport', 10, WITHIN).map(route)).toEqual([
      '>flight(destination_id)->airport(id)',
      '>flight(diverted_id)->airport(id)',
      '>flight(origin_id)->airport(id)',
    ]);
    // Four routes of two edges, tied: in the order of their edge ids.
    expect(f.kShortestPaths('flight', 'country', 10, WITHIN).map(route)).toEqual([
      '>flight(carrier_id)->carrier(id) >carrier(country_id)->country(id)',
      '>flight(destination_id)->airport(id) >airport(country_id)->country(id)',
      '>flight(diverted_id)->airport(id) >airport(country_id)->country(id)',
      '>flight(origin_id)->airport(id) >airport(country_id)->country(id)',
    ]);
  });
});

describe('the same paths whatever order the schema is listed in', () => {
  it('a cycle, a table with self-references, parallel edges', () => {
    expectOrderFree(cycle, [
      { source: 'a', targets: ['b', 'c'] },
      { source: 'c', targets: ['a', 'b'] },
    ]);
    expectOrderFree(staff, [
      { source: 'department', targets: ['employee'] },
      { source: 'employee', targets: ['department', 'employee'] },
    ]);
    expectOrderFree(flights, [
      { source: 'flight', targets: ['airport', 'country'] },
      { source: 'carrier', targets: ['airport', 'flight'] },
    ]);
  });

  it('a complete graph: every route tied with many others', () => {
    expectOrderFree(clique, [
      { source: 'k0', targets: ['k5', 'k17'] },
      { source: 'k3', targets: ['k1', 'k2', 'k39'] },
    ]);
  });

  it('2,000 look-alike copies on two dimensions, joined across them', () => {
    expectOrderFree(monthly, [
      { source: 'sales_7', targets: ['store', 'product', 'sales_1999'] },
      { source: 'store', targets: ['sales_3', 'product'] },
    ]);
  });
});
