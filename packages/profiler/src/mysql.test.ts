import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, parseConnection } from './connect.js';
import type { Connector } from './connector.js';
import { mysqlHandle, openMysql, parseMysqlUrl, profileMysql } from './mysql.js';
import { profileDatabase } from './profile.js';
import { BAD_INPUT_SQL, HUGE_TEXT } from './test-support/bad-input.js';
import { MYSQL_SETUP_HINT, mysqlUrl, mysqlUrlFor, rawConnection, scratchMysql } from './test-support/mysql.js';
import type { DatabaseProfile } from './types.js';

let chinook: string | undefined;
let setupError: Error | undefined;
try {
  chinook = mysqlUrl();
} catch (error) {
  setupError = error as Error;
}

describe('MySQL set-up', () => {
  it('has GUIDED_TEST_MYSQL_URL (or GUIDED_SKIP_MYSQL=1 asked for a skip)', () => {
    if (setupError) throw setupError;
    expect(MYSQL_SETUP_HINT).toMatch(/setup-mariadb\.sh/);
  });
});

describe('MySQL URLs', () => {
  it('reads mysql:// and mariadb:// URLs, and never shows the password', async () => {
    expect(parseMysqlUrl('mysql://u:p%40ss@db.example:3307/shop')).toMatchObject({
      host: 'db.example',
      port: 3307,
      user: 'u',
      password: 'p@ss',
      schema: 'shop',
    });
    expect(parseMysqlUrl('mariadb://u@h/shop')).toMatchObject({ port: 3306, password: '' });
    expect(await parseConnection('mariadb://u:secret-pw@h/shop')).toEqual({
      engine: 'mysql',
      target: 'mariadb://u:secret-pw@h/shop',
      display: 'mariadb://u:***@h/shop',
    });
    expect(() => parseMysqlUrl('mysql://u:secret-pw@h')).toThrow(
      'no database in mysql://u:***@h: use mysql://user:password@host:port/database',
    );
  });
});

/** The error `promise` rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );
}

/** One line, no stack trace in it, no password. */
function expectOneLine(error: Error, secret: string): void {
  expect(error.name).toBe('ProfilerError');
  expect(error.message).not.toContain('\n');
  expect(error.message).not.toMatch(/\bat .*:\d+:\d+/);
  expect(error.message).not.toContain(secret);
}

