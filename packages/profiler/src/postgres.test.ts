import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, profileConnection } from './connect.js';
import type { Connector } from './connector.js';
import { openPostgres, postgresHandle, profilePostgres } from './postgres.js';
import { profileDatabase } from './profile.js';
import { redactUrl } from './redact.js';
import { BAD_INPUT_SQL, HUGE_TEXT } from './test-support/bad-input.js';
import { postgresUrl, SETUP_HINT, scratchDatabase, withDatabase } from './test-support/postgres.js';
import type { DatabaseProfile } from './types.js';

let admin: string | undefined;
let setupError: Error | undefined;
try {
  admin = postgresUrl();
} catch (error) {
  setupError = error as Error;
}

describe('PostgreSQL set-up', () => {
  it('has GUIDED_TEST_POSTGRES_URL (or GUIDED_SKIP_POSTGRES=1 asked for a skip)', () => {
    if (setupError) throw setupError;
    expect(SETUP_HINT).toMatch(/setup-postgres\.sh/);
  });
});

const NAME = `guided_profiler_test_${process.pid}`;

describe.skipIf(admin === undefined)('PostgreSQL connector', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let profile: DatabaseProfile;

  beforeAll(async () => {
    db = await scratchDatabase(admin ?? '', NAME, [
      ...BAD_INPUT_SQL,
      'CREATE TABLE region (r_regionkey INTEGER PRIMARY KEY, r_name CHAR(25) NOT NULL)',
      'CREATE TABLE nation (n_nationkey INTEGER PRIMARY KEY, n_name CHAR(25), n_regionkey INTEGER REFERENCES region, PRIMARY KEY_DUMMY INTEGER)'.replace(
        ', PRIMARY KEY_DUMMY INTEGER',
        '',
      ),
      "INSERT INTO region VALUES (0, 'AFRICA'), (1, 'AMERICA'), (2, 'ASIA')",
      "INSERT INTO nation VALUES (0, 'ALGERIA', 0), (1, 'ARGENTINA', 1), (2, 'BRAZIL', 1), (3, 'CHINA', 2)",
      'CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (b, a))',
      'CREATE TABLE pair_ref (x INTEGER, y INTEGER, FOREIGN KEY (x, y) REFERENCES pair (b, a))',
      'CREATE TABLE odd (id INTEGER, payload BYTEA, doc JSONB, big BIGINT, amount NUMERIC(15,2), at TIMESTAMP, long_text TEXT)',
      `INSERT INTO odd VALUES (1, '\\x0102', '{"a":1}', 9007199254740993, 10.50, '2024-01-02 03:04:05', '${HUGE_TEXT}'), (2, NULL, NULL, 5, NULL, NULL, 'short')`,
      'CREATE TABLE big (id INTEGER PRIMARY KEY, grp INTEGER, label TEXT)',
      "INSERT INTO big SELECT i, i % 7, 'label ' || (i % 1000) FROM generate_series(1, 300000) AS i",
      'CREATE TABLE doomed (x INTEGER)',
      'CREATE VIEW nation_view AS SELECT * FROM nation',
    ]);
    profile = await profilePostgres(db.url, { sampleRows: 20_000, exactDistinctMaxRows: 100_000 });
  });

  afterAll(async () => {
    await db?.drop();
  });

  const table = (name: string) => profile.tables.find((t) => t.name === name);
  const column = (t: string, c: string) => table(t)?.columns.find((x) => x.name === c);

  it('lists base tables only, by name, and names the database after the URL', () => {
    expect(profile.engine).toBe('postgres');
    expect(profile.database).toBe(NAME);
    expect(profile.tables.map((t) => t.name)).toEqual([
      'all_null',
      'big',
      'contacts',
      'doomed',
      'empty_table',
      'line items',
      'nation',
      'odd',
      'pair',
      'pair_ref',
      'region',
      'select',
    ]);
  });

  it('reads declared primary and foreign keys from the catalog, composite keys in key order', () => {
    expect(table('pair')?.primaryKey).toEqual(['b', 'a']);
    expect(table('pair_ref')?.foreignKeys).toEqual([{ columns: ['x', 'y'], referencedTable: 'pair', referencedColumns: ['b', 'a'] }]);
    expect(table('nation')?.foreignKeys).toEqual([
      { columns: ['n_regionkey'], referencedTable: 'region', referencedColumns: ['r_regionkey'] },
    ]);
    expect(table('line items')?.foreignKeys).toEqual([{ columns: ['select id'], referencedTable: 'select', referencedColumns: ['from'] }]);
  });

  it('profiles quoted, unicode and reserved identifiers exactly', () => {
    expect(column('select', 'ünïcødé näme')).toMatchObject({
      declaredType: 'character varying(40)',
      inferredType: 'text',
      count: 3,
      distinct: 3,
      distinctExact: true,
      min: expect.any(String),
    });
    expect(column('select', 'say "hi"')).toMatchObject({ count: 2, nulls: 1, distinct: 2, min: 1, max: 2 });
    expect(column('select', 'order')?.sample).toEqual([
      { value: 'asc', count: 2 },
      { value: 'desc', count: 1 },
    ]);
    expect(column('region', 'r_name')?.length).toEqual({ min: 4, max: 7, mean: 5.67 }); // char(n) ignores padding
  });

  it('handles empty tables, all-NULL columns, bytea, jsonb, big integers, numerics and huge text', () => {
    expect(table('empty_table')).toMatchObject({ rowCount: 0, sampledRows: 0 });
    expect(column('empty_table', 'a')).toMatchObject({ count: 0, nulls: 0, distinct: 0, min: null, max: null, sample: [] });
    expect(column('all_null', 'nothing')).toMatchObject({ count: 0, nulls: 2, distinct: 0, min: null, sample: [], ontology: null });
    expect(column('odd', 'payload')).toMatchObject({ inferredType: 'blob', count: 1, min: null, max: null, sample: [] });
    expect(column('odd', 'doc')).toMatchObject({ count: 1, min: '{"a": 1}', sample: [{ value: '{"a": 1}', count: 1 }] });
    expect(column('odd', 'big')).toMatchObject({ min: 5, max: '9007199254740993' });
    expect(column('odd', 'amount')).toMatchObject({ inferredType: 'real', min: 10.5, max: 10.5 });
    expect(column('odd', 'at')).toMatchObject({ inferredType: 'date', min: '2024-01-02 03:04:05' });
    const long = column('odd', 'long_text');
    expect(long?.length).toEqual({ min: 5, max: 200_000, mean: 100_002.5 });
    expect(String(long?.max).length).toBe(1000);
    expect(long?.sample.every((s) => String(s.value).length <= 1000)).toBe(true);
    expect(long?.cleanSample).toEqual(['short']);
  });

  it('tags ontologies and cleans samples', () => {
    expect(column('contacts', 'email')?.ontology).toBe('email');
    expect(column('contacts', 'site')?.ontology).toBe('url');
    expect(column('contacts', 'phone')?.ontology).toBe('phone');
    expect(column('contacts', 'country')?.ontology).toBe('country');
    expect(column('contacts', 'cur')?.ontology).toBe('currency');
    expect(column('contacts', 'signup')?.ontology).toBe('date');
    expect(column('contacts', 'active')).toMatchObject({ ontology: 'boolean', inferredType: 'boolean' });
    expect(column('contacts', 'id')?.ontology).toBe('identifier');
    expect(column('line items', 'note')?.cleanSample).toEqual(['fine']);
  });

  it('samples a large table in the engine (TABLESAMPLE SYSTEM) and estimates distinct counts', () => {
    const big = table('big');
    expect(big).toMatchObject({ rowCount: 300_000, sampleMethod: 'TABLESAMPLE SYSTEM' });
    expect(big?.sampledRows).toBeGreaterThan(10_000);
    expect(big?.sampledRows).toBeLessThanOrEqual(20_000);
    expect(column('big', 'grp')).toMatchObject({ count: 300_000, distinct: 7, distinctExact: false, min: 0, max: 6 });
    expect(column('big', 'id')?.distinct).toBe(300_000);
    expect(column('big', 'label')?.distinct).toBe(1000);
  });

  it('is deterministic, and the same one table at a time as two at once', async () => {
    expect(await profilePostgres(db.url, { sampleRows: 20_000, exactDistinctMaxRows: 100_000 })).toEqual(profile);
    expect(await profilePostgres(db.url, { sampleRows: 20_000, exactDistinctMaxRows: 100_000, concurrency: 1 })).toEqual(profile);
  });

  it('refuses writes on its connection: the transaction and the session are read-only', async () => {
    const connector = await openPostgres(db.url);
    try {
      const handle = postgresHandle(connector);
      await expect(handle.query("INSERT INTO region VALUES (9, 'X')")).rejects.toThrow(/read-only transaction/);
      await handle.query('ROLLBACK');
      await expect(handle.query('CREATE TABLE intruder (x INTEGER)')).rejects.toThrow(/read-only transaction/);
      await handle.query('ROLLBACK');
      await expect(handle.query('DELETE FROM region')).rejects.toThrow(/read-only transaction/);
    } finally {
      await connector.close();
    }
    expect((await db.client.query('SELECT COUNT(*)::int AS n FROM region')).rows[0]).toEqual({ n: 3 });
  });

  it('keeps its limits whatever the URL says: read-only and the statement timeout hold', async () => {
    const url = new URL(db.url);
    url.searchParams.set('options', '-c default_transaction_read_only=off -c statement_timeout=0');
    const connector = await openPostgres(url.toString(), { statementTimeoutMs: 200 });
    try {
      const handle = postgresHandle(connector);
      await expect(handle.query('SELECT pg_sleep(3)')).rejects.toThrow(/statement timeout/);
      await handle.query('ROLLBACK');
      await handle.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await expect(handle.query("INSERT INTO region VALUES (9, 'X')")).rejects.toThrow(/read-only transaction/);
    } finally {
      await connector.close();
    }
    expect((await db.client.query('SELECT COUNT(*)::int AS n FROM region')).rows[0]).toEqual({ n: 3 });
  });

  it('skips a table dropped while profiling, with a warning naming it', async () => {
    const connector = await openPostgres(db.url);
    const warnings: string[] = [];
    // Another session drops `doomed` after the table list was read, just before it is profiled.
    const dropping: Connector = {
      engine: connector.engine,
      database: connector.database,
      dialect: connector.dialect,
      listTables: () => connector.listTables(),
      describeTable: async (t) => {
        if (t === 'doomed') await db.client.query('DROP TABLE doomed');
        return connector.describeTable(t);
      },
      sampleSource: (t, r, n) => connector.sampleSource(t, r, n),
      query: (sql) => connector.query(sql),
      isolate: (work) => (connector.isolate ? connector.isolate(work) : work()),
      close: () => connector.close(),
    };
    try {
      const result = await profileDatabase(dropping, { tables: ['doomed', 'region'], onWarning: (w) => warnings.push(w) });
      expect(result.tables.map((t) => t.name)).toEqual(['region']);
      expect(result.tables[0]?.rowCount).toBe(3);
    } finally {
      await connector.close();
    }
    expect(warnings).toEqual(['table "doomed" was dropped while profiling: skipped']);
  });

  it('says which table is missing, and never prints the password', async () => {
    await expect(profileConnection(db.url, { tables: ['nope'] })).rejects.toThrow(/unknown table "nope"; available tables: /);
    const wrong = withDatabase((admin ?? '').replace(/:[^:@/]*@/, ':wrong-secret-pw@'), NAME);
    const error = await openConnection(wrong).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/password authentication failed/);
    expect(error?.message).not.toContain('wrong-secret-pw');
    const unreachable = await openConnection('postgres://u:hunter2-secret@127.0.0.1:1/db').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(unreachable?.message).toMatch(/^PostgreSQL server unreachable: 127\.0\.0\.1:1: /);
    expect(unreachable?.message).not.toContain('hunter2');
    const missingDb = await openConnection(withDatabase(admin ?? '', 'no_such_db_here')).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(missingDb?.message).toMatch(/database "no_such_db_here" does not exist/);
    expect(redactUrl('postgres://u:p%40ss@h/db?password=x')).toBe('postgres://u:***@h/db?password=***');
  });

  it('reports permission denied clearly', async () => {
    await db.client.query(
      "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'guided_reader') THEN CREATE ROLE guided_reader LOGIN PASSWORD 'reader-pw'; END IF; END $$",
    );
    await db.client.query('REVOKE ALL ON region FROM PUBLIC');
    const u = new URL(db.url);
    u.username = 'guided_reader';
    u.password = 'reader-pw';
    let connector: Connector | undefined;
    try {
      connector = await openPostgres(u.toString());
      const error = await profileDatabase(connector, { tables: ['region'] }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toBe('table "region": PostgreSQL: permission denied for table region');
      expect(error?.message).not.toContain('reader-pw');
    } finally {
      await connector?.close();
    }
  });
});

