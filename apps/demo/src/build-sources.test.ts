/**
 * `guided build SOURCE` (and `demo --database`, `serve --database`) for every connector, through
 * the built CLI on real databases made here: a SQLite file, a profile JSON, a DuckDB file, a
 * Parquet file and folder, a real PostgreSQL database with several schemas; and the one-line
 * errors for sources that cannot be read, with nothing written anywhere.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox, sha256 } from './test-support/cli.js';
import { startTestServer } from './test-support/server.js';

interface Graph {
  database: string;
  engine?: string;
  tables: { name: string; rowCount: number; columns: { name: string }[] }[];
  edges: { id: string; fromTable: string; toTable: string; origin: string }[];
}

let box: Sandbox;
const file = (name: string) => join(box.work, name);
const graph = (name: string): Graph => graphData(file(name)) as Graph;
const tableNames = (g: Graph) => g.tables.map((t) => t.name);
const edgeIds = (g: Graph) => g.edges.map((e) => e.id).sort();

/** A successful build: nothing on stdout, progress on stderr, the graph written. */
function built(run: CliRun, output: string): Graph {
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain(`wrote ${output}`);
  return graph(output);
}

beforeAll(async () => {
  requireBuiltCli();
  box = sandbox('build-sources');
  const sqlite = new Database(file('shop.sqlite'));
  sqlite.exec(`
    CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer (customer_id), total REAL);
    INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
    INSERT INTO orders VALUES (10, 1, 5.5), (11, 1, 7.25), (12, 2, 1.0), (13, 3, 2.0);`);
  sqlite.close();
  new Database(file('no-tables.sqlite')).close();

  const duck = await DuckDBInstance.create(file('shop.duckdb'));
  const c = await duck.connect();
  await c.run('CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name VARCHAR NOT NULL)');
  await c.run(
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer (customer_id), total DOUBLE)',
  );
  await c.run("INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy')");
  await c.run('INSERT INTO orders VALUES (10, 1, 5.5), (11, 1, 7.25), (12, 2, 1.0), (13, 3, 2.0)');
  mkdirSync(file('lake'));
  mkdirSync(file('dry-lake'));
  writeFileSync(file('dry-lake/notes.csv'), 'a,b\n1,2\n');
  await c.run(`COPY customer TO '${file('lake/customer.parquet')}' (FORMAT parquet)`);
  await c.run(
    `COPY (SELECT order_id, customer_id, total, 'web' AS channel FROM orders) TO '${file('lake/orders.parquet')}' (FORMAT parquet)`,
  );
  await c.run(`COPY customer TO '${file('customer.parquet')}' (FORMAT parquet)`);
  c.closeSync();
  duck.closeSync();
});

afterAll(() => box?.remove());

