import { describe, expect, it } from 'vitest';
import { graphFromEdgeList, isReversed } from './index.js';

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
  it('matches the paper\'s reachability sets', () => {
    expect(sorted(tpch.reachable('LINEITEM'))).toEqual(
      ['CUSTOMER', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER'],
    );
    expect(sorted(tpch.reachable('SUPPLIER'))).toEqual(['NATION', 'REGION']);
    expect(sorted(tpch.reachable('Orders'))).toEqual(['CUSTOMER', 'NATION', 'REGION']);
    expect(sorted(tpch.reachable('REGION'))).toEqual([]);
  });
});

describe('path enumeration', () => {
  it('enumerates every edge-path, parallel routes included, shortest first', () => {
    const paths = tpch.paths('LINEITEM', 'NATION').map((p) => p.tables.join('>'));
    expect(paths).toEqual([
      'LINEITEM>SUPPLIER>NATION',
      'LINEITEM>ORDERS>CUSTOMER>NATION',
      'LINEITEM>PARTSUPP>SUPPLIER>NATION',
    ]);
  });

  it('treats parallel edges between the same tables as distinct paths', () => {
    const paths = tpch.paths('LINEITEM', 'PART');
    expect(paths.map((p) => p.edges.map((e) => e.id).join(' '))).toEqual([
      'LINEITEM(L_PARTKEY)->PART(P_PARTKEY)',
      'LINEITEM(L_PARTKEY,L_SUPPKEY)->PARTSUPP(PS_PARTKEY,PS_SUPPKEY) PARTSUPP(PS_PARTKEY)->PART(P_PARTKEY)',
    ]);
  });

  it('returns nothing against the edge direction, and the empty path to itself', () => {
    expect(tpch.paths('NATION', 'LINEITEM')).toEqual([]);
    expect(tpch.paths('NATION', 'NATION')[0]?.edges).toEqual([]);
  });

  it('respects maxLength and maxPaths', () => {
    expect(tpch.paths('LINEITEM', 'NATION', { maxLength: 2 })).toHaveLength(1);
    expect(tpch.paths('LINEITEM', 'NATION', { maxPaths: 2 })).toHaveLength(2);
  });

  it('names the unknown table', () => {
    expect(() => tpch.paths('LINEITEM', 'SHIPMENTS')).toThrow(/unknown table: SHIPMENTS/);
  });
});

describe('walking join edges backwards', () => {
  // Two fact tables share a dimension: neither reaches the other along the keys' direction.
  const schools = graphFromEdgeList('schools', ['frpm.CDSCode->schools.CDSCode', 'satscores.cds->schools.CDSCode']);

  it('links tables in either direction, while reachability stays directed', () => {
    expect([...schools.reachable('frpm')]).toEqual(['schools']);
    expect(sorted(schools.linkedTables('frpm'))).toEqual(['satscores', 'schools']);
    expect(schools.paths('frpm', 'satscores')).toEqual([]);
  });

  it('enumerates paths through a reversed edge whose predicate still holds', () => {
    const [path] = schools.paths('frpm', 'satscores', { reverse: true });
    expect(path?.tables).toEqual(['frpm', 'schools', 'satscores']);
    const [forward, backward] = path!.edges;
    expect(isReversed(forward!)).toBe(false);
    expect(backward).toMatchObject({ id: '~satscores(cds)->schools(CDSCode)', fromTable: 'schools', fromColumns: ['CDSCode'], toTable: 'satscores', toColumns: ['cds'] });
    expect(isReversed(backward!)).toBe(true);
  });

  it('prefers forward paths to reversed ones of the same length', () => {
    const paths = tpch.paths('NATION', 'SUPPLIER', { reverse: true });
    expect(paths[0]?.edges.map((e) => e.id)).toEqual(['~SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)']);
    expect(tpch.paths('SUPPLIER', 'NATION', { reverse: true })[0]?.edges.every((e) => !isReversed(e))).toBe(true);
  });
});
