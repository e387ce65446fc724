import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultColumnParams, loadColumnParams, type RetrievalResult, Retriever, withColumnParams } from '../index.js';
import { COLUMN_FEATURES, weighColumns } from '../internal.js';
import { shop } from '../test-support/shop.js';

let retriever: Retriever;
let paris: RetrievalResult;

beforeAll(async () => {
  retriever = await Retriever.create(shop);
  paris = await retriever.retrieve('What is the total of the orders of customers in Paris?');
});

const column = (result: RetrievalResult, table: string, name: string) =>
  result.columns.find((t) => t.table === table)?.columns.find((c) => c.column === name);

describe('column relevance', () => {
  it('lists every table of the result, in its order, with how many columns it has, then the possibly needed ones', () => {
    expect(paris.tables).toEqual(expect.arrayContaining(['orders', 'customer']));
    const retrieved = paris.columns.filter((t) => !t.possible);
    expect(retrieved.map((t) => t.table)).toEqual(paris.tables);
    expect(paris.columns.slice(0, retrieved.length)).toEqual(retrieved);
    expect(paris.columns.find((t) => t.table === 'customer')?.total).toBe(6);
  });

  it('offers a table beyond the tree that a candidate tree or the words matched, joined to the result by one key edge, without changing the tree', () => {
    const item = paris.columns.find((t) => t.table === 'order_item');
    expect(paris.tables).not.toContain('order_item');
    expect(item?.possible).toMatchObject({ joins: 'orders', on: [{ column: 'order_id', to: 'id' }] });
    expect(item?.possible?.why).not.toBe('');
    for (const c of [...(item?.columns ?? []), ...(item?.likely ?? [])]) expect(c.likelihood).toBeLessThan(1);
  });

  it('needs the join keys of the tree, as keys, with the predicate as evidence', () => {
    const key = column(paris, 'orders', 'customer_id');
    expect(key).toMatchObject({ roles: ['key'], likelihood: 1 });
    expect(key?.evidence[0]).toMatchObject({ kind: 'join', score: 1 });
    expect(key?.evidence[0]?.words).toMatch(/customer_id = .*\.id/);
    expect(column(paris, 'customer', 'id')?.roles).toEqual(['key', 'identifier']);
  });

  it('needs a column whose value the question names, as a filter, with the value as the column spells it and why', () => {
    const city = column(paris, 'customer', 'city');
    expect(city?.roles).toContain('filter');
    expect(city?.values).toEqual(['Paris']);
    expect(city?.why).toMatch(/"Paris" → value match/);
  });

  it('needs a column the question names: a measure when it holds numbers (as one an amount word points at), an identifier when a key, else a label', async () => {
    const price = await retriever.retrieve('What is the price of the Lamp?');
    expect(column(price, 'product', 'price')).toMatchObject({ roles: ['measure'], values: [] });
    expect(column(price, 'product', 'title')).toMatchObject({ roles: ['filter'], values: ['Lamp'] });
    const ids = await retriever.retrieve('List the customer id of each order');
    expect(column(ids, 'orders', 'customer_id')?.roles).toEqual(['identifier']);
    const names = await retriever.retrieve('What are the names of the customers in Lyon?');
    expect(column(names, 'customer', 'name')?.roles).toEqual(['label']);
    const spend = await retriever.retrieve('How much did customers in Lyon spend?');
    expect(column(spend, 'orders', 'total')?.roles).toEqual(['measure']);
    expect(column(spend, 'orders', 'total')?.why).toMatch(/"spend" → measure match/);
  });

  it('rates every column in [0, 1], needed ones first, likely ones above the floor and below the needed threshold', () => {
    const params = defaultColumnParams();
    for (const t of paris.columns) {
      for (const c of t.columns) expect(c.likelihood).toBeGreaterThanOrEqual(0);
      for (const l of t.likely) {
        expect(l.likelihood).toBeGreaterThanOrEqual(params.likelyFloor);
        expect(l.likelihood).toBeLessThan(params.relevantLikelihood);
      }
      const names = [...t.columns.map((c) => c.column), ...t.likely.map((l) => l.column)];
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('follows its parameters: a needed threshold above every likelihood leaves only the evidenced columns', async () => {
    const strict = await Retriever.create(shop, { columnParams: { relevantLikelihood: 1.01, likelyFloor: 1.01 } });
    const result = await strict.retrieve('What is the total of the orders of customers in Paris?');
    for (const t of result.columns) {
      expect(t.likely).toEqual([]);
      for (const c of t.columns) expect(c.evidence.some((e) => e.kind !== 'name' && e.kind !== 'table')).toBe(true);
    }
  });

  it('weighs a value the question names that no match found toward the columns holding names', async () => {
    const feature = (name: (typeof COLUMN_FEATURES)[number]) => COLUMN_FEATURES.indexOf(name);
    const weigh = async (question: string) => {
      const result = await retriever.retrieve(question);
      const grounding = await retriever.index.ground(question);
      return weighColumns({ graph: shop, grounding, joinTree: result.joinTree, tables: result.tables }, defaultColumnParams());
    };
    const quoted = await weigh('Which orders did the customer "Grace Hopper" place?');
    const name = quoted.find((w) => w.table === 'customer' && w.column.name === 'name')!;
    const city = quoted.find((w) => w.table === 'customer' && w.column.name === 'city')!;
    expect(name.features[feature('unmatchedValueName')]).toBe(1);
    expect(city.features[feature('unmatchedValueName')]).toBe(0);
    const plain = await weigh('Which orders did the customers place?');
    expect(plain.find((w) => w.table === 'customer' && w.column.name === 'name')?.features[feature('unmatchedValueName')]).toBe(0);
  });

  it('is empty when nothing was retrieved', async () => {
    const none = await retriever.retrieve('xyzzy plugh');
    expect(none.columns).toEqual([]);
  });

  it('leaves the tables chosen as they were', async () => {
    const without = await Retriever.create(shop, { columnParams: { relevantLikelihood: 1.01, likelyFloor: 1.01 } });
    const again = await without.retrieve(paris.question);
    expect(again.tables).toEqual(paris.tables);
    expect(again.sql).toEqual(paris.sql);
  });
});

describe('column parameters', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'guided-column-params-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuse an unknown, missing or mistyped key, naming it and the file', () => {
    const good = JSON.parse(JSON.stringify(defaultColumnParams())) as Record<string, unknown>;
    const write = (name: string, value: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(value));
      return path;
    };
    expect(loadColumnParams(write('good.json', good))).toEqual(defaultColumnParams());
    expect(() => loadColumnParams(write('extra.json', { ...good, extra: 1 }))).toThrow(/extra\.json.*unknown parameter "extra"/);
    const { likelyFloor: _, ...missing } = good;
    expect(() => loadColumnParams(write('missing.json', missing))).toThrow(/missing parameter "likelyFloor"/);
    expect(() => loadColumnParams(write('typed.json', { ...good, columnPrice: 'high' }))).toThrow(/"columnPrice" must be a number/);
    expect(() => withColumnParams({ weights: { width: Number.NaN } })).toThrow(/width/);
  });
});