describe('guided build from a SQLite file', () => {
  it('profiles it read-only with progress (tables done / total, current table, seconds) and writes the graph', () => {
    const before = sha256(file('shop.sqlite'));
    const g = built(box.run(['build', 'shop.sqlite', '-o', 'sqlite.graph.json']), 'sqlite.graph.json');
    expect(g).toMatchObject({ database: 'shop', engine: 'sqlite' });
    expect(tableNames(g)).toEqual(['customer', 'orders']);
    expect(edgeIds(g)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(sha256(file('shop.sqlite'))).toBe(before);
    const run = box.run(['build', 'shop.sqlite', '-o', 'sqlite.graph.json']);
    expect(run.stderr).toMatch(/^profiling \[1\/2\] customer…$/m);
    expect(run.stderr).toMatch(/^profiled \[2\/2\] orders: \d+ rows?, \d+ sampled, \d+ ms$/m);
    expect(run.stderr).toMatch(/^profiled 2 tables of .*shop\.sqlite in \d+\.\d s$/m);
  });
});

describe('guided build from a profile JSON (guided profile)', () => {
  it('builds the same graph as from the database, without opening one', () => {
    const profiled = box.run(['profile', 'shop.sqlite', '-o', 'shop.profile.json']);
    expect(profiled.status, profiled.stderr).toBe(0);
    const g = built(box.run(['build', 'shop.profile.json', '-o', 'profile.graph.json']), 'profile.graph.json');
    const fromDb = graph('sqlite.graph.json');
    expect(tableNames(g)).toEqual(tableNames(fromDb));
    expect(edgeIds(g)).toEqual(edgeIds(fromDb));
    expect(g.tables.map((t) => t.rowCount)).toEqual([3, 4]);
  });

  it('reads a profile whatever its file is called', () => {
    writeFileSync(file('profile.txt'), readFileSync(file('shop.profile.json')));
    expect(tableNames(built(box.run(['build', 'profile.txt', '-o', 'txt.graph.json']), 'txt.graph.json'))).toEqual(['customer', 'orders']);
  });

  it('refuses a graph file and a JSON object that is no profile, in one line', () => {
    expectOneLineError(box.run(['build', 'sqlite.graph.json', '-o', 'x.json']), file('sqlite.graph.json'), 'is a context graph');
    writeFileSync(file('other.json'), '{"hello": "world"}');
    expectOneLineError(box.run(['build', 'other.json', '-o', 'x.json']), file('other.json'), 'not a profile');
    writeFileSync(file('broken.json'), '{"formatVersion": 1, "tables": [');
    expectOneLineError(box.run(['build', 'broken.json', '-o', 'x.json']), file('broken.json'), 'not valid JSON');
  });
});

describe('guided build from DuckDB and Parquet', () => {
  it('profiles a DuckDB file read-only, with its declared keys', () => {
    const before = sha256(file('shop.duckdb'));
    const g = built(box.run(['build', 'shop.duckdb', '-o', 'duck.graph.json']), 'duck.graph.json');
    expect(g).toMatchObject({ database: 'shop', engine: 'duckdb' });
    expect(tableNames(g)).toEqual(['customer', 'orders']);
    expect(edgeIds(g)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(sha256(file('shop.duckdb'))).toBe(before);
    expect(tableNames(built(box.run(['build', `duckdb:${file('shop.duckdb')}`, '-o', 'duck2.graph.json']), 'duck2.graph.json'))).toEqual([
      'customer',
      'orders',
    ]);
  });

  it('profiles a Parquet file as one table', () => {
    const g = built(box.run(['build', 'customer.parquet', '-o', 'parquet.graph.json']), 'parquet.graph.json');
    expect(g).toMatchObject({ database: 'customer', engine: 'duckdb' });
    expect(g.tables.map((t) => [t.name, t.rowCount])).toEqual([['customer', 3]]);
  });

  it('profiles a Parquet folder as one table per file, joins inferred (Parquet declares no keys)', () => {
    const run = box.run(['build', 'lake', '-o', 'lake.graph.json']);
    const g = built(run, 'lake.graph.json');
    expect(g).toMatchObject({ database: 'lake', engine: 'duckdb' });
    expect(g.tables.map((t) => [t.name, t.rowCount, t.columns.length])).toEqual([
      ['customer', 3, 2],
      ['orders', 4, 4],
    ]);
    expect(run.stderr).toContain('the schema declares no foreign keys: inferred them');
    expect(g.edges.map((e) => [e.fromTable, e.toTable, e.origin])).toEqual([['orders', 'customer', 'inferred']]);
  });

  it('a folder without a Parquet file is one line naming it', () => {
    expectOneLineError(box.run(['build', 'dry-lake', '-o', 'x.json']), file('dry-lake'), 'no Parquet file');
  });
});

describe('guided build: bad input is one line naming the source, nothing written', () => {
  it('an empty SQLite file and a SQLite database without tables say there are no tables', () => {
    writeFileSync(file('empty.sqlite'), '');
    expectOneLineError(box.run(['build', 'empty.sqlite', '-o', 'x.json']), file('empty.sqlite'), 'has no tables');
    expect(readFileSync(file('empty.sqlite'))).toHaveLength(0);
    const before = sha256(file('no-tables.sqlite'));
    expectOneLineError(box.run(['build', 'no-tables.sqlite', '-o', 'x.json']), file('no-tables.sqlite'), 'has no tables');
    expect(sha256(file('no-tables.sqlite'))).toBe(before);
  });

  it('a garbage file is not a database, with or without a database extension', () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));
    writeFileSync(file('garbage.bin'), bytes);
    writeFileSync(file('garbage.sqlite'), bytes);
    writeFileSync(file('garbage.duckdb'), bytes);
    expectOneLineError(box.run(['build', 'garbage.bin', '-o', 'x.json']), file('garbage.bin'), 'is not a database');
    expectOneLineError(box.run(['build', 'garbage.sqlite', '-o', 'x.json']), file('garbage.sqlite'), 'not a SQLite database');
    expectOneLineError(box.run(['build', 'garbage.duckdb', '-o', 'x.json']), file('garbage.duckdb'), 'not a DuckDB database');
    writeFileSync(file('zero'), '');
    expectOneLineError(box.run(['build', 'zero', '-o', 'x.json']), file('zero'), 'empty (0 bytes)');
    expect(sha256(file('garbage.sqlite'))).toBe(sha256(file('garbage.bin')));
  });

  it('a missing file, an unreadable one, an unknown scheme and --schema on a file', () => {
    expectOneLineError(box.run(['build', 'nowhere.sqlite', '-o', 'x.json']), file('nowhere.sqlite'), 'not found');
    if (process.getuid?.() !== 0) {
      writeFileSync(file('locked.sqlite'), '', { mode: 0o000 });
      expectOneLineError(box.run(['build', 'locked.sqlite', '-o', 'x.json']), file('locked.sqlite'), 'permission denied');
    }
    const line = expectOneLineError(
      box.run(['build', 'oracle://me:hunter2@db/shop', '-o', 'x.json']),
      'oracle://me:***@db/shop',
      'unsupported',
    );
    expect(line).not.toContain('hunter2');
    expectOneLineError(box.run(['build', 'shop.sqlite', '--schema', 'sales', '-o', 'x.json']), '--schema applies to PostgreSQL only');
    expect(readdirSync(box.work)).not.toContain('x.json');
  });

  it('PostgreSQL: an unreachable server is one line with the URL, never the password', () => {
    const line = expectOneLineError(
      box.run(['build', 'postgres://someone:hunter2-pw@127.0.0.1:1/shop', '-o', 'x.json']),
      'postgres://someone:***@127.0.0.1:1/shop',
      'unreachable',
    );
    expect(line).not.toContain('hunter2');
    expect(readdirSync(box.work)).not.toContain('x.json');
  });
});

