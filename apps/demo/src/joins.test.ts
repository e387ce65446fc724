import type { JoinEdge, JoinInference } from '@guided-retrieval/join-inference';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { describeInference, edgesForProfile, mergeEdges, summarizeInference } from './joins.js';
import { parseProfile } from './profile-file.js';

const column = (name: string) => ({
  name,
  declaredType: 'INTEGER',
  inferredType: 'integer' as const,
  rowCount: 1,
  count: 1,
  nulls: 0,
  distinct: 1,
  min: 1,
  max: 1,
  sample: [],
});
const profile: DatabaseProfile = {
  formatVersion: 1,
  engine: 'sqlite',
  database: 'shop',
  tables: [
    { name: 'Customer', rowCount: 1, primaryKey: ['Id'], foreignKeys: [], columns: [column('Id')] },
    { name: 'orders', rowCount: 1, primaryKey: ['id'], foreignKeys: [], columns: [column('id'), column('customer_id')] },
  ],
};
const edge = (fromTable: string, from: string, toTable: string, to: string, origin: JoinEdge['origin'] = 'inferred'): JoinEdge => ({
  id: `${fromTable}(${from})->${toTable}(${to})`,
  fromTable,
  fromColumns: [from],
  toTable,
  toColumns: [to],
  origin,
  confidence: origin === 'declared' ? 1 : 0.7,
  evidence: [],
});

describe('edgesForProfile', () => {
  it('respells tables, columns and the id as the database does', () => {
    expect(edgesForProfile([edge('ORDERS', 'Customer_ID', 'customer', 'ID')], profile, 'j.json')).toEqual([
      { ...edge('orders', 'customer_id', 'Customer', 'Id'), confidence: 0.7 },
    ]);
  });

  it('names the file, the edge and the missing table or column', () => {
    expect(() => edgesForProfile([edge('orders', 'customer_id', 'client', 'id')], profile, 'j.json')).toThrow(
      'j.json: edge orders(customer_id)->client(id): table client is not in database shop',
    );
    expect(() => edgesForProfile([edge('orders', 'cust', 'Customer', 'Id')], profile, 'j.json')).toThrow(
      'j.json: edge orders(cust)->Customer(Id): column orders.cust is not in database shop',
    );
  });
});

describe('mergeEdges', () => {
  it('keeps every declared edge and adds the others once, sorted by id', () => {
    const declared = [edge('orders', 'customer_id', 'Customer', 'Id', 'declared')];
    const merged = mergeEdges(declared, [
      edge('ORDERS', 'customer_id', 'Customer', 'Id'),
      edge('orders', 'id', 'Customer', 'Id'),
      edge('orders', 'id', 'Customer', 'Id'),
    ]);
    expect(merged.map((e) => [e.id, e.origin])).toEqual([
      ['orders(customer_id)->Customer(Id)', 'declared'],
      ['orders(id)->Customer(Id)', 'inferred'],
    ]);
  });
});

describe('summarizeInference', () => {
  it('counts declared and inferred edges and says it in one line', () => {
    const result: JoinInference = {
      edges: [edge('orders', 'customer_id', 'Customer', 'Id', 'declared'), edge('orders', 'id', 'Customer', 'Id')],
      keys: [],
      stats: { tables: 2, columns: 3, candidatePairs: 6, afterPruning: 2, accepted: 1, adjudicated: 0, ms: 3.4 },
    };
    const summary = summarizeInference('shop', result);
    expect(summary).toEqual({
      database: 'shop',
      tables: 2,
      columns: 3,
      candidatePairs: 6,
      afterPruning: 2,
      declared: 1,
      inferred: 1,
      adjudicated: 0,
      ms: 3,
    });
    expect(describeInference(summary)).toBe('shop: 2 tables, 6 candidate pairs (2 after pruning), 1 declared + 1 inferred edges, 3 ms');
    expect(describeInference({ ...summary, adjudicated: 2 })).toContain('1 inferred edges, 2 adjudicated, 3 ms');
  });
});

describe('parseProfile', () => {
  const text = JSON.stringify(profile);
  it('accepts a profile', () => {
    expect(parseProfile(text, 'p.json')).toEqual(profile);
  });

  it('names the file and what is wrong in one line', () => {
    const bad = (value: unknown) => () => parseProfile(JSON.stringify(value), 'p.json');
    expect(() => parseProfile('{', 'p.json')).toThrow('p.json is not a profile: not valid JSON');
    expect(bad([])).toThrow('p.json is not a profile: expected a JSON object');
    expect(bad({ tables: [] })).toThrow('p.json is not a profile: no formatVersion');
    expect(bad({ ...profile, formatVersion: 7 })).toThrow(
      'p.json has profile format version 7; this version reads 1: rerun `guided profile`',
    );
    expect(bad({ ...profile, tables: undefined })).toThrow('p.json is not a profile: missing "tables"');
    expect(bad({ ...profile, tables: [{ ...profile.tables[0], foreignKeys: undefined }] })).toThrow(
      'p.json: table 0 (Customer): missing "foreignKeys"',
    );
    expect(bad({ ...profile, tables: [{ ...profile.tables[0], columns: [{ name: 'Id' }] }] })).toThrow(
      'p.json: table 0 (Customer): column Id: missing "sample"',
    );
  });
});
