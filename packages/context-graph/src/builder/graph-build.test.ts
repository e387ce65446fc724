import type { JoinEdge } from '@guided-retrieval/join-inference';
import { describe, expect, it } from 'vitest';
import type { SchemaSpec } from '../schema.js';
import { buildGraphFromProfile, buildGraphFromSchema } from './graph-build.js';
import { profileFromSchema } from './schema-profile.js';

// A shop whose schema may or may not declare its one foreign key; the names say it either way.
const tables: SchemaSpec['tables'] = [
  { name: 'customer', primaryKey: ['customer_id'], columns: [{ name: 'customer_id', type: 'INTEGER', inferredType: 'integer' }, 'name'] },
  {
    name: 'orders',
    primaryKey: ['order_id'],
    columns: [
      { name: 'order_id', type: 'INTEGER', inferredType: 'integer' },
      { name: 'customer_id', type: 'INTEGER', inferredType: 'integer' },
    ],
  },
  { name: 'store', primaryKey: ['store_id'], columns: [{ name: 'store_id', type: 'INTEGER', inferredType: 'integer' }, 'city'] },
];
const declared: SchemaSpec = {
  database: 'shop',
  tables,
  foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] }],
};
const keyless: SchemaSpec = { database: 'shop', tables };
const storeEdge: JoinEdge = {
  id: 'ORDERS(ORDER_ID)->STORE(STORE_ID)',
  fromTable: 'ORDERS',
  fromColumns: ['ORDER_ID'],
  toTable: 'STORE',
  toColumns: ['STORE_ID'],
  origin: 'inferred',
  confidence: 0.7,
  evidence: ['a joins file'],
};
const ids = (edges: readonly JoinEdge[]) => edges.map((e) => e.id);

describe('buildGraphFromProfile', () => {
  it('takes the declared keys by default, and runs no inference', async () => {
    const built = await buildGraphFromProfile(profileFromSchema(declared));
    expect(ids(built.graph.edges)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(built).toMatchObject({ inference: null, declared: 1 });
  });

  it('infers the keys of a schema that declares none, and says so', async () => {
    const built = await buildGraphFromProfile(profileFromSchema(keyless));
    expect(ids(built.graph.edges)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(built.inference?.edges.map((e) => e.origin)).toEqual(['inferred']);
    expect(built.declared).toBe(0);
  });

  it('drops inferred edges below the confidence asked for', async () => {
    const built = await buildGraphFromProfile(profileFromSchema(keyless), { inference: { minConfidence: 1 } });
    expect(built.graph.edges).toEqual([]);
    expect(built.inference).not.toBeNull();
  });

  it('adds a joins file to the declared keys, respelled as the database spells its names', async () => {
    const built = await buildGraphFromProfile(profileFromSchema(declared), {
      joins: { kind: 'with', edges: [storeEdge], source: 'joins.json' },
    });
    expect(ids(built.graph.edges)).toEqual(['orders(customer_id)->customer(customer_id)', 'orders(order_id)->store(store_id)']);
    expect(built.declared).toBe(1);
    await expect(
      buildGraphFromProfile(profileFromSchema(declared), {
        joins: { kind: 'with', edges: [{ ...storeEdge, toTable: 'SHELF' }], source: 'joins.json' },
      }),
    ).rejects.toThrow(/joins\.json.*SHELF/);
  });

  it('takes exactly the edges given with `only`, and the annotations', async () => {
    const built = await buildGraphFromProfile(profileFromSchema(declared), {
      joins: { kind: 'only', edges: [storeEdge] },
      annotations: { tables: { STORE: { description: 'a shop front' } } },
    });
    expect(ids(built.graph.edges)).toEqual([storeEdge.id]);
    expect(built.graph.table('store')?.description).toBe('a shop front');
  });

  it('tells each declared key it skips', async () => {
    const skipped: string[] = [];
    const broken: SchemaSpec = {
      ...declared,
      foreignKeys: [...declared.foreignKeys!, { fromTable: 'orders', fromColumns: ['store_id'], toTable: 'shelf', toColumns: ['id'] }],
    };
    await buildGraphFromProfile(profileFromSchema(broken), { onSkip: (reason) => skipped.push(reason) });
    expect(skipped).toEqual([expect.stringContaining('missing table shelf')]);
  });
});

describe('buildGraphFromSchema', () => {
  it('keeps the schema as written when it declares keys', async () => {
    const built = await buildGraphFromSchema(declared);
    expect(ids(built.graph.edges)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(built.graph.table('customer')?.columns[0]?.stats).toBeNull();
    expect(built).toMatchObject({ inference: null, declared: 1 });
  });

  it('infers the keys of a schema that declares none, on the schema read as a profile', async () => {
    const built = await buildGraphFromSchema(keyless);
    expect(ids(built.graph.edges)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(built.inference).not.toBeNull();
    expect(built.graph.table('customer')?.columns[0]?.stats).toBeNull();
  });

  it('replaces the declared keys with `only`', async () => {
    const built = await buildGraphFromSchema(declared, { joins: { kind: 'only', edges: [storeEdge] } });
    expect(ids(built.graph.edges)).toEqual([storeEdge.id]);
  });
});
