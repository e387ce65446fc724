import { readdirSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ColumnProfile,
  type InferredType,
  openSqlite,
  PROFILE_FORMAT_VERSION,
  type ProfileProgress,
  profileDatabase,
  profileSqlite,
} from './index.js';
import { createFixture, type Fixture, sha256 } from './test-support/fixture.js';

type Scalar = string | number;

/** One expected column: [count, nulls, distinct, min, max] and the sample as [value, count] pairs. */
function col(
  name: string,
  declaredType: string,
  inferredType: InferredType,
  rowCount: number,
  [count, nulls, distinct, min, max]: [number, number, number, Scalar | null, Scalar | null],
  sample: [Scalar, number][],
): ColumnProfile {
  return {
    name,
    declaredType,
    inferredType,
    rowCount,
    count,
    nulls,
    distinct,
    min,
    max,
    sample: sample.map(([value, n]) => ({ value, count: n })),
  };
}

const EXPECTED_TABLES = [
  {
    name: 'customer',
    rowCount: 5,
    columns: [
      col(
        'id',
        'INTEGER',
        'integer',
        5,
        [5, 0, 5, 1, 5],
        [
          [1, 1],
          [2, 1],
          [3, 1],
          [4, 1],
          [5, 1],
        ],
      ),
      col(
        'name',
        'TEXT',
        'text',
        5,
        [5, 0, 5, 'Ann', 'Eve'],
        [
          ['Ann', 1],
          ['Bob', 1],
          ['Cid', 1],
          ['Dee', 1],
          ['Eve', 1],
        ],
      ),
      col(
        'region',
        'TEXT',
        'text',
        5,
        [4, 1, 2, 'EU', 'US'],
        [
          ['EU', 3],
          ['US', 1],
        ],
      ),
      col(
        'signup',
        'DATE',
        'date',
        5,
        [4, 1, 3, '2023-12-31', '2024-02-01'],
        [
          ['2024-01-15', 2],
          ['2023-12-31', 1],
          ['2024-02-01', 1],
        ],
      ),
      col(
        'vip',
        'BOOLEAN',
        'boolean',
        5,
        [4, 1, 2, 0, 1],
        [
          [1, 3],
          [0, 1],
        ],
      ),
      col(
        'balance',
        'DECIMAL(10,2)',
        'real',
        5,
        [4, 1, 3, -3, 20],
        [
          [10.5, 2],
          [-3, 1],
          [20, 1],
        ],
      ),
      col('avatar', 'BLOB', 'blob', 5, [2, 3, 2, null, null], []),
      col(
        'extra',
        '',
        'unknown',
        5,
        [3, 2, 3, 2.5, 'x'],
        [
          [2.5, 1],
          [7, 1],
          ['x', 1],
        ],
      ),
    ],
    primaryKey: ['id'],
    foreignKeys: [{ columns: ['region'], referencedTable: 'region', referencedColumns: ['code'] }],
  },
  {
    name: 'empty_table',
    rowCount: 0,
    columns: [col('a', 'INTEGER', 'integer', 0, [0, 0, 0, null, null], []), col('b', '', 'unknown', 0, [0, 0, 0, null, null], [])],
    primaryKey: [],
    foreignKeys: [],
  },
  {
    name: 'line items',
    rowCount: 4,
    columns: [
      col(
        'customer_id',
        'INTEGER',
        'integer',
        4,
        [4, 0, 2, 1, 2],
        [
          [1, 3],
          [2, 1],
        ],
      ),
      col(
        'order_no',
        'INTEGER',
        'integer',
        4,
        [4, 0, 2, 1, 2],
        [
          [1, 3],
          [2, 1],
        ],
      ),
      col(
        'line',
        'INTEGER',
        'integer',
        4,
        [4, 0, 2, 1, 2],
        [
          [1, 3],
          [2, 1],
        ],
      ),
      col(
        'sku',
        'VARCHAR(10)',
        'text',
        4,
        [4, 0, 3, 'A-1', 'C-3'],
        [
          ['A-1', 2],
          ['B-2', 1],
          ['C-3', 1],
        ],
      ),
      col(
        'qty',
        'INTEGER',
        'integer',
        4,
        [3, 1, 3, 1, 5],
        [
          [1, 1],
          [2, 1],
          [5, 1],
        ],
      ),
    ],
    primaryKey: ['customer_id', 'order_no', 'line'],
    foreignKeys: [
      { columns: ['customer_id', 'order_no'], referencedTable: 'orders', referencedColumns: ['customer_id', 'order_no'] },
      { columns: ['customer_id'], referencedTable: 'customer', referencedColumns: ['id'] },
    ],
  },
  {
    name: 'orders',
    rowCount: 4,
    columns: [
      col(
        'order_no',
        'INTEGER',
        'integer',
        4,
        [4, 0, 2, 1, 2],
        [
          [1, 3],
          [2, 1],
        ],
      ),
      col(
        'customer_id',
        'INTEGER',
        'integer',
        4,
        [4, 0, 3, 1, 3],
        [
          [1, 2],
          [2, 1],
          [3, 1],
        ],
      ),
      col(
        'placed_at',
        'TEXT',
        'date',
        4,
        [4, 0, 3, '2024-03-01', '2024-03-05'],
        [
          ['2024-03-01', 2],
          ['2024-03-02T10:00:00', 1],
          ['2024-03-05', 1],
        ],
      ),
      col(
        'total',
        'REAL',
        'real',
        4,
        [3, 1, 2, 50.25, 100],
        [
          [100, 2],
          [50.25, 1],
        ],
      ),
    ],
    primaryKey: ['customer_id', 'order_no'],
    foreignKeys: [{ columns: ['customer_id'], referencedTable: 'customer', referencedColumns: ['id'] }],
  },
  {
    name: 'region',
    rowCount: 3,
    columns: [
      col(
        'code',
        'TEXT',
        'text',
        3,
        [3, 0, 3, 'AP', 'US'],
        [
          ['AP', 1],
          ['EU', 1],
          ['US', 1],
        ],
      ),
      col(
        'name',
        'TEXT',
        'text',
        3,
        [3, 0, 3, 'Asia Pacific', 'United States'],
        [
          ['Asia Pacific', 1],
          ['Europe', 1],
          ['United States', 1],
        ],
      ),
    ],
    primaryKey: ['code'],
    foreignKeys: [],
  },
  {
    name: 'say "hi"',
    rowCount: 3,
    columns: [
      col(
        'the "id"',
        'INTEGER',
        'integer',
        3,
        [3, 0, 3, 1, 3],
        [
          [1, 1],
          [2, 1],
          [3, 1],
        ],
      ),
      col(
        'big',
        'INTEGER',
        'integer',
        3,
        [2, 1, 2, 5, '9007199254740993'],
        [
          [5, 1],
          ['9007199254740993', 1],
        ],
      ),
      col(
        'anything',
        '',
        'integer',
        3,
        [3, 0, 3, 1, 3],
        [
          [1, 1],
          [2, 1],
          [3, 1],
        ],
      ),
      col(
        'cust',
        'INTEGER',
        'integer',
        3,
        [3, 0, 2, 1, 2],
        [
          [1, 2],
          [2, 1],
        ],
      ),
      col(
        'ord',
        'INTEGER',
        'integer',
        3,
        [3, 0, 2, 1, 2],
        [
          [1, 2],
          [2, 1],
        ],
      ),
    ],
    primaryKey: ['the "id"'],
    foreignKeys: [{ columns: ['cust', 'ord'], referencedTable: 'orders', referencedColumns: ['customer_id', 'order_no'] }],
  },
  {
    name: 'tag',
    rowCount: 3,
    columns: [
      col(
        'name',
        'TEXT',
        'text',
        3,
        [3, 0, 3, 'a', 'c'],
        [
          ['a', 1],
          ['b', 1],
          ['c', 1],
        ],
      ),
      col(
        'weight',
        'INTEGER',
        'integer',
        3,
        [3, 0, 3, 1, 9],
        [
          [1, 1],
          [5, 1],
          [9, 1],
        ],
      ),
    ],
    primaryKey: ['name'],
    foreignKeys: [],
  },
];

