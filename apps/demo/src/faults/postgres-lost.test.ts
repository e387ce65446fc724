/**
 * Fault: the PostgreSQL connection is lost mid-build (the backend profiling a table is terminated
 * with pg_terminate_backend). The build stops with one line holding the server's own message —
 * no per-column "skipped" warning, no graph file, no temporary file — and the next build succeeds.
 * Skipped, saying why, without a server (GUIDED_SKIP_POSTGRES=1, or GUIDED_TEST_POSTGRES_URL unset).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphData, requireBuiltCli, sandbox } from '../test-support/cli.js';
import { listing, start } from '../test-support/faults.js';

const admin = process.env.GUIDED_SKIP_POSTGRES === '1' ? undefined : process.env.GUIDED_TEST_POSTGRES_URL;
const why = process.env.GUIDED_SKIP_POSTGRES === '1' ? 'GUIDED_SKIP_POSTGRES=1' : 'GUIDED_TEST_POSTGRES_URL is unset';
const NAME = `guided_fault_lost_${process.pid}`;

describe.skipIf(admin === undefined)(`a PostgreSQL backend terminated mid-build${admin ? '' : ` (skipped: ${why})`}`, () => {
  const box = sandbox('fault-postgres');
  let server: pg.Client;
  let url: string;
  let db: pg.Client;

  beforeAll(async () => {
    requireBuiltCli();
    server = new pg.Client({ connectionString: admin });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${NAME}`);
    const u = new URL(admin ?? '');
    u.pathname = `/${NAME}`;
    url = u.toString();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT);
      INSERT INTO customers SELECT i, 'customer ' || i FROM generate_series(1, 200) AS i;
      CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers, placed DATE, note TEXT);
      INSERT INTO orders SELECT i, 1 + i % 200, DATE '2024-01-01' + i % 365, 'note ' || i FROM generate_series(1, 2000) AS i;`);
  });

  afterAll(async () => {
    await db?.end();
    await server?.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await server?.end();
    box.remove();
  });

  it("stops with one line holding the server's message, leaves nothing behind, and the next build succeeds", async () => {
    // The test holds a lock on orders: the build's statement on it waits, and is terminated waiting.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN; LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    const out = join(box.work, 'out.json');
    const build = start(box, ['build', url, '-o', out]);
    let terminated = 0;
    while (terminated === 0) {
      const gone = await Promise.race([build.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))]);
      if (gone) throw new Error(`the build ended before waiting on the locked table: ${build.stderr()}`);
      const { rows } = await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        [NAME],
      );
      terminated = rows.length;
    }
    await holder.query('ROLLBACK');
    await holder.end();
    const run = await build.ended;
    expect(run.code, run.stderr).toBe(1);
    const where = `${new URL(url).hostname}:${new URL(url).port || '5432'}`;
    // Progress aside, one line: the error, with the server's own words (the source named, its password hidden).
    const lines = run.stderr
      .trimEnd()
      .split('\n')
      .filter((l) => !/^profil(ing|ed) /.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^guided: error: postgres:\/\/postgres:\*\*\*@/);
    expect(lines[0]).toMatch(
      new RegExp(`: table "orders": PostgreSQL connection lost: ${where}: terminating connection due to administrator command$`),
    );
    expect(run.stderr).not.toMatch(/skipped|not queryable|warning/);
    expect(existsSync(out)).toBe(false);
    expect(listing(box.work).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const next = await start(box, ['build', url, '-o', out]).ended;
    expect(next.code, next.stderr).toBe(0);
    expect(
      graphData(out)
        .tables.map((t) => t.name)
        .sort(),
    ).toEqual(['customers', 'orders']);
  });
});
