import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleColumns, sampleTable } from './column-sample.js';
import type { Connector } from './connector.js';
import { openPostgres, profilePostgres } from './postgres.js';
import { profileDatabase } from './profile.js';
import { openSqlite } from './sqlite.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';
import type { ColumnProfile, DatabaseProfile } from './types.js';

const SQL = [
  'CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, grp INTEGER NOT NULL, note TEXT, odd)',
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
   INSERT INTO item SELECT i, 'C' || i, i % 10, CASE WHEN i % 3 = 0 THEN NULL ELSE 'n' || (i % 100) END,
     CASE i % 4 WHEN 0 THEN x'ff' WHEN 1 THEN 'text ' || i WHEN 2 THEN i ELSE NULL END FROM n`,
  "CREATE TABLE keyed (k UNIQUE); INSERT INTO keyed VALUES (1), ('a'), (x'00')",
];

/** Profiles with every statement recorded. */
async function recorded(
  connector: Connector,
  options: Parameters<typeof profileDatabase>[1],
): Promise<{ profile: DatabaseProfile; statements: string[] }> {
  const statements: string[] = [];
  const query = connector.query.bind(connector);
  connector.query = (sql) => {
    statements.push(sql);
    return query(sql);
  };
  const offload = connector.offload?.bind(connector);
  if (offload) {
    connector.offload = (sql) => {
      statements.push(sql);
      return offload(sql);
    };
  }
  return { profile: await profileDatabase(connector, options), statements };
}

const column = (p: DatabaseProfile, name: string): ColumnProfile => {
  const found = p.tables[0]?.columns.find((c) => c.name === name);
  if (!found) throw new Error(name);
  return found;
};

let dir: string;
let path: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'profiler-pass-'));
  path = join(dir, 'items.db');
  const db = new Database(path);
  for (const sql of SQL) db.exec(sql);
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the pass over every row', () => {
  it('counts nothing the schema guarantees: NOT NULL counts, unique distinct counts', async () => {
    const connector = await openSqlite(path);
    try {
      // A sample smaller than the table: distinct values are estimated, except for unique columns.
      const { profile, statements } = await recorded(connector, { sampleRows: 500, tables: ['item'] });
      const pass = statements.find((s) => s.startsWith('SELECT ') && s.includes('COUNT("note")')) ?? '';
      expect(pass).not.toMatch(/COUNT\("(code|grp)"\)/);
      expect(pass).toMatch(/COUNT\("id"\).*COUNT\("note"\)/); // the rowid alias is not declared NOT NULL
      // The rowid alias and the unique column lead an index: their bounds are seeks, not in the pass.
      expect(pass).not.toMatch(/M(IN|AX)\("(id|code)"\)/);
      expect(statements).toContain(
        'SELECT (SELECT MIN("id") FROM "item"), (SELECT MAX("id") FROM "item"), (SELECT typeof(m) FROM (SELECT MAX("id") AS m FROM "item")), ' +
          '(SELECT MIN("code") FROM "item"), (SELECT MAX("code") FROM "item"), (SELECT typeof(m) FROM (SELECT MAX("code") AS m FROM "item"))',
      );
      expect(pass).not.toMatch(/COUNT\(DISTINCT/);
      expect(column(profile, 'id')).toMatchObject({ count: 3000, distinct: 3000, distinctExact: true, approxDistinct: 3000 });
      expect(column(profile, 'code')).toMatchObject({ count: 3000, distinct: 3000, distinctExact: true, min: 'C1', max: 'C999' });
      expect(column(profile, 'grp')).toMatchObject({ count: 3000, distinctExact: false, min: 0, max: 9 });
      expect(column(profile, 'note')).toMatchObject({ count: 2000, nulls: 1000, distinctExact: false });
    } finally {
      await connector.close();
    }
  });

  it('counts distinct values exactly when the sample is the whole table (the default threshold)', async () => {
    const connector = await openSqlite(path);
    try {
      const { profile, statements } = await recorded(connector, { tables: ['item'] });
      expect(statements.some((s) => s.includes('COUNT(DISTINCT "grp")'))).toBe(true);
      expect(column(profile, 'grp')).toMatchObject({ distinct: 10, distinctExact: true });
      expect(column(profile, 'note')).toMatchObject({ distinct: 100, distinctExact: true });
    } finally {
      await connector.close();
    }
  });

  it('leaves blobs out of min and max, with a second pass for a column that holds one', async () => {
    const connector = await openSqlite(path);
    try {
      const { profile, statements } = await recorded(connector, { tables: ['item'] });
      // Numbers sort before text in SQLite; the blobs (which sort last) are not values.
      expect(column(profile, 'odd')).toMatchObject({ min: 2, max: 'text 997' });
      expect(statements.filter((s) => s.startsWith('SELECT MIN(CASE WHEN typeof("odd")'))).toHaveLength(1);
      // An indexed column holding a blob: its index bounds are not used, the pass leaves the blob out.
      const keyed = await profileDatabase(connector, { tables: ['keyed'] });
      expect(keyed.tables[0]?.columns[0]).toMatchObject({ min: 1, max: 'a', distinct: 3, distinctExact: true });
    } finally {
      await connector.close();
    }
  });
});

describe("the engine's distinct estimate", () => {
  it('is never below the distinct values the sample saw', async () => {
    const connector = await openSqlite(path);
    try {
      // An engine sketch that says 1 whatever the column (DuckDB's undercounts small sets: 2 of 3).
      Object.defineProperty(connector, 'dialect', { value: { ...connector.dialect, approxDistinct: () => '1' } });
      const profile = await profileDatabase(connector, { tables: ['item'], sampleRows: 2000 });
      expect(column(profile, 'grp')).toMatchObject({ distinct: 10, approxDistinct: 10, distinctExact: false });
      expect(column(profile, 'id')).toMatchObject({ distinct: 3000, distinctExact: true });
    } finally {
      await connector.close();
    }
  });
});

describe('SQLite beside itself', () => {
  it('runs the pass over every row in a worker thread, with the same profile as without', async () => {
    const connector = await openSqlite(path);
    try {
      const offloaded: string[] = [];
      const offload = connector.offload!.bind(connector);
      connector.offload = (sql) => {
        offloaded.push(sql);
        return offload(sql);
      };
      const profile = await profileDatabase(connector, {});
      expect(offloaded.some((s) => s.includes('COUNT("note")'))).toBe(true);
      delete connector.offload;
      expect(await profileDatabase(connector, {})).toEqual(profile);
      // Errors from the worker read like the main connection's.
      await expect(offload('SELECT * FROM nowhere')).rejects.toThrow('no such table: nowhere');
      await expect(offload('SELEKT 1')).rejects.toThrow(/^SQLite: near "SELEKT": syntax error$/);
    } finally {
      await connector.close();
    }
  });
});

describe('sampleColumns', () => {
  it('splits the columns when the engine runs out of memory for several at once', async () => {
    const connector = await openSqlite(path);
    try {
      const { columns } = await connector.describeTable('item');
      const wanted = columns.map((c) => ({
        sql: connector.dialect.column(connector.dialect.quoteIdentifier(c.name), c.declaredType),
        sketch: true,
      }));
      const source = await connector.sampleSource('item', 3000, 3000);
      const options = { candidates: 4, maxLength: 1000 };
      const whole = await sampleTable(connector, wanted, source.from, options);
      const query = connector.query.bind(connector);
      let refused = 0;
      connector.query = async (sql) => {
        if (sql.includes(' g1 AS ')) {
          refused += 1;
          throw new Error('DuckDB: Out of Memory Error: failed to allocate data of size 16.0 MiB');
        }
        return query(sql);
      };
      expect(await sampleColumns(connector, wanted, source.from, options)).toEqual(whole);
      expect(refused).toBe(1 + 2 + 1); // 5 columns, then 3 and 2, then 2 of the 3
    } finally {
      await connector.close();
    }
  });
});

let admin: string | undefined;
try {
  admin = postgresUrl();
} catch {
  admin = undefined; // postgres.test.ts reports the missing set-up
}

describe.skipIf(admin === undefined)('PostgreSQL connections on one snapshot', () => {
  it("profile tables in parallel, every one as of the first connection's snapshot", async () => {
    const db = await scratchDatabase(admin ?? '', `guided_fork_test_${process.pid}`, [
      'CREATE TABLE a (x INTEGER NOT NULL)',
      'CREATE TABLE b (x INTEGER NOT NULL)',
      'CREATE TABLE c (x INTEGER NOT NULL)',
      'INSERT INTO a SELECT generate_series(1, 100)',
      'INSERT INTO b SELECT generate_series(1, 200)',
      'INSERT INTO c SELECT generate_series(1, 300)',
    ]);
    const connector = await openPostgres(db.url);
    try {
      expect(await connector.listTables()).toEqual(['a', 'b', 'c']); // the snapshot is taken here
      for (const t of ['a', 'b', 'c']) await db.client.query(`INSERT INTO ${t} SELECT generate_series(1, 1000)`);
      const opened: string[] = [];
      const fork = connector.fork!.bind(connector);
      connector.fork = async () => {
        opened.push('fork');
        return fork();
      };
      const profile = await profileDatabase(connector, { concurrency: 3 });
      expect(opened).toHaveLength(2);
      expect(profile.tables.map((t) => [t.name, t.rowCount])).toEqual([
        ['a', 100],
        ['b', 200],
        ['c', 300],
      ]);
      // The forks are closed; the connector goes on.
      expect(await connector.query('SELECT COUNT(*) FROM a')).toEqual([[100]]);
    } finally {
      await connector.close();
      await db.drop();
    }
  });
});

describe.skipIf(admin === undefined)('PostgreSQL distinct estimates', () => {
  it("take ANALYZE's estimate where the page sample sees clustered values together", async () => {
    const db = await scratchDatabase(admin ?? '', `guided_ndistinct_test_${process.pid}`, [
      // Runs of 4 equal values: a page sample sees each run whole, so it sees few distinct values.
      'CREATE TABLE runs (v INTEGER NOT NULL)',
      'INSERT INTO runs SELECT i / 4 FROM generate_series(0, 79999) AS i',
      'ANALYZE runs',
    ]);
    try {
      const profile = await profilePostgres(db.url, { sampleRows: 4000 });
      const v = profile.tables[0]?.columns[0];
      expect(profile.tables[0]?.sampleMethod).toBe('TABLESAMPLE SYSTEM');
      expect(v?.distinctExact).toBe(false);
      // The page sample alone: about 1,000 distinct values; ANALYZE's row sample: close to 20,000.
      expect(v?.distinct).toBeGreaterThan(15_000);
      expect(v?.distinct).toBeLessThanOrEqual(80_000);
    } finally {
      await db.drop();
    }
  });
});

describe.skipIf(admin === undefined)('PostgreSQL row estimates', () => {
  it('count the rows in the pass over every row, whatever the estimate says', async () => {
    const db = await scratchDatabase(admin ?? '', `guided_pass_test_${process.pid}`, [
      'CREATE TABLE t (id INTEGER PRIMARY KEY, grp INTEGER NOT NULL)',
      'INSERT INTO t SELECT i, i % 10 FROM generate_series(1, 1000) AS i',
      'ANALYZE t',
      // The estimate is now stale: 1,000 rows estimated, 5,000 there.
      'INSERT INTO t SELECT i, i % 10 FROM generate_series(1001, 5000) AS i',
    ]);
    const connector = await openPostgres(db.url);
    try {
      expect((await connector.describeTable('t')).estimatedRows).toBe(1000);
      const { profile, statements } = await recorded(connector, { sampleRows: 2000 });
      expect(statements.filter((s) => /^SELECT COUNT\(\*\) FROM/.test(s))).toEqual([]);
      // The primary key's bounds come from its index, not from the pass.
      expect(statements).toContain('SELECT (SELECT MIN("id") FROM "public"."t"), (SELECT MAX("id") FROM "public"."t")');
      expect(statements.find((s) => s.startsWith('SELECT COUNT(*), '))).not.toMatch(/MIN\("id"\)/);
      expect(profile.tables[0]).toMatchObject({ rowCount: 5000 });
      expect(column(profile, 'grp')).toMatchObject({ count: 5000, nulls: 0 });
      // Exactness was decided on the estimate (1,000 ≤ 2,000): counted exactly, over every row.
      expect(column(profile, 'grp')).toMatchObject({ distinct: 10, distinctExact: true });
      expect(column(profile, 'id')).toMatchObject({ distinct: 5000, distinctExact: true, min: 1, max: 5000 });
    } finally {
      await connector.close();
      await db.drop();
    }
  });
});
