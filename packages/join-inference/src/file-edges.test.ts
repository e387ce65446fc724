import { describe, expect, it } from 'vitest';
import { edgesForProfile, mergeEdges } from './file-edges.js';
import { JoinsFileError } from './io.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';
import type { JoinEdge } from './types.js';

const profile = databaseFromTables('shop', [
  tableFromColumns('Customer', { Id: [1] }, { primaryKey: ['Id'] }),
  tableFromColumns('orders', { id: [1], customer_id: [1] }, { primaryKey: ['id'] }),
]);
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
    expect(() => edgesForProfile([edge('orders', 'cust', 'Customer', 'Id')], profile, 'j.json')).toThrow(JoinsFileError);
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