let fixture: Fixture;

beforeAll(() => {
  fixture = createFixture();
});

afterAll(() => {
  fixture.cleanup();
});

describe('profileSqlite', () => {
  it('profiles every table and column exactly', async () => {
    expect(await profileSqlite(fixture.path)).toMatchObject({
      formatVersion: PROFILE_FORMAT_VERSION,
      engine: 'sqlite',
      database: 'shop.db',
      tables: EXPECTED_TABLES,
    });
  });

  it('is deterministic: two runs give identical JSON', async () => {
    const first = await profileSqlite(fixture.path);
    const second = await profileSqlite(fixture.path);
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('never writes: bytes, mtime and directory listing unchanged', async () => {
    const before = { hash: sha256(fixture.path), mtime: statSync(fixture.path).mtimeMs, files: readdirSync(fixture.dir).sort() };
    await profileSqlite(fixture.path);
    await profileSqlite(fixture.path, { tables: ['orders'], sampleRows: 1, sampleSize: 1 });
    expect(sha256(fixture.path)).toBe(before.hash);
    expect(statSync(fixture.path).mtimeMs).toBe(before.mtime);
    expect(readdirSync(fixture.dir).sort()).toEqual(before.files);
  });

  it('leaves a WAL-mode database file unchanged, with no -wal or -shm side file made beside it', async () => {
    const wal = createFixture('wal.db');
    try {
      const db = new Database(wal.path);
      db.pragma('journal_mode = WAL');
      db.close();
      const hash = sha256(wal.path);
      expect((await profileSqlite(wal.path)).tables).toMatchObject(EXPECTED_TABLES);
      expect(sha256(wal.path)).toBe(hash);
      expect(readdirSync(wal.dir)).toEqual(['wal.db']);
    } finally {
      wal.cleanup();
    }
  });

  it('names the database as asked', async () => {
    expect((await profileSqlite(fixture.path, { database: 'shop', tables: [] })).database).toBe('shop');
  });
});

describe('profileDatabase', () => {
  it('profiles only the requested tables, in name order, each once', async () => {
    const connector = await openSqlite(fixture.path);
    try {
      const profile = await profileDatabase(connector, { tables: ['say "hi"', 'line items', 'say "hi"'] });
      expect(profile.tables.map((t) => t.name)).toEqual(['line items', 'say "hi"']);
      expect(profile.tables[0]).toMatchObject(EXPECTED_TABLES[2] ?? {});
    } finally {
      await connector.close();
    }
  });

  it('rejects an unknown table, naming it and the available tables', async () => {
    await expect(profileSqlite(fixture.path, { tables: ['orders', 'Orderz'] })).rejects.toThrow(
      'unknown table "Orderz"; available tables: customer, empty_table, line items, orders, region, say "hi", tag',
    );
  });

  it('reports progress before each table', async () => {
    const events: ProfileProgress[] = [];
    await profileSqlite(fixture.path, { tables: ['region', 'orders'], onProgress: (e) => events.push(e) });
    expect(events).toEqual([
      { table: 'orders', index: 0, total: 2 },
      { table: 'region', index: 1, total: 2 },
    ]);
  });

  it('draws samples of sampleRows rows and keeps sampleSize values', async () => {
    const profile = await profileSqlite(fixture.path, { tables: ['customer'], sampleRows: 2, sampleSize: 1, exactDistinctMaxRows: 10 });
    expect(profile.tables[0]).toMatchObject({ sampledRows: 2, sampleMethod: 'rowid stride' });
    const region = profile.tables[0]?.columns.find((c) => c.name === 'region');
    expect(region?.sample).toHaveLength(1);
    // The stats still cover every row.
    expect(region).toMatchObject({ count: 4, nulls: 1, distinct: 2, min: 'EU', max: 'US' });
  });

  it('rejects a negative or fractional sample option', async () => {
    await expect(profileSqlite(fixture.path, { sampleRows: -1 })).rejects.toThrow('sampleRows must be a non-negative integer, got -1');
    await expect(profileSqlite(fixture.path, { sampleSize: 1.5 })).rejects.toThrow('sampleSize must be a non-negative integer, got 1.5');
  });
});