describe('guided demo --database and guided serve --database', () => {
  it('demo answers a question over a DuckDB file', () => {
    const run = box.run(['demo', '--database', 'shop.duckdb', '--json', 'total of orders per customer name']);
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { tables: string[]; sql: string };
    expect(result.tables.sort()).toEqual(['customer', 'orders']);
    expect(result.sql).toMatch(/^FROM (orders|customer) AS/);
  });

  it('demo --database wants a question, and --schema wants --database', () => {
    expectOneLineError(box.run(['demo', '--database', 'shop.duckdb']), 'pass a question');
    expectOneLineError(box.run(['demo', '--schema', 'sales', 'orders']), '--schema needs --database');
  });

  it('serve --database over DuckDB previews rows through the read-only connector', async () => {
    const before = sha256(file('shop.duckdb'));
    const server = await startTestServer(['serve', '--database', file('shop.duckdb')], { GUIDED_CACHE_DIR: box.cache });
    try {
      expect(server.stderr()).toContain('(2 tables, with row previews)');
      const response = await fetch(new URL('api/retrieve', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'total of orders per customer name' }),
      });
      const result = (await response.json()) as { preview: { ok: boolean; rowCount: number; columns: string[]; rows: unknown[][] } };
      expect(result.preview).toMatchObject({ ok: true, rowCount: 4 });
      expect(result.preview.columns).toContain('customer.name');
      expect(result.preview.rows).toHaveLength(4);
    } finally {
      await server.stop();
    }
    expect(sha256(file('shop.duckdb'))).toBe(before);
  });

  it('serve --database over a Parquet folder previews rows too', async () => {
    const server = await startTestServer(['serve', '--database', file('lake')], { GUIDED_CACHE_DIR: box.cache });
    try {
      const response = await fetch(new URL('api/retrieve', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'orders by channel and customer name' }),
      });
      const result = (await response.json()) as { tables: string[]; preview: { ok: boolean; rowCount: number } };
      expect(result.tables.sort()).toEqual(['customer', 'orders']);
      expect(result.preview).toMatchObject({ ok: true, rowCount: 4 });
    } finally {
      await server.stop();
    }
  });

  it('serve --database over a profile JSON serves without previews and says so in one line', async () => {
    const server = await startTestServer(['serve', '--database', file('shop.profile.json')], { GUIDED_CACHE_DIR: box.cache });
    try {
      expect(server.stderr()).toContain(
        `guided: row previews are off: ${file('shop.profile.json')} is a profile, with no database behind it\n`,
      );
      const payload = (await (await fetch(new URL('api/graph', server.url))).json()) as { preview: boolean; tables: unknown[] };
      expect(payload).toMatchObject({ preview: false, tables: [expect.anything(), expect.anything()] });
      const response = await fetch(new URL('api/retrieve', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'orders per customer name' }),
      });
      expect(((await response.json()) as { preview?: unknown }).preview).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('serve --database with a bad source fails in one line before listening', () => {
    const run = box.run(['serve', '--database', 'dry-lake', '--port', '0']);
    expectOneLineError(run, file('dry-lake'), 'no Parquet file');
  });
});

const url = process.env.GUIDED_TEST_POSTGRES_URL;
if (!url)
  process.stderr.write(
    'build-sources.test.ts: GUIDED_TEST_POSTGRES_URL is unset: skipping the PostgreSQL builds (sql-dialects.test.ts says how to set it up)\n',
  );

