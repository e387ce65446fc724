import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from './connector.js';
import { DRIVER_NOT_INSTALLED, loadBetterSqlite3 } from './driver.js';
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
    await expect(openSqlite(missing)).rejects.toThrow(new Error(`database file not found: ${missing}`));
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
    await expect(loadBetterSqlite3(failing)).rejects.toThrow(new Error(DRIVER_NOT_INSTALLED));
    expect(DRIVER_NOT_INSTALLED).toBe('better-sqlite3 is not installed: run `pnpm add better-sqlite3@12`');
    expect(typeof (await loadBetterSqlite3())).toBe('function');
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
    expect(await connector.listTables()).toEqual([
      'customer',
      'empty_table',
      'line items',
      'orders',
      'region',
      'say "hi"',
      'tag',
    ]);
  });

  it('quotes identifiers by doubling embedded quotes', () => {
    expect(quoteIdentifier('line items')).toBe('"line items"');
    expect(quoteIdentifier('say "hi"')).toBe('"say ""hi"""');
  });

  it('describes columns in declared order and the primary key in key order', async () => {
    const orders = await connector.describeTable('orders');
    expect(orders.columns).toEqual([
      { name: 'order_no', declaredType: 'INTEGER' },
      { name: 'customer_id', declaredType: 'INTEGER' },
      { name: 'placed_at', declaredType: 'TEXT' },
      { name: 'total', declaredType: 'REAL' },
    ]);
    expect(orders.primaryKey).toEqual(['customer_id', 'order_no']);
    expect((await connector.describeTable('empty_table')).primaryKey).toEqual([]);
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

  it('computes stats in SQL, through quoted identifiers', async () => {
    expect(await connector.rowCount('line items')).toBe(4);
    expect(await connector.columnStats('say "hi"', 'the "id"')).toEqual({
      count: 3,
      nulls: 0,
      distinct: 3,
      min: 1,
      max: 3,
    });
  });

  it('returns integers beyond 2^53 as exact decimal strings', async () => {
    expect(await connector.columnStats('say "hi"', 'big')).toEqual({
      count: 2,
      nulls: 1,
      distinct: 2,
      min: 5,
      max: '9007199254740993',
    });
  });

  it('never returns blobs as min, max or sample values', async () => {
    expect(await connector.columnStats('customer', 'avatar')).toEqual({
      count: 2,
      nulls: 3,
      distinct: 2,
      min: null,
      max: null,
    });
    expect(await connector.sampleValues('customer', 'avatar', { sampleRows: 100, sampleSize: 10 })).toEqual([]);
  });

  it('samples the leading rows in storage order, even when the column is indexed', async () => {
    // customer.region has an index; sampling it in index order would give [EU×2].
    expect(await connector.sampleValues('customer', 'region', { sampleRows: 2, sampleSize: 10 })).toEqual([
      { value: 'EU', count: 1 },
      { value: 'US', count: 1 },
    ]);
    expect(await connector.sampleValues('customer', 'region', { sampleRows: 100, sampleSize: 1 })).toEqual([
      { value: 'EU', count: 3 },
    ]);
  });

  it('samples a WITHOUT ROWID table in primary-key order, not in an index order', async () => {
    // Storage (key) order: a, b, c with weights 9, 1, 5; tag_weight's order would start b / 1.
    const first = { sampleRows: 1, sampleSize: 10 };
    expect(await connector.sampleValues('tag', 'name', first)).toEqual([{ value: 'a', count: 1 }]);
    expect(await connector.sampleValues('tag', 'weight', first)).toEqual([{ value: 9, count: 1 }]);
  });
});
