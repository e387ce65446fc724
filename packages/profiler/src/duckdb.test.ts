import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, parseConnection, profileConnection } from './connect.js';
import { duckdbHandle, openDuckdb, profileDuckdb } from './duckdb.js';
import { BAD_INPUT_SQL, HUGE_TEXT } from './test-support/bad-input.js';
import { sha256 } from './test-support/fixture.js';
import type { DatabaseProfile } from './types.js';

let dir: string;
let file: string;
let parquet: string;
let profile: DatabaseProfile;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'profiler-duckdb-'));
  file = join(dir, 'shop.duckdb');
  parquet = join(dir, 'events.parquet');
  const instance = await DuckDBInstance.create(file);
  const c = await instance.connect();
  for (const sql of BAD_INPUT_SQL) await c.run(sql);
  await c.run('CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (b, a))');
  await c.run('CREATE TABLE pair_ref (x INTEGER, y INTEGER, FOREIGN KEY (x, y) REFERENCES pair (b, a))');
  await c.run('CREATE TABLE odd (id INTEGER, payload BLOB, tags VARCHAR[], big HUGEINT, amount DECIMAL(15,2), long_text VARCHAR)');
  await c.run(
    `INSERT INTO odd VALUES (1, '\\x01'::BLOB, ['a', 'b'], 9007199254740993, 10.50, '${HUGE_TEXT}'), (2, NULL, NULL, 5, NULL, 'short')`,
  );
  await c.run("CREATE TABLE big AS SELECT i AS id, i % 7 AS grp, 'label ' || (i % 1000) AS label FROM range(1, 300001) t(i)");
  await c.run('CREATE VIEW a_view AS SELECT 1 AS x');
  await c.run(
    `COPY (SELECT i AS id, 'user' || (i % 10) || '@example.com' AS email FROM range(0, 5000) t(i)) TO '${parquet}' (FORMAT parquet)`,
  );
  c.closeSync();
  instance.closeSync();
  profile = await profileDuckdb(file, { sampleRows: 20_000, exactDistinctMaxRows: 100_000 });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const table = (name: string) => profile.tables.find((t) => t.name === name);
const column = (t: string, c: string) => table(t)?.columns.find((x) => x.name === c);

describe('DuckDB connector', () => {
  it('lists base tables by name, not views', () => {
    expect(profile).toMatchObject({ engine: 'duckdb', database: 'shop.duckdb' });
    expect(profile.tables.map((t) => t.name)).toEqual([
      'all_null',
      'big',
      'contacts',
      'empty_table',
      'line items',
      'odd',
      'pair',
      'pair_ref',
      'select',
    ]);
  });

  it('reads declared keys from the catalog', () => {
    expect(table('pair')?.primaryKey).toEqual(['b', 'a']);
    expect(table('pair_ref')?.foreignKeys).toEqual([{ columns: ['x', 'y'], referencedTable: 'pair', referencedColumns: ['b', 'a'] }]);
    expect(table('line items')?.foreignKeys).toEqual([{ columns: ['select id'], referencedTable: 'select', referencedColumns: ['from'] }]);
    expect(table('select')?.primaryKey).toEqual(['from']);
  });

  it('profiles odd identifiers and odd values', () => {
    expect(column('select', 'ünïcødé näme')).toMatchObject({ count: 3, distinct: 3, inferredType: 'text' });
    expect(column('select', 'say "hi"')).toMatchObject({ count: 2, nulls: 1, min: 1, max: 2 });
    expect(column('empty_table', 'b')).toMatchObject({ count: 0, distinct: 0, sample: [], length: null });
    expect(column('all_null', 'nada')).toMatchObject({ count: 0, nulls: 2, sample: [] });
    expect(column('odd', 'payload')).toMatchObject({ inferredType: 'blob', count: 1, min: null, sample: [] });
    expect(column('odd', 'tags')).toMatchObject({ count: 1, sample: [{ value: '[a, b]', count: 1 }] });
    expect(column('odd', 'big')).toMatchObject({ min: 5, max: '9007199254740993' });
    expect(column('odd', 'amount')).toMatchObject({ min: 10.5, inferredType: 'real' });
    expect(String(column('odd', 'long_text')?.max).length).toBe(1000);
    expect(column('odd', 'long_text')?.length).toMatchObject({ max: 200_000 });
    expect(column('contacts', 'email')?.ontology).toBe('email');
    expect(column('contacts', 'signup')?.ontology).toBe('date');
    expect(column('line items', 'note')?.cleanSample).toEqual(['fine']);
  });

  it('samples in the engine (Bernoulli) and counts distinct values with approx_count_distinct', () => {
    expect(table('big')).toMatchObject({ rowCount: 300_000, sampleMethod: 'bernoulli' });
    // Each row with probability 20,000 / 300,000: about 20,000 rows (σ ≈ 137).
    expect(Math.abs((table('big')?.sampledRows ?? 0) - 20_000)).toBeLessThan(1000);
    expect(column('big', 'grp')).toMatchObject({ distinct: 7, distinctExact: false });
    const ids = column('big', 'id')?.approxDistinct ?? 0;
    expect(Math.abs(ids - 300_000) / 300_000).toBeLessThan(0.1);
    expect(column('pair', 'a')?.distinctExact).toBe(true);
  });

  it('is deterministic and leaves the file unchanged', async () => {
    const hash = sha256(file);
    expect(await profileDuckdb(file, { sampleRows: 20_000, exactDistinctMaxRows: 100_000 })).toEqual(profile);
    expect(sha256(file)).toBe(hash);
  });

  it('refuses writes: the database is attached read-only, file access is off and locked', async () => {
    const connector = await openDuckdb(file);
    try {
      const handle = duckdbHandle(connector);
      await expect(handle.run('INSERT INTO contacts (id) VALUES (99)')).rejects.toThrow(/read-only/);
      await expect(handle.run('CREATE TABLE intruder (x INTEGER)')).rejects.toThrow(/read-only/);
      await expect(handle.run(`COPY contacts TO '${join(dir, 'out.csv')}'`)).rejects.toThrow(/disabled by configuration/);
      await expect(handle.run('SET enable_external_access = true')).rejects.toThrow(/locked/);
    } finally {
      await connector.close();
    }
  });

  it('profiles a Parquet file as a table, and cannot write it', async () => {
    const hash = sha256(parquet);
    const p = await profileConnection(parquet);
    expect(p.tables.map((t) => t.name)).toEqual(['events']);
    expect(p.tables[0]?.columns.find((c) => c.name === 'email')).toMatchObject({ count: 5000, distinct: 10, ontology: 'email' });
    const connector = await openDuckdb(parquet);
    try {
      const handle = duckdbHandle(connector);
      await expect(handle.run(`COPY (SELECT 1) TO '${parquet}' (FORMAT parquet)`)).rejects.toThrow(/disabled by configuration/);
      await expect(handle.run(`COPY (SELECT 1) TO '${join(dir, 'x.csv')}'`)).rejects.toThrow(/disabled by configuration/);
    } finally {
      await connector.close();
    }
    expect(sha256(parquet)).toBe(hash);
  });

  it('recognises files by their bytes and reports bad ones in one line', async () => {
    expect((await parseConnection(file)).engine).toBe('duckdb');
    expect((await parseConnection(`duckdb:${file}`)).engine).toBe('duckdb');
    const text = join(dir, 'notes.duckdb');
    writeFileSync(text, 'not a database at all\n');
    await expect(openConnection(text)).rejects.toThrow(`not a DuckDB database: ${text}`);
    await expect(openConnection(join(dir, 'missing.duckdb'))).rejects.toThrow(/^database file not found: /);
    await expect(profileDuckdb(file, { tables: ['nope'] })).rejects.toThrow(/unknown table "nope"/);
  });
});