describe.skipIf(!url)('guided build from PostgreSQL', () => {
  const NAME = `guided_build_test_${process.pid}`;
  const EMPTY = `guided_build_empty_${process.pid}`;
  let admin: pg.Client;
  let dbUrl: string;
  let emptyUrl: string;

  const withDatabase = (database: string) => {
    const u = new URL(url ?? '');
    u.pathname = `/${database}`;
    return u.toString();
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of [NAME, EMPTY]) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    dbUrl = withDatabase(NAME);
    emptyUrl = withDatabase(EMPTY);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      for (const sql of [
        'CREATE SCHEMA sales',
        'CREATE TABLE public.customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL)',
        'CREATE TABLE public.orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES public.customer, note TEXT)',
        'CREATE TABLE sales.orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES public.customer, total NUMERIC(10,2))',
        'CREATE TABLE sales.invoice (invoice_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES sales.orders, paid BOOLEAN)',
        "INSERT INTO public.customer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy')",
        "INSERT INTO public.orders VALUES (1, 1, 'phone')",
        'INSERT INTO sales.orders VALUES (10, 1, 5.50), (11, 1, 7.25), (12, 2, 1.00), (13, 3, 2.00)',
        'INSERT INTO sales.invoice VALUES (100, 10, TRUE), (101, 11, FALSE), (102, 12, TRUE)',
      ])
        await client.query(sql);
    } finally {
      await client.end();
    }
  });

  afterAll(async () => {
    for (const name of [NAME, EMPTY]) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('profiles every schema read-only: shared names qualified, foreign keys across schemas, the password never printed', async () => {
    const password = new URL(dbUrl).password;
    const run = box.run(['build', dbUrl, '-o', 'pg.graph.json']);
    const g = built(run, 'pg.graph.json');
    expect(g).toMatchObject({ database: NAME, engine: 'postgres' });
    expect(tableNames(g)).toEqual(['customer', 'invoice', 'public.orders', 'sales.orders']);
    expect(edgeIds(g)).toEqual([
      'invoice(order_id)->sales.orders(order_id)',
      'public.orders(customer_id)->customer(customer_id)',
      'sales.orders(customer_id)->customer(customer_id)',
    ]);
    expect(g.tables.find((t) => t.name === 'sales.orders')?.rowCount).toBe(4);
    expect(run.stderr).toMatch(/^profiling \[\d\/4\] sales\.orders…$/m);
    if (password) expect(run.stderr).not.toContain(`:${password}@`);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      expect((await client.query('SELECT COUNT(*)::int AS n FROM sales.orders')).rows[0]).toEqual({ n: 4 });
    } finally {
      await client.end();
    }
  });

  it('--schema profiles only the schemas named', () => {
    const g = built(box.run(['build', dbUrl, '--schema', 'sales', '-o', 'sales.graph.json']), 'sales.graph.json');
    expect(tableNames(g)).toEqual(['invoice', 'orders']);
    expect(edgeIds(g)).toEqual(['invoice(order_id)->orders(order_id)']);
  });

  it('serve --database previews rows through the read-only connector, each table in its schema', async () => {
    const server = await startTestServer(['serve', '--database', dbUrl], { GUIDED_CACHE_DIR: box.cache });
    try {
      const response = await fetch(new URL('api/retrieve', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'Which invoices were paid, by customer name?' }),
      });
      const result = (await response.json()) as { tables: string[]; preview: { ok: boolean; rowCount: number; columns: string[] } };
      expect(result.tables).toEqual(expect.arrayContaining(['invoice', 'sales.orders', 'customer']));
      expect(result.preview).toMatchObject({ ok: true, rowCount: 3 });
      const password = new URL(dbUrl).password;
      if (password) expect(server.stderr()).not.toContain(`:${password}@`);
    } finally {
      await server.stop();
    }
  });

  it('a wrong password is one line with the URL, never either password', () => {
    const wrong = new URL(dbUrl);
    wrong.password = 'wrong-secret-pw';
    const line = expectOneLineError(box.run(['build', wrong.toString(), '-o', 'x.json']), `:***@`, 'password authentication failed');
    expect(line).not.toContain('wrong-secret-pw');
    const right = new URL(dbUrl).password;
    if (right) expect(line).not.toContain(`:${right}@`);
  });

  it('a database without tables, or a schema filter leaving none, is one line saying so', () => {
    expectOneLineError(box.run(['build', emptyUrl, '-o', 'x.json']), EMPTY, 'has no tables');
    expectOneLineError(
      box.run(['build', dbUrl, '--schema', 'nope', '-o', 'x.json']),
      'has no tables in schema "nope"',
      'schemas with tables: public, sales',
    );
    expect(readdirSync(box.work)).not.toContain('x.json');
  });
});