describe.skipIf(chinook === undefined)('MySQL connector on Chinook', () => {
  const url = chinook ?? '';
  const TABLES = [
    'Album',
    'Artist',
    'Customer',
    'Employee',
    'Genre',
    'Invoice',
    'InvoiceLine',
    'MediaType',
    'Playlist',
    'PlaylistTrack',
    'Track',
  ];

  async function checksums(): Promise<unknown[]> {
    const connection = await rawConnection(url);
    try {
      const [rows] = await connection.query(`CHECKSUM TABLE ${TABLES.map((t) => `\`${t}\``).join(', ')} EXTENDED`);
      return rows as unknown[];
    } finally {
      await connection.end();
    }
  }

  let profile: DatabaseProfile;
  let before: unknown[];
  beforeAll(async () => {
    before = await checksums();
    profile = await profileMysql(url);
  });

  it('lists the base tables and reads every declared key', () => {
    expect(profile).toMatchObject({ engine: 'mysql', database: 'Chinook' });
    expect(profile.tables.map((t) => t.name)).toEqual(TABLES);
    expect(profile.tables.flatMap((t) => t.foreignKeys)).toHaveLength(11);
    const track = profile.tables.find((t) => t.name === 'Track');
    expect(track?.primaryKey).toEqual(['TrackId']);
    expect(track?.foreignKeys).toContainEqual({ columns: ['GenreId'], referencedTable: 'Genre', referencedColumns: ['GenreId'] });
    expect(profile.tables.find((t) => t.name === 'PlaylistTrack')?.primaryKey).toEqual(['PlaylistId', 'TrackId']);
    expect(profile.tables.find((t) => t.name === 'Employee')?.foreignKeys).toEqual([
      { columns: ['ReportsTo'], referencedTable: 'Employee', referencedColumns: ['EmployeeId'] },
    ]);
    expect(track?.rowCount).toBe(3503);
    expect(track?.columns.find((c) => c.name === 'Name')).toMatchObject({ count: 3503, nulls: 0, declaredType: 'varchar(200)' });
  });

  it('leaves every table byte-identical (CHECKSUM TABLE before and after profiling)', async () => {
    expect(before).toHaveLength(11);
    expect(await checksums()).toEqual(before);
  });

  it('says so in one line, without the password, for a wrong password, port or database', async () => {
    const wrongPassword = new URL(url);
    wrongPassword.password = 'wrong-secret-pw';
    const denied = await failure(openConnection(wrongPassword.toString()));
    expectOneLine(denied, 'wrong-secret-pw');
    expect(denied.message).toMatch(/^MySQL: [^:]+:\d+: Access denied for user 'guided'/);

    const wrongPort = new URL(url);
    wrongPort.port = '1';
    const refused = await failure(openConnection(wrongPort.toString()));
    expectOneLine(refused, 'guided@');
    expect(refused.message).toMatch(/^MySQL server unreachable: [^:]+:1: /);

    const wrongDatabase = new URL(url);
    wrongDatabase.pathname = '/NoSuchDatabase';
    const missing = await failure(openConnection(wrongDatabase.toString()));
    expectOneLine(missing, ':guided@');
    expect(missing.message).toMatch(
      /^MySQL: [^:]+:\d+: Access denied for user 'guided'@'[^']+' to database 'NoSuchDatabase' \(it does not exist, or this user may not read it\)$/,
    );
  });

  it('fails in one line naming the table when the server drops the connection mid-profile', async () => {
    const connector = await openMysql(url);
    const { threadId } = mysqlHandle(connector);
    const killer = await rawConnection(url);
    // The server kills the connection (as its owner may) once two tables are done, before the third.
    const killed: Connector = {
      ...connector,
      engine: connector.engine,
      database: connector.database,
      dialect: connector.dialect,
      listTables: () => connector.listTables(),
      describeTable: async (t) => {
        if (t === 'Customer') await killer.query(`KILL CONNECTION ${Number(threadId)}`);
        return connector.describeTable(t);
      },
      sampleSource: (t, r, n) => connector.sampleSource(t, r, n),
      query: (sql) => connector.query(sql),
      close: () => connector.close(),
    };
    try {
      const error = await failure(profileDatabase(killed));
      expectOneLine(error, ':guided@');
      expect(error.message).toMatch(/^table "Customer": MySQL connection lost: [^:]+:\d+: /);
    } finally {
      await connector.close();
      await killer.end();
    }
  });
});

const NAME = `guided_test_${process.pid}`;
const DIGITS = `(${Array.from({ length: 10 }, (_, d) => `SELECT ${d} AS d`).join(' UNION ALL ')})`;

describe.skipIf(chinook === undefined)('MySQL connector on a scratch database', () => {
  let db: Awaited<ReturnType<typeof scratchMysql>>;
  let profile: DatabaseProfile;

  beforeAll(async () => {
    db = await scratchMysql(chinook ?? '', NAME, [
      ...BAD_INPUT_SQL,
      `CREATE TABLE described (id INT PRIMARY KEY COMMENT 'The customer number', name VARCHAR(40) COMMENT 'Full name, as on the invoice', plain INT) COMMENT 'People who bought something'`,
      'CREATE TABLE pair (a INT, b INT, PRIMARY KEY (b, a))',
      'CREATE TABLE pair_ref (x INT, y INT, email VARCHAR(40) UNIQUE, FOREIGN KEY (x, y) REFERENCES pair (b, a))',
      `CREATE TABLE odd (id INT PRIMARY KEY, flag TINYINT(1), mood ENUM('happy','sad'), tags SET('a','b','c'), doc JSON, yr YEAR,
         at DATETIME, bits BIT(3), spot POINT, payload BLOB, big BIGINT UNSIGNED, amount DECIMAL(15,2), who VARCHAR(10) COLLATE utf8mb4_general_ci,
         code UUID, ip INET6, long_text LONGTEXT)`,
      `INSERT INTO odd VALUES (1, 1, 'happy', 'a,b', '{"a":1}', 2024, '2024-01-02 03:04:05', b'101', POINT(1, 2), x'0102', 18446744073709551615, 10.50, 'Ann',
         '123e4567-e89b-12d3-a456-426614174000', '::1', '${HUGE_TEXT}'),
         (2, 0, 'sad', '', NULL, NULL, NULL, b'0', NULL, NULL, 5, NULL, 'ann', NULL, NULL, 'short')`,
      'CREATE TABLE big (id INT PRIMARY KEY, grp INT, label VARCHAR(20))',
      `INSERT INTO big SELECT i, i % 7, CONCAT('label ', i % 1000) FROM (SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 1 AS i
         FROM ${DIGITS} AS a, ${DIGITS} AS b, ${DIGITS} AS c, ${DIGITS} AS e, ${DIGITS} AS f) AS s WHERE i <= 30000`,
      'CREATE TABLE nokey (grp INT)',
      'INSERT INTO nokey SELECT grp FROM big',
      'CREATE VIEW big_view AS SELECT * FROM big',
    ]);
    profile = await profileMysql(db.readerUrl, { sampleRows: 5000 });
  });

  afterAll(async () => {
    await db?.drop();
  });

  const table = (name: string) => profile.tables.find((t) => t.name === name);
  const column = (t: string, c: string) => table(t)?.columns.find((x) => x.name === c);

  it('lists base tables only (no views), by name', () => {
    expect(profile.tables.map((t) => t.name)).toEqual([
      'all_null',
      'big',
      'contacts',
      'described',
      'empty_table',
      'line items',
      'nokey',
      'odd',
      'pair',
      'pair_ref',
      'select',
    ]);
  });

  it('reads catalog comments as descriptions', () => {
    expect(table('described')?.description).toBe('People who bought something');
    expect(column('described', 'id')?.description).toBe('The customer number');
    expect(column('described', 'name')?.description).toBe('Full name, as on the invoice');
    expect(column('described', 'plain')).not.toHaveProperty('description');
    expect(table('pair')).not.toHaveProperty('description');
  });

  it('reads composite keys in key order and single-column unique keys', () => {
    expect(table('pair')?.primaryKey).toEqual(['b', 'a']);
    expect(table('pair_ref')?.foreignKeys).toEqual([{ columns: ['x', 'y'], referencedTable: 'pair', referencedColumns: ['b', 'a'] }]);
    expect(table('line items')?.foreignKeys).toEqual([{ columns: ['select id'], referencedTable: 'select', referencedColumns: ['from'] }]);
    expect(column('pair_ref', 'email')).toMatchObject({ distinct: 0 });
  });

  it('profiles quoted, unicode and reserved identifiers, and counts text case-sensitively', () => {
    expect(column('select', 'ünïcødé näme')).toMatchObject({ declaredType: 'varchar(40)', count: 3, distinct: 3 });
    expect(column('select', 'say "hi"')).toMatchObject({ count: 2, nulls: 1, distinct: 2, min: 1, max: 2 });
    expect(column('select', 'order')?.sample).toEqual([
      { value: 'asc', count: 2 },
      { value: 'desc', count: 1 },
    ]);
    expect(column('odd', 'who')).toMatchObject({ distinct: 2, min: 'Ann', max: 'ann' });
    expect(column('odd', 'who')?.sample).toHaveLength(2);
  });

  it('profiles every MySQL type or leaves its values out (bytes, spatial)', () => {
    expect(column('odd', 'flag')).toMatchObject({ declaredType: 'tinyint(1)', min: 0, max: 1 });
    expect(column('odd', 'mood')).toMatchObject({ declaredType: "enum('happy','sad')", distinct: 2, min: 'happy', max: 'sad' });
    expect(column('odd', 'tags')).toMatchObject({ count: 2, distinct: 2, min: '', max: 'a,b' });
    expect(column('odd', 'doc')).toMatchObject({ count: 1, min: '{"a":1}' });
    expect(column('odd', 'yr')).toMatchObject({ min: 2024, max: 2024 });
    expect(column('odd', 'at')).toMatchObject({ min: '2024-01-02 03:04:05' });
    expect(column('odd', 'bits')).toMatchObject({ min: 0, max: 5, distinct: 2 });
    expect(column('odd', 'spot')).toMatchObject({ count: 1, min: null, max: null, sample: [] });
    expect(column('odd', 'payload')).toMatchObject({ count: 1, min: null, max: null, sample: [] });
    expect(column('odd', 'big')).toMatchObject({ min: 5, max: '18446744073709551615' });
    expect(column('odd', 'amount')).toMatchObject({ min: 10.5, max: 10.5 });
    expect(column('odd', 'code')).toMatchObject({ count: 1, min: '123e4567-e89b-12d3-a456-426614174000' });
    expect(column('odd', 'ip')).toMatchObject({ count: 1, min: '::1' });
    const long = column('odd', 'long_text');
    expect(long?.length).toEqual({ min: 5, max: 200_000, mean: 100_002.5 });
    expect(String(long?.max).length).toBe(1000);
    expect(table('empty_table')).toMatchObject({ rowCount: 0, sampledRows: 0 });
    expect(column('all_null', 'nothing')).toMatchObject({ count: 0, nulls: 2, distinct: 0, min: null, sample: [] });
  });

  it('samples a large table repeatably: by primary-key hash, else by a seeded RAND', async () => {
    expect(table('big')).toMatchObject({ rowCount: 30_000, sampledRows: 5000, sampleMethod: 'lowest primary-key hashes' });
    expect(column('big', 'grp')).toMatchObject({ count: 30_000, distinct: 7, min: 0, max: 6 });
    expect(column('big', 'label')?.distinct).toBe(1000);
    expect(table('nokey')).toMatchObject({ rowCount: 30_000, sampledRows: 5000, sampleMethod: 'ORDER BY RAND(42)' });
    expect(await profileMysql(db.readerUrl, { sampleRows: 5000 })).toEqual(profile);
  });

  it('refuses writes on its connection even for a user allowed to write, also after a COMMIT', async () => {
    const connector = await openMysql(db.writerUrl, { statementTimeoutMs: 1000 });
    try {
      const handle = mysqlHandle(connector);
      await expect(handle.query('INSERT INTO pair VALUES (1, 2)')).rejects.toThrow(/READ ONLY transaction/);
      await expect(handle.query('CREATE TABLE intruder (x INT)')).rejects.toThrow(/READ ONLY transaction/);
      await handle.query('COMMIT');
      await expect(handle.query('DELETE FROM big')).rejects.toThrow(/READ ONLY transaction/);
      await expect(handle.query('DROP TABLE big')).rejects.toThrow(/READ ONLY transaction/);
      await expect(handle.query('SELECT SLEEP(5) FROM big LIMIT 2')).rejects.toThrow(/max_statement_time|interrupted/i);
    } finally {
      await connector.close();
    }
    const [rows] = await db.writer.query('SELECT (SELECT COUNT(*) FROM pair) AS pairs, (SELECT COUNT(*) FROM big) AS big');
    expect(rows).toEqual([{ pairs: 0, big: 30_000 }]);
    await expect(db.writer.query('SELECT 1 FROM intruder')).rejects.toThrow(/doesn't exist/);
  });

  it('names the database when it has no tables', async () => {
    await db.writer.query(`CREATE DATABASE IF NOT EXISTS \`${NAME}_empty\``);
    try {
      const error = await failure(openMysql(mysqlUrlFor(chinook ?? '', `${NAME}_empty`)));
      expect(error.message).toBe(`MySQL database "${NAME}_empty" has no tables (views are not profiled)`);
    } finally {
      await db.writer.query(`DROP DATABASE IF EXISTS \`${NAME}_empty\``);
    }
  });
});