describe('a folder of Parquet files', () => {
  let lake: string;

  beforeAll(async () => {
    lake = join(dir, 'lake');
    mkdirSync(join(lake, 'nested'), { recursive: true });
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    await c.run(`COPY (SELECT i AS id, 'n' || i AS name FROM range(0, 30) t(i)) TO '${join(lake, 'customers.parquet')}' (FORMAT parquet)`);
    await c.run(
      `COPY (SELECT i AS order_id, i % 30 AS customer_id, i * 1.5 AS total FROM range(0, 200) t(i)) TO '${join(lake, 'orders.parquet')}' (FORMAT parquet)`,
    );
    await c.run(`COPY (SELECT 1 AS x) TO '${join(lake, 'nested', 'deep.parquet')}' (FORMAT parquet)`);
    c.closeSync();
    instance.closeSync();
    writeFileSync(join(lake, 'README.txt'), 'not a table\n');
  });

  it('profiles each .parquet file directly inside as a table named by its stem; schemas may differ', async () => {
    expect(await parseConnection(lake)).toEqual({ engine: 'duckdb', target: lake, display: lake });
    const before = sha256(join(lake, 'orders.parquet'));
    const p = await profileConnection(lake);
    expect(p).toMatchObject({ engine: 'duckdb', database: 'lake' });
    expect(p.tables.map((t) => [t.name, t.rowCount, t.columns.map((c) => c.name)])).toEqual([
      ['customers', 30, ['id', 'name']],
      ['orders', 200, ['order_id', 'customer_id', 'total']],
    ]);
    expect((await profileConnection(`duckdb:${lake}`)).tables).toHaveLength(2);
    expect(sha256(join(lake, 'orders.parquet'))).toBe(before);
  });

  it('cannot write into the folder', async () => {
    const connector = await openDuckdb(lake);
    try {
      await expect(duckdbHandle(connector).run(`COPY (SELECT 1) TO '${join(lake, 'new.parquet')}' (FORMAT parquet)`)).rejects.toThrow(
        /disabled by configuration/,
      );
    } finally {
      await connector.close();
    }
  });

  it('says in one line that a folder holds no Parquet file', async () => {
    const none = join(dir, 'no-parquet');
    mkdirSync(none);
    writeFileSync(join(none, 'data.csv'), 'a,b\n1,2\n');
    await expect(openConnection(none)).rejects.toThrow(
      `no Parquet file in folder ${none} (a folder is read as its .parquet files, one table each)`,
    );
    await expect(openConnection(`duckdb:${none}`)).rejects.toThrow(/^no Parquet file in folder /);
  });
});
