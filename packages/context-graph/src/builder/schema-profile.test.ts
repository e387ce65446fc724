import { declaredJoinEdges } from '@guided-retrieval/join-inference';
import { describe, expect, it } from 'vitest';
import type { SchemaSpec } from '../schema.js';
import { profileFromSchema, type SchemaTableStats } from './schema-profile.js';

const spec: SchemaSpec = {
  database: 'shop',
  tables: [
    {
      name: 'Customer',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'integer', inferredType: 'integer', sample: [1, 2, 3] },
        { name: 'city', type: 'text', inferredType: 'text', sample: ['Paris', 'Lyon', 'Paris'] },
      ],
    },
    { name: 'orders', primaryKey: ['id'], columns: [{ name: 'id', type: 'integer' }, 'customer_id'] },
  ],
  foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'Customer', toColumns: ['id'] }],
};

// BIRD's statistics as its loader reads them: customer's complete, orders' unusable (left out).
const stats = new Map<string, Map<string, SchemaTableStats>>([
  [
    'shop',
    new Map<string, SchemaTableStats>([
      [
        'customer',
        {
          rowCount: 200,
          columns: new Map([
            ['id', { nullFraction: 0, uniqueCount: 200, min: 1, max: 200 }],
            ['city', { nullFraction: 0.25, uniqueCount: 40, min: 'Aix', max: 'Zug' }],
          ]),
        },
      ],
      ['orders', { columns: new Map([['id', {}]]) }],
    ]),
  ],
]);

describe('profileFromSchema', () => {
  it('takes row counts, nulls, distinct counts, min and max from the statistics', () => {
    const profile = profileFromSchema(spec, stats.get('shop'));
    expect(profile).toMatchObject({ formatVersion: 1, engine: 'sqlite', database: 'shop' });
    const [customer, orders] = profile.tables;
    expect(customer).toMatchObject({ name: 'Customer', rowCount: 200, primaryKey: ['id'], foreignKeys: [] });
    expect(customer!.columns[0]).toEqual({
      name: 'id',
      declaredType: 'integer',
      inferredType: 'integer',
      rowCount: 200,
      count: 200,
      nulls: 0,
      distinct: 200,
      distinctExact: true,
      min: 1,
      max: 200,
      sample: [1, 2, 3].map((value) => ({ value, count: 1 })),
    });
    expect(customer!.columns[1]).toMatchObject({ count: 150, nulls: 50, distinct: 40, min: 'Aix', max: 'Zug' });
    expect(customer!.columns[1]!.sample).toEqual([
      { value: 'Paris', count: 1 },
      { value: 'Lyon', count: 1 },
    ]);
    expect(customer!.columns.every((c) => c.sketch === undefined)).toBe(true);
    // orders has no usable statistics: nothing is made up
    expect(orders!.rowCount).toBe(0);
    expect(orders!.columns[1]).toMatchObject({
      name: 'customer_id',
      declaredType: '',
      inferredType: 'unknown',
      count: 0,
      distinct: 0,
      min: null,
      max: null,
      sample: [],
    });
  });

  it('carries the declared keys, so that the truth set is the schema foreign keys', () => {
    const profile = profileFromSchema(spec);
    expect(profile.tables[1]!.foreignKeys).toEqual([{ columns: ['customer_id'], referencedTable: 'Customer', referencedColumns: ['id'] }]);
    expect(declaredJoinEdges(profile).map((e) => e.id)).toEqual(['orders(customer_id)->Customer(id)']);
  });

  it('without statistics counts are 0 and distinct is the sample (not exact)', () => {
    const city = profileFromSchema(spec).tables[0]!.columns[1]!;
    expect(city).toMatchObject({ rowCount: 0, count: 0, nulls: 0, distinct: 2, distinctExact: false, min: null, max: null });
  });
});