describe.skipIf(admin === undefined)('PostgreSQL connection lost mid-profile', () => {
  const LOST = `guided_profiler_lost_${process.pid}`;
  let db: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    db = await scratchDatabase(admin ?? '', LOST, [
      'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT)',
      "INSERT INTO customers SELECT i, 'customer ' || i FROM generate_series(1, 100) AS i",
      'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers, placed DATE, note TEXT)',
      "INSERT INTO orders SELECT i, 1 + i % 100, DATE '2024-01-01' + i % 365, 'note ' || i FROM generate_series(1, 1000) AS i",
    ]);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it("stops with one line holding the server's own message, with no column skipped for it", async () => {
    // The test holds a lock on orders: the profiler's statement on it waits, and its backend is
    // terminated while it waits (an event looked for, not a duration).
    const holder = new (await import('pg')).default.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    const warnings: string[] = [];
    const connector = await openPostgres(db.url);
    try {
      const profiling = profileDatabase(connector, { onWarning: (w) => warnings.push(w) }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      let terminated = 0;
      for (let tries = 0; terminated === 0; tries++) {
        if (tries > 2400) throw new Error('the profiler never waited on the locked table');
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await db.client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          [LOST],
        );
        terminated = rows.length;
      }
      await holder.query('ROLLBACK');
      const error = await profiling;
      expect(error?.message).toBe(
        `table "orders": PostgreSQL connection lost: ${new URL(db.url).hostname}:${new URL(db.url).port || '5432'}: terminating connection due to administrator command`,
      );
      expect(warnings).toEqual([]);
    } finally {
      await connector.close();
      await holder.end();
    }
  });
});
