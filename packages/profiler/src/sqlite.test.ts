import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileConnection, withConnection } from './connect.js';
import type { Connector } from './connector.js';
import { loadBetterSqlite3 } from './driver.js';
import { openSqlite, quoteIdentifier, sqliteHandle } from './sqlite.js';
import { createFixture, type Fixture } from './test-support/fixture.js';

let fixture: Fixture;
let connector: Connector;

beforeAll(async () => {
  fixture = createFixture();
  connector = await openSqlite(fixture.path);
});

afterAll(async () => {
  await connector.close();
  fixture.cleanup();
});

describe('SQLite infinities', () => {
  it('keeps ±Infinity as strings in samples, min and max', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiler-inf-'));
    try {
      const path = join(dir, 'inf.sqlite');
      const Sqlite = await loadBetterSqlite3();
      const db = new Sqlite(path);
      db.exec('CREATE TABLE m (x REAL); INSERT INTO m VALUES (9e999), (-9e999), (1.5)');
      db.close();
      const profile = await profileConnection(path);
      const x = profile.tables[0]?.columns[0];
      expect(x).toMatchObject({ min: '-Infinity', max: 'Infinity', inferredType: 'real' });
      expect(x?.sample.map((s) => String(s.value)).sort()).toEqual(['-Infinity', '1.5', 'Infinity']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openSqlite', () => {
  it('names the database after the file', () => {
    expect(connector.engine).toBe('sqlite');
    expect(connector.database).toBe('shop.db');
  });

  it('opens the connection read-only and query-only, so writes through it are rejected', () => {
    const db = sqliteHandle(connector);
    expect(db.pragma('query_only', { simple: true })).toBe(1);
    expect(() => db.exec("INSERT INTO region VALUES ('XX', 'Nowhere')")).toThrow(/readonly|read-only/i);
    expect(() => db.exec('CREATE TABLE intruder (x)')).toThrow(/readonly|read-only/i);
    expect(() => db.exec('DELETE FROM customer')).toThrow(/readonly|read-only/i);
  });

  it('reports a missing file clearly', async () => {
    const missing = join(fixture.dir, 'nope.db');
    await expect(openSqlite(missing)).rejects.toThrow(`database file not found: ${missing}`);
  });

  it('reports a file that is not SQLite clearly, without a stack trace in the message', async () => {
    const text = join(fixture.dir, 'notes.txt');
    writeFileSync(text, 'these are not the bytes you are looking for\n'.repeat(10));
    const error = await openSqlite(text).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(`not a SQLite database: ${text}`);
    expect(error?.message).not.toMatch(/\n\s+at /);
  });

  it('reports a directory as not a SQLite database', async () => {
    const dir = join(fixture.dir, 'a-directory');
    mkdirSync(dir);
    await expect(openSqlite(dir)).rejects.toThrow(`not a SQLite database: ${dir}`);
  });

  it('explains how to install better-sqlite3 when it cannot be loaded', async () => {
    const failing = () => Promise.reject(new Error("Cannot find package 'better-sqlite3'"));
    // In the words of whichever manager runs the tests (install-command.test.ts checks each).
    await expect(loadBetterSqlite3(failing)).rejects.toThrow(
      /^better-sqlite3 is not installed: run `(pnpm add|npm install) better-sqlite3@12/,
    );
    expect(typeof (await loadBetterSqlite3())).toBe('function');
  });

  it('profiles from a script run as `node --input-type=module -e` (the full pass runs in a CommonJS worker)', () => {
    const script = `import { profileSqlite } from '@guided-retrieval/profiler';
      const p = await profileSqlite(process.argv[1]); console.log(p.tables.length);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, fixture.path], {
      cwd: dirname(dirname(fileURLToPath(import.meta.url))),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(Number(run.stdout.trim())).toBeGreaterThan(0);
  });

  it('closes idempotently', async () => {
    const other = await openSqlite(fixture.path);
    await other.close();
    await other.close();
    await expect(other.listTables()).rejects.toThrow();
  });
});

describe('SQLite connector', () => {
  it('lists user tables by name: no views, no sqlite_ tables', async () => {
    expect(await connector.listTables()).toEqual(['customer', 'empty_table', 'line items', 'orders', 'region', 'say "hi"', 'tag']);
  });

  it('quotes identifiers by doubling embedded quotes', () => {
    expect(quoteIdentifier('line items')).toBe('"line items"');
    expect(quoteIdentifier('say "hi"')).toBe('"say ""hi"""');
  });

  it('describes columns in declared order and the primary key in key order', async () => {
    const orders = await connector.describeTable('orders');
    expect(orders.columns).toEqual([
      { name: 'order_no', declaredType: 'INTEGER', notNull: true },
      { name: 'customer_id', declaredType: 'INTEGER', notNull: true },
      { name: 'placed_at', declaredType: 'TEXT', notNull: false },
      { name: 'total', declaredType: 'REAL', notNull: false },
    ]);
    expect(orders.primaryKey).toEqual(['customer_id', 'order_no']);
    expect(orders.unique).toEqual([]);
    expect((await connector.describeTable('empty_table')).primaryKey).toEqual([]);
    // Single-column unique indexes: the WITHOUT ROWID primary key, the text primary key.
    expect((await connector.describeTable('tag')).unique).toEqual(['name']);
    expect((await connector.describeTable('region')).unique).toEqual(['code']);
  });

  it('keeps composite foreign keys together, in declaration order', async () => {
    expect((await connector.describeTable('line items')).foreignKeys).toEqual([
      { columns: ['customer_id', 'order_no'], referencedTable: 'orders', referencedColumns: ['customer_id', 'order_no'] },
      { columns: ['customer_id'], referencedTable: 'customer', referencedColumns: ['id'] },
    ]);
  });

  it("resolves an implicit referenced column to the referenced table's primary key", async () => {
    expect((await connector.describeTable('customer')).foreignKeys).toEqual([
      { columns: ['region'], referencedTable: 'region', referencedColumns: ['code'] },
    ]);
    // REFERENCES ORDERS (no columns, other case): orders' composite key, under its real name.
    const hi = await connector.describeTable('say "hi"');
    expect(hi.primaryKey).toEqual(['the "id"']);
    expect(hi.foreignKeys).toEqual([
      { columns: ['cust', 'ord'], referencedTable: 'orders', referencedColumns: ['customer_id', 'order_no'] },
    ]);
  });

  it('rejects an unknown table', async () => {
    await expect(connector.describeTable('nope')).rejects.toThrow('no such table: nope');
  });

  it('runs SQL through quoted identifiers, integers beyond 2^53 as exact strings, blobs as null', async () => {
    expect(await connector.query(`SELECT COUNT(*) FROM ${quoteIdentifier('line items')}`)).toEqual([[4]]);
    expect(await connector.query(`SELECT MAX(big) FROM ${quoteIdentifier('say "hi"')}`)).toEqual([['9007199254740993']]);
    expect(await connector.query('SELECT avatar FROM customer WHERE id = 1')).toEqual([[null]]);
  });

  it('names a missing table in query errors', async () => {
    await expect(connector.query('SELECT * FROM ghost')).rejects.toThrow('no such table: ghost');
  });

  it('samples all rows of a small table, one row per rowid stride of a large one, leading rows of a WITHOUT ROWID one', async () => {
    expect(await connector.sampleSource('customer', 5, 10)).toEqual({ from: '"customer" AS s', method: 'all rows' });
    const stride = await connector.sampleSource('customer', 5, 2);
    expect(stride.method).toBe('rowid stride');
    expect(await connector.query(`SELECT id FROM ${stride.from}`)).toEqual([[2], [3]]);
    const tag = await connector.sampleSource('tag', 3, 1);
    expect(tag.method).toBe('leading rows');
    expect(await connector.query(`SELECT name FROM ${tag.from}`)).toEqual([['a']]);
  });
});

describe('SQLite bad input', () => {
  it('profiles odd identifiers, empty and all-NULL tables, mixed types, blobs and huge text; skips a table dropped mid-profile', async () => {
    const { BAD_INPUT_SQL, HUGE_TEXT } = await import('./test-support/bad-input.js');
    const { default: Database } = await import('better-sqlite3');
    const { profileDatabase } = await import('./profile.js');
    const path = join(fixture.dir, 'bad.db');
    const writer = new Database(path);
    for (const sql of BAD_INPUT_SQL) writer.exec(sql);
    writer.exec("CREATE TABLE mixed (v); INSERT INTO mixed VALUES (1), ('two'), (3.5), (x'00'), (NULL);");
    writer.prepare('CREATE TABLE huge (t TEXT)').run();
    writer.prepare('INSERT INTO huge VALUES (?), (?)').run(HUGE_TEXT, 'short');
    writer.exec('CREATE TABLE doomed (x INTEGER)');
    const reader = await openSqlite(path);
    const warnings: string[] = [];
    try {
      const profile = await profileDatabase(reader, {
        onProgress: ({ table }) => {
          if (table === 'doomed') writer.exec('DROP TABLE doomed');
        },
        onWarning: (w) => warnings.push(w),
      });
      const column = (t: string, c: string) => profile.tables.find((x) => x.name === t)?.columns.find((x) => x.name === c);
      expect(warnings).toEqual(['table "doomed" was dropped while profiling: skipped']);
      expect(profile.tables.map((t) => t.name)).not.toContain('doomed');
      expect(column('select', 'ünïcødé näme')).toMatchObject({ count: 3, distinct: 3 });
      expect(column('select', 'say "hi"')).toMatchObject({ count: 2, nulls: 1 });
      expect(column('all_null', 'nothing')).toMatchObject({ count: 0, nulls: 2, sample: [], ontology: null });
      expect(column('empty_table', 'a')).toMatchObject({ count: 0, sample: [], length: null });
      expect(column('mixed', 'v')).toMatchObject({ count: 4, distinct: 4, inferredType: 'unknown', min: 1, max: 'two' });
      expect(column('mixed', 'v')?.sample.map((s) => s.value)).toEqual([1, 3.5, 'two']);
      expect(String(column('huge', 't')?.max).length).toBe(1000);
      expect(column('huge', 't')?.length).toEqual({ min: 5, max: 200_000, mean: 100_002.5 });
      expect(column('contacts', 'email')?.ontology).toBe('email');
      expect(column('contacts', 'phone')?.ontology).toBe('phone');
      expect(column('line items', 'note')?.cleanSample).toEqual(['fine']);
    } finally {
      await reader.close();
      writer.close();
    }
  });
});

describe('withConnection', () => {
  it('gives the connector to the work and closes it after, also when the work fails', async () => {
    const handles: ReturnType<typeof sqliteHandle>[] = [];
    const tables = await withConnection(fixture.path, {}, async (c) => {
      handles.push(sqliteHandle(c));
      return c.listTables();
    });
    expect(tables).toContain('customer');
    const failing = withConnection(`sqlite:${fixture.path}`, {}, async (c) => {
      handles.push(sqliteHandle(c));
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(handles.map((db) => db.open)).toEqual([false, false]);
  });
});
