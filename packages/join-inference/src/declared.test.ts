import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { declaredJoinEdges } from './index.js';

function table(name: string, columns: string[], extra: Partial<TableProfile> = {}): TableProfile {
  return {
    name,
    rowCount: 0,
    primaryKey: [],
    foreignKeys: [],
    columns: columns.map((c) => ({
      name: c,
      declaredType: 'INTEGER',
      inferredType: 'integer',
      rowCount: 0,
      count: 0,
      nulls: 0,
      distinct: 0,
      min: null,
      max: null,
      sample: [],
    })),
    ...extra,
  };
}

const profile: DatabaseProfile = {
  formatVersion: 1,
  engine: 'sqlite',
  database: 'shop',
  tables: [
    table('orders', ['id', 'customer_id'], {
      primaryKey: ['id'],
      foreignKeys: [
        { columns: ['CUSTOMER_ID'], referencedTable: 'Customer', referencedColumns: [] },
        { columns: ['customer_id'], referencedTable: 'ghost', referencedColumns: ['id'] },
      ],
    }),
    table('Customer', ['Id'], { primaryKey: ['Id'] }),
    table('line', ['order_id', 'n', 'part', 'supp'], {
      foreignKeys: [
        { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['id'] },
        { columns: ['part', 'supp'], referencedTable: 'ps', referencedColumns: ['p', 's'] },
        { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['nope'] },
      ],
    }),
    table('ps', ['p', 's'], { primaryKey: ['p', 's'] }),
  ],
};

describe('declaredJoinEdges', () => {
  it('turns declared keys into directed edges spelled as the schema spells them', () => {
    const skipped: string[] = [];
    const edges = declaredJoinEdges(profile, (r) => skipped.push(r));
    expect(edges.map((e) => e.id)).toEqual(['line(order_id)->orders(id)', 'line(part,supp)->ps(p,s)', 'orders(customer_id)->Customer(Id)']);
    expect(edges.every((e) => e.origin === 'declared' && e.confidence === 1)).toBe(true);
    expect(skipped).toHaveLength(2);
    expect(skipped.join('\n')).toMatch(/missing table ghost/);
    expect(skipped.join('\n')).toMatch(/nope/);
  });
});
