/**
 * PostgreSQL databases whose tables live in several schemas: every non-system schema by default,
 * `schema.table` names only where two schemas share a name, foreign keys across schemas, SQL
 * through each table's real schema, and one clear line when a schema filter leaves no table.
 * Against the real server (GUIDED_TEST_POSTGRES_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, profileConnection } from './connect.js';
import { ProfilerError } from './errors.js';
import { openPostgres, postgresHandle, profilePostgres } from './postgres.js';
import { nameTables, schemaList } from './postgres-schemas.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';
import type { DatabaseProfile } from './types.js';

let admin: string | undefined;
try {
  admin = postgresUrl();
} catch {
  admin = undefined; // postgres.test.ts fails with the set-up hint; no need to say it twice
}

const NAME = `guided_schemas_test_${process.pid}`;
const EMPTY = `guided_schemas_empty_${process.pid}`;

describe('table names across schemas (no server)', () => {
  it('keeps unique names bare and qualifies shared ones', () => {
    const names = nameTables([
      { schema: 'public', table: 'orders' },
      { schema: 'sales', table: 'orders' },
      { schema: 'hr', table: 'employees' },
    ]);
    expect([...names.keys()]).toEqual(['employees', 'public.orders', 'sales.orders']);
    expect(names.get('sales.orders')).toEqual({ schema: 'sales', table: 'orders' });
  });

  it('quotes both parts where a qualified name would collide with a table named with a dot', () => {
    const names = nameTables([
      { schema: 'public', table: 'a' },
      { schema: 's', table: 'a' },
      { schema: 'public', table: 's.a' },
    ]);
    expect([...names.keys()].sort()).toEqual(['"s"."a"', 'public.a', 's.a']);
    expect(names.get('s.a')).toEqual({ schema: 'public', table: 's.a' });
  });

  it('reads a schema option as one name, a comma-separated list or an array', () => {
    expect(schemaList(undefined)).toBeUndefined();
    expect(schemaList('sales')).toEqual(['sales']);
    expect(schemaList(' sales , hr,sales ')).toEqual(['sales', 'hr']);
    expect(schemaList(['public', 'hr'])).toEqual(['public', 'hr']);
    expect(() => schemaList(' , ')).toThrow(ProfilerError);
  });
});

describe.skipIf(admin === undefined)('PostgreSQL with several schemas', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let empty: Awaited<ReturnType<typeof scratchDatabase>>;
  let profile: DatabaseProfile;

  beforeAll(async () => {
    db = await scratchDatabase(admin ?? '', NAME, [
      'CREATE SCHEMA sales',
      'CREATE SCHEMA hr',
      'CREATE SCHEMA "Odd ""Schema"""',
      'CREATE TABLE public.customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)',
      'CREATE TABLE public.orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES public.customers, note TEXT)',
      'CREATE TABLE hr.employees (id INTEGER PRIMARY KEY, name TEXT, dept TEXT)',
      'CREATE TABLE sales.orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES public.customers, salesperson_id INTEGER REFERENCES hr.employees, amount NUMERIC(10,2))',
      'CREATE TABLE sales.invoices (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES sales.orders)',
      'CREATE TABLE "Odd ""Schema""".notes (id INTEGER, body TEXT)',
      'CREATE VIEW sales.big_orders AS SELECT * FROM sales.orders WHERE amount > 100',
      "INSERT INTO public.customers VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy')",
      "INSERT INTO public.orders VALUES (1, 1, 'first'), (2, 2, 'second'), (3, 3, NULL)",
      "INSERT INTO hr.employees VALUES (1, 'Eve', 'sales'), (2, 'Finn', 'sales')",
      'INSERT INTO sales.orders SELECT i, 1 + i % 3, 1 + i % 2, i % 500 FROM generate_series(1, 50000) AS i',
      'INSERT INTO sales.invoices SELECT i, i FROM generate_series(1, 40) AS i',
      'INSERT INTO "Odd ""Schema""".notes VALUES (1, \'hello\'), (2, \'world\')',
      'ANALYZE',
    ]);
    // A temporary table of another session lives in a pg_temp_N schema, visible in the catalog: never profiled.
    await db.client.query('CREATE TEMP TABLE scratch_temp (x INTEGER)');
    empty = await scratchDatabase(admin ?? '', EMPTY, []);
    profile = await profilePostgres(db.url, { sampleRows: 5_000 });
  });

  afterAll(async () => {
    await db?.drop();
    await empty?.drop();
  });

  const table = (p: DatabaseProfile, name: string) => p.tables.find((t) => t.name === name);

  it('profiles every non-system schema: bare names where unique, schema.table where two schemas share one', () => {
    expect(profile.tables.map((t) => t.name)).toEqual(['customers', 'employees', 'invoices', 'notes', 'public.orders', 'sales.orders']);
    expect(table(profile, 'sales.orders')?.schema).toBe('sales');
    expect(table(profile, 'public.orders')?.schema).toBeUndefined();
  });

  it('reads each table through its own schema', () => {
    expect(table(profile, 'public.orders')?.rowCount).toBe(3);
    expect(table(profile, 'public.orders')?.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'note']);
    expect(table(profile, 'sales.orders')?.rowCount).toBe(50_000);
    expect(table(profile, 'sales.orders')?.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'salesperson_id', 'amount']);
    expect(table(profile, 'notes')).toMatchObject({ rowCount: 2 });
    expect(table(profile, 'notes')?.columns.find((c) => c.name === 'body')?.sample).toEqual([
      { value: 'hello', count: 1 },
      { value: 'world', count: 1 },
    ]);
    expect(table(profile, 'employees')?.primaryKey).toEqual(['id']);
  });

  it('samples a large table of another schema in the engine', () => {
    const orders = table(profile, 'sales.orders');
    expect(orders?.sampleMethod).toBe('TABLESAMPLE SYSTEM');
    expect(orders?.sampledRows).toBeGreaterThan(1_000);
    expect(orders?.sampledRows).toBeLessThanOrEqual(5_000);
    expect(orders?.columns.find((c) => c.name === 'customer_id')).toMatchObject({ count: 50_000, distinct: 3, min: 1, max: 3 });
    expect(orders?.columns.find((c) => c.name === 'id')).toMatchObject({ distinct: 50_000, min: 1, max: 50_000 });
  });

  it('names the referenced table of a foreign key as the profile names it, across schemas', () => {
    expect(table(profile, 'public.orders')?.foreignKeys).toEqual([
      { columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] },
    ]);
    expect(table(profile, 'sales.orders')?.foreignKeys).toEqual([
      { columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] },
      { columns: ['salesperson_id'], referencedTable: 'employees', referencedColumns: ['id'] },
    ]);
    expect(table(profile, 'invoices')?.foreignKeys).toEqual([
      { columns: ['order_id'], referencedTable: 'sales.orders', referencedColumns: ['id'] },
    ]);
  });

  it('with a schema filter profiles only those schemas; a key into another schema names it schema.table', async () => {
    const sales = await profileConnection(db.url, { schema: 'sales', sampleRows: 5_000 });
    expect(sales.tables.map((t) => t.name)).toEqual(['invoices', 'orders']);
    expect(table(sales, 'orders')?.schema).toBe('sales'); // FROM sales.orders, whatever the search_path
    expect(table(sales, 'orders')?.rowCount).toBe(50_000);
    expect(table(sales, 'orders')?.foreignKeys).toEqual([
      { columns: ['customer_id'], referencedTable: 'public.customers', referencedColumns: ['id'] },
      { columns: ['salesperson_id'], referencedTable: 'hr.employees', referencedColumns: ['id'] },
    ]);
    expect(table(sales, 'invoices')?.foreignKeys).toEqual([
      { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['id'] },
    ]);
    const two = await profilePostgres(db.url, { schema: 'sales,hr', sampleRows: 5_000 });
    const listed = await profilePostgres(db.url, { schema: 'sales', views: 'list' });
    expect(listed.tables.map((t) => [t.name, t.kind, t.schema])).toEqual([
      ['big_orders', 'view', 'sales'],
      ['invoices', undefined, 'sales'],
      ['orders', undefined, 'sales'],
    ]);
    expect(two.tables.map((t) => t.name)).toEqual(['employees', 'invoices', 'orders']);
    const both = await profilePostgres(db.url, {
      schema: ['public', 'sales'],
      tables: ['public.orders', 'sales.orders'],
      sampleRows: 5_000,
    });
    expect(both.tables.map((t) => [t.name, t.rowCount])).toEqual([
      ['public.orders', 3],
      ['sales.orders', 50_000],
    ]);
    expect(table(both, 'sales.orders')?.foreignKeys[1]?.referencedTable).toBe('hr.employees');
  });

  it('keeps a public-only filter as before: bare names', async () => {
    const pub = await profilePostgres(db.url, { schema: 'public' });
    expect(pub.tables.map((t) => t.name)).toEqual(['customers', 'orders']);
    expect(table(pub, 'orders')?.rowCount).toBe(3);
  });

  it('says so in one line when a schema filter leaves no table, naming the schemas that have some', async () => {
    const error = await openConnection(db.url, { schema: 'nope' }).then(
      () => undefined,
      (e: unknown) => e as ProfilerError,
    );
    expect(error).toBeInstanceOf(ProfilerError);
    expect(error?.code).toBe('no-tables');
    expect(error?.message).toBe(
      `PostgreSQL database "${NAME}" has no tables in schema "nope" (schemas with tables: Odd "Schema", hr, public, sales)`,
    );
    const two = await openConnection(db.url, { schema: 'nope,nada' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(two?.message).toMatch(/has no tables in schemas "nope", "nada" \(/);
  });

  it('says so in one line when the database has no table at all', async () => {
    await expect(profilePostgres(empty.url)).rejects.toThrow(
      `PostgreSQL database "${EMPTY}" has no tables in any schema but PostgreSQL's own`,
    );
  });

  it('lists an unknown table among the qualified names', async () => {
    await expect(profilePostgres(db.url, { tables: ['orders'] })).rejects.toThrow(
      'unknown table "orders"; available tables: customers, employees, invoices, notes, public.orders, sales.orders',
    );
  });

  it('stays read-only: one READ ONLY transaction that refuses writes in every schema', async () => {
    const connector = await openPostgres(db.url);
    try {
      const handle = postgresHandle(connector);
      expect(await handle.query("SELECT current_setting('transaction_read_only') AS ro")).toMatchObject({ rows: [{ ro: 'on' }] });
      await expect(handle.query('INSERT INTO sales.invoices VALUES (999, 1)')).rejects.toThrow(/read-only transaction/);
      await handle.query('ROLLBACK');
      await expect(handle.query('DROP TABLE hr.employees')).rejects.toThrow(/read-only transaction/);
    } finally {
      await connector.close();
    }
    expect((await db.client.query('SELECT COUNT(*)::int AS n FROM sales.invoices')).rows[0]).toEqual({ n: 40 });
    expect((await db.client.query('SELECT COUNT(*)::int AS n FROM hr.employees')).rows[0]).toEqual({ n: 2 });
  });

  it('forks on the same snapshot with the same names: two tables at once equal one at a time', async () => {
    expect(await profilePostgres(db.url, { sampleRows: 5_000, concurrency: 1 })).toEqual(profile);
  });
});
