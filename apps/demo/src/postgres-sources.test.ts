/**
 * A PostgreSQL table outside `public` is written schema-qualified in the retrieved SQL, and that
 * FROM clause runs with the default search_path; catalog comments (PostgreSQL and DuckDB) become
 * the graph's table and column descriptions. Through the product path (`buildGraph`), on real databases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { Retriever } from '@guided-retrieval/retrieval';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const url = process.env.GUIDED_TEST_POSTGRES_URL;
if (!url)
  process.stderr.write('postgres-sources.test.ts: GUIDED_TEST_POSTGRES_URL is unset: skipping the PostgreSQL schema and comment builds\n');

const withDatabase = (database: string) => {
  const u = new URL(url ?? '');
  u.pathname = `/${database}`;
  return u.toString();
};

const description = (graph: ContextGraph, table: string, column?: string) => {
  const t = graph.tables.find((x) => x.name === table);
  return column === undefined ? t?.description : t?.columns.find((c) => c.name === column)?.description;
};

describe.skipIf(!url)('PostgreSQL: another schema in FROM, comments as descriptions', () => {
  const NAME = `pgtypes_helper_billing_${process.pid}`;
  let admin: pg.Client;
  let dbUrl: string;
  let graph: ContextGraph;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${NAME}`);
    dbUrl = withDatabase(NAME);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      for (const sql of [
        'CREATE SCHEMA billing',
        'CREATE TABLE public.customers (customer_id integer PRIMARY KEY, name text NOT NULL, city text)',
        'CREATE TABLE billing.invoices (invoice_id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES public.customers, total numeric(10,2))',
        "INSERT INTO public.customers VALUES (1, 'Ada', 'Oslo'), (2, 'Bo', 'Rome'), (3, 'Cy', 'Oslo')",
        'INSERT INTO billing.invoices VALUES (10, 1, 99.50), (11, 2, 10.00), (12, 1, 5.25)',
        "COMMENT ON TABLE billing.invoices IS 'One row per invoice sent to a customer'",
        "COMMENT ON COLUMN billing.invoices.total IS 'Amount due, in euros'",
        "COMMENT ON TABLE public.customers IS 'People who buy from us'",
        "COMMENT ON COLUMN public.customers.city IS 'Where the customer lives'",
      ])
        await client.query(sql);
    } finally {
      await client.end();
    }
    graph = await buildGraph(dbUrl, { name: 'billing' });
  }, 120_000);

  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin?.end();
  });

  it('keeps the schema on the graph table outside public only', () => {
    expect(graph.tables.map((t) => [t.name, t.schema])).toEqual([
      ['customers', undefined],
      ['invoices', 'billing'],
    ]);
  });

  it('writes billing.invoices schema-qualified, and the FROM clause runs with the default search_path', async () => {
    const retriever = await Retriever.create(graph);
    const result = await retriever.retrieve('total of invoices per customer name');
    expect(result.tables.sort()).toEqual(['customers', 'invoices']);
    expect(result.sql).toMatch(/^FROM billing\.invoices AS invoices\n/);
    expect(result.sql).not.toContain('public.');
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      expect((await client.query('SHOW search_path')).rows[0]).toEqual({ search_path: '"$user", public' });
      const rows = await client.query(`SELECT COUNT(*)::int AS n ${result.sql}`);
      expect(rows.rows[0]).toEqual({ n: 3 });
    } finally {
      await client.end();
    }
  }, 120_000);

  it('carries COMMENT ON TABLE and COLUMN into the graph as descriptions', () => {
    expect(description(graph, 'invoices')).toBe('One row per invoice sent to a customer');
    expect(description(graph, 'invoices', 'total')).toBe('Amount due, in euros');
    expect(description(graph, 'customers')).toBe('People who buy from us');
    expect(description(graph, 'customers', 'city')).toBe('Where the customer lives');
    expect(description(graph, 'customers', 'name')).toBe('');
  });
});

describe('DuckDB: comments as descriptions in the graph', () => {
  let dir: string;
  let graph: ContextGraph;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pgtypes-duck-comments-'));
    const file = join(dir, 'shop.duckdb');
    const instance = await DuckDBInstance.create(file);
    const c = await instance.connect();
    for (const sql of [
      'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name VARCHAR NOT NULL)',
      'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id), total DOUBLE)',
      "INSERT INTO customers VALUES (1, 'Ada'), (2, 'Bo')",
      'INSERT INTO orders VALUES (10, 1, 5.5), (11, 2, 7.25)',
      "COMMENT ON TABLE orders IS 'One row per order placed'",
      "COMMENT ON COLUMN orders.total IS 'Order amount, tax included'",
    ])
      await c.run(sql);
    c.closeSync();
    instance.closeSync();
    graph = await buildGraph(file, { name: 'shop' });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('carries COMMENT ON TABLE and COLUMN into the graph', () => {
    expect(description(graph, 'orders')).toBe('One row per order placed');
    expect(description(graph, 'orders', 'total')).toBe('Order amount, tax included');
    expect(description(graph, 'customers')).toBe('');
  });
});
