/** The preview runner: killable child processes, a bounded line, clients that went away. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The built module: it forks dist/server/preview-child.js beside it.
import { BUSY, MAX_RUNNING_PREVIEWS, MAX_WAITING_PREVIEWS, PreviewRunner } from '../../dist/server/preview.js';

let dir: string;
let file: string;
const graph = graphFromSchema({ database: 'shop', tables: [{ name: 'customer', primaryKey: ['id'], columns: ['id', 'name'] }] });
const nodes = [{ alias: 'customer', table: 'customer', parent: null, join: null }];
const FROM = 'FROM customer AS customer';
/** A FROM clause whose COUNT(*) never ends (an endless recursive CTE as the customer table): only a kill stops it. */
const ENDLESS =
  "FROM (WITH RECURSIVE r(id, name) AS (SELECT 1, 'x' UNION ALL SELECT id + 1, name FROM r) SELECT id, name FROM r) AS customer";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guided-preview-'));
  file = join(dir, 'shop.sqlite');
  const db = new Database(file);
  db.exec("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo');");
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PreviewRunner', () => {
  it('counts and samples the rows a FROM clause joins, read-only', async () => {
    const preview = await new PreviewRunner(file).run(graph, nodes, FROM);
    expect(preview).toMatchObject({
      ok: true,
      rowCount: 2,
      rows: [
        ['Ada', 1],
        ['Bo', 2],
      ],
    });
  });

  it('kills the query at the time limit: no process is left behind', async () => {
    const runner = new PreviewRunner(file);
    const preview = await runner.run(graph, nodes, ENDLESS, { timeoutMs: 200 });
    expect(preview).toEqual({ ok: false, error: 'the preview query took longer than 200 ms: stopped' });
    expect(runner.load).toEqual({ running: 0, waiting: 0 });
  });

  it('bounds opening the database apart: the query limit counts from the open, and a database that never opens is stopped', async () => {
    // A "PostgreSQL server" that takes the connection and never says a word: the open cannot finish.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const runner = new PreviewRunner({ engine: 'postgres', target: `postgres://guided:guided@127.0.0.1:${port}/shop` });
      // A 1 ms query limit would have stopped it at once had it counted the start.
      const preview = await runner.run(graph, nodes, FROM, { timeoutMs: 1, startLimitMs: 300 });
      expect(preview).toEqual({ ok: false, error: 'the preview process did not open the database within 300 ms: stopped' });
      expect(runner.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it(`runs ${MAX_RUNNING_PREVIEWS} at once, lets ${MAX_WAITING_PREVIEWS} wait and declines the rest at once`, async () => {
    const runner = new PreviewRunner(file);
    const all = Array.from({ length: MAX_RUNNING_PREVIEWS + MAX_WAITING_PREVIEWS + 3 }, () => runner.run(graph, nodes, FROM));
    expect(runner.load).toEqual({ running: MAX_RUNNING_PREVIEWS, waiting: MAX_WAITING_PREVIEWS });
    const results = await Promise.all(all);
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_RUNNING_PREVIEWS + MAX_WAITING_PREVIEWS);
    expect(results.filter((r) => !r.ok).map((r) => (r as { error: string }).error)).toEqual(Array(3).fill(BUSY));
    expect(runner.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops the work of a client that went away, and close() kills what runs', async () => {
    const runner = new PreviewRunner(file);
    const gone = new AbortController();
    gone.abort();
    expect(await runner.run(graph, nodes, FROM, {}, gone.signal)).toEqual({ ok: false, error: 'the client went away' });
    const leaving = new AbortController();
    const pending = runner.run(graph, nodes, FROM, { timeoutMs: 60_000 }, leaving.signal);
    leaving.abort();
    expect(await pending).toEqual({ ok: false, error: 'the client went away' });
    // A preview process runs a query that cannot end by itself (the time limit is a minute away): close() must kill it.
    const running = runner.run(graph, nodes, ENDLESS, { timeoutMs: 60_000 });
    expect(runner.load).toEqual({ running: 1, waiting: 0 });
    runner.close();
    expect(await running).toEqual({ ok: false, error: 'the preview process stopped (SIGKILL)' });
    expect(await runner.run(graph, nodes, FROM)).toEqual({ ok: false, error: 'the server is stopping' });
    expect(runner.load.running).toBe(0);
  });
});

describe('PreviewRunner through the profiler connectors', () => {
  it('previews a DuckDB file read-only, naming the columns', async () => {
    const path = join(dir, 'shop.duckdb');
    const instance = await DuckDBInstance.create(path);
    const c = await instance.connect();
    await c.run("CREATE TABLE customer (id INTEGER PRIMARY KEY, name VARCHAR); INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo')");
    c.closeSync();
    instance.closeSync();
    const duck = graphFromSchema({ database: 'shop', tables: [{ name: 'customer', primaryKey: ['id'], columns: ['id', 'name'] }] });
    const preview = await new PreviewRunner({ engine: 'duckdb', target: path }).run(duck, nodes, 'FROM ignored AS ignored');
    expect(preview).toMatchObject({ ok: true, rowCount: 2, columns: ['customer.name', 'customer.id'] });
    expect((preview as { rows: unknown[] }).rows).toEqual(
      expect.arrayContaining([
        ['Ada', 1],
        ['Bo', 2],
      ]),
    );
  });

  it("an error of the query is the preview's one-line error, not a crash", async () => {
    const missing = [{ alias: 'nowhere', table: 'nowhere', parent: null, join: null }];
    const preview = await new PreviewRunner({ engine: 'duckdb', target: join(dir, 'shop.duckdb') }).run(graph, missing, '');
    expect(preview).toMatchObject({ ok: false, error: expect.stringMatching(/^no such table: nowhere$|nowhere/) });
  });

  it.skipIf(!process.env.GUIDED_TEST_POSTGRES_URL)(
    'previews PostgreSQL tables in their own schemas, in a read-only transaction',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.GUIDED_TEST_POSTGRES_URL });
      await admin.connect();
      const schemaA = `guided_preview_a_${process.pid}`;
      const schemaB = `guided_preview_b_${process.pid}`;
      try {
        await admin.query(`CREATE SCHEMA ${schemaA}; CREATE SCHEMA ${schemaB}`);
        await admin.query(
          `CREATE TABLE ${schemaA}.customer (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO ${schemaA}.customer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy')`,
        );
        await admin.query(
          `CREATE TABLE ${schemaB}.customer (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO ${schemaB}.customer VALUES (1, 'Zed')`,
        );
        const name = `${schemaB}.customer`;
        const pgGraph = graphFromSchema({ database: 'postgres', tables: [{ name, primaryKey: ['id'], columns: ['id', 'name'] }] });
        const runner = new PreviewRunner({
          engine: 'postgres',
          target: process.env.GUIDED_TEST_POSTGRES_URL ?? '',
          schema: `${schemaA},${schemaB}`,
        });
        const preview = await runner.run(
          pgGraph,
          [{ alias: 'customer', table: name, parent: null, join: null }],
          'FROM ignored AS ignored',
        );
        expect(preview).toMatchObject({ ok: true, rowCount: 1, rows: [['Zed', 1]] });
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schemaA} CASCADE; DROP SCHEMA IF EXISTS ${schemaB} CASCADE`);
        await admin.end();
      }
    },
  );
});
