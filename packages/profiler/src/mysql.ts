import { byCodeUnit } from './code-unit.js';
import {
  bigintScalar,
  type Connector,
  closeAfter,
  type Dialect,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
import { loadMysql2, type MysqlField } from './driver.js';
import { ProfilerError } from './errors.js';
import { mysqlDialect, mysqlSample, quoteMysqlIdentifier } from './mysql-dialect.js';
import { mysqlError } from './mysql-errors.js';
import { numericScalar, toScalar } from './postgres.js';
import { type ProfileOptions, profileDatabase } from './profile.js';
import { redactUrl } from './redact.js';
import type { DatabaseProfile, ForeignKey } from './types.js';

export interface MysqlOptions {
  /** A name for the profile's `database` (default: the database name in the URL). */
  database?: string;
  /**
   * Abort any one statement after this many milliseconds (default: no limit). MariaDB counts
   * `max_statement_time` in seconds (rounded up here), MySQL `max_execution_time` in milliseconds.
   */
  statementTimeoutMs?: number;
}

interface MysqlConnection {
  query(options: { sql: string; rowsAsArray?: boolean; values?: unknown[] }): Promise<[unknown, unknown]>;
  end(): Promise<void>;
  destroy(): void;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  readonly threadId: number | null;
}

const handles = new WeakMap<Connector, MysqlConnection>();

/** The connection of a connector made by `openMysql`, so tests can prove it refuses writes and kill it. @internal */
export function mysqlHandle(connector: Connector): { query(text: string): Promise<unknown>; threadId: number | null } {
  const connection = handles.get(connector);
  if (connection === undefined) throw new Error('not a connector made by openMysql');
  return { query: (sql: string) => connection.query({ sql }), threadId: connection.threadId };
}

/**
 * Big integers and decimals as JSON-safe scalars (numbers when exact), JSON as its text, bytes and
 * spatial values as `null`; dates stay text (`dateStrings`).
 */
function typeCast(field: MysqlField, next: () => unknown): unknown {
  switch (field.type) {
    case 'LONGLONG': {
      const text = field.string();
      return text === null ? null : bigintScalar(BigInt(text));
    }
    case 'NEWDECIMAL':
    case 'DECIMAL': {
      const text = field.string();
      return text === null ? null : numericScalar(text);
    }
    case 'JSON':
      return field.string();
    case 'GEOMETRY':
      field.buffer();
      return null;
    default:
      return next();
  }
}

class MysqlConnector implements Connector {
  readonly engine = 'mysql' as const;
  readonly dialect: Dialect;
  #closed = false;
  #tables: string[] = [];
  /** Primary keys of the tables described, for their samples. */
  #keys = new Map<string, string[]>();

  constructor(
    readonly connection: MysqlConnection,
    readonly database: string,
    /** The database in the URL, whose tables are profiled. */
    readonly schema: string,
    readonly credentials: { user: string; password: string },
    readonly target: string,
  ) {
    this.dialect = mysqlDialect(schema);
  }

  async run(sql: string, values?: unknown[]): Promise<unknown[][]> {
    try {
      const [rows] = await this.connection.query({ sql, rowsAsArray: true, ...(values ? { values } : {}) });
      return rows as unknown[][];
    } catch (error) {
      throw mysqlError(error, this.credentials, this.target);
    }
  }

  /** The database's base tables now (no views, no system tables). */
  async readTables(): Promise<string[]> {
    const rows = await this.run("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'", [
      this.schema,
    ]);
    return rows.map((r) => String(r[0])).sort(byCodeUnit);
  }

  async init(): Promise<void> {
    this.#tables = await this.readTables();
  }

  get tableCount(): number {
    return this.#tables.length;
  }

  /** The tables named when the connection opened that still exist. */
  async listTables(): Promise<string[]> {
    const now = new Set(await this.readTables());
    return this.#tables.filter((t) => now.has(t));
  }

  async describeTable(table: string): Promise<TableDescription> {
    const [info] = await this.run(
      "SELECT TABLE_ROWS, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'",
      [this.schema, table],
    );
    if (info === undefined) throw new ProfilerError('no-such-table', `no such table: ${table}`);
    const cols = await this.run(
      `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_COMMENT FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [this.schema, table],
    );
    // Every key column in key order: the primary key, unique indexes (MySQL's unique constraints
    // are unique indexes) and foreign keys.
    const indexes = await this.run(
      `SELECT INDEX_NAME, COLUMN_NAME, SUB_PART FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND NON_UNIQUE = 0 ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      [this.schema, table],
    );
    const refs = await this.run(
      `SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
         FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL
        ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
      [this.schema, table],
    );
    const byIndex = new Map<string, string[]>();
    for (const [index, column] of indexes) byIndex.set(String(index), [...(byIndex.get(String(index)) ?? []), String(column)]);
    const primaryKey = byIndex.get('PRIMARY') ?? [];
    const unique = [...byIndex]
      .filter(([name, columns]) => name !== 'PRIMARY' && columns.length === 1)
      .map(([, [column]]) => column as string)
      .sort(byCodeUnit);
    this.#keys.set(table, primaryKey);
    const foreignKeys = new Map<string, ForeignKey>();
    for (const [name, column, schema, referenced, referencedColumn] of refs) {
      const key = foreignKeys.get(String(name)) ?? {
        columns: [],
        referencedTable: String(schema) === this.schema ? String(referenced) : `${String(schema)}.${String(referenced)}`,
        referencedColumns: [],
      };
      key.columns.push(String(column));
      key.referencedColumns.push(String(referencedColumn));
      foreignKeys.set(String(name), key);
    }
    const description = String(info[1] ?? '');
    // InnoDB's TABLE_ROWS is an estimate from a few index pages (exact for MyISAM).
    const estimate = Number(info[0]);
    return {
      columns: cols.map(([name, type, nullable, comment]) => ({
        name: String(name),
        declaredType: String(type),
        notNull: nullable === 'NO',
        ...(comment ? { description: String(comment) } : {}),
      })),
      ...(description ? { description } : {}),
      primaryKey,
      foreignKeys: [...foreignKeys.values()],
      unique: unique.filter((u) => !(primaryKey.length === 1 && primaryKey[0] === u)),
      ...(estimate > 0 ? { estimatedRows: Math.round(estimate) } : {}),
    };
  }

  async sampleSource(table: string, rowCount: number, sampleRows: number): Promise<SampleSource> {
    const key = (this.#keys.get(table) ?? []).map(quoteMysqlIdentifier);
    return mysqlSample(this.dialect.tableRef(table), key, rowCount, sampleRows, 42);
  }

  async query(sql: string): Promise<Scalar[][]> {
    return (await this.run(sql)).map((row) => row.map(toScalar));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.connection.query({ sql: 'ROLLBACK' });
      await this.connection.end();
    } catch {
      // The connection may already be gone; closing must not fail because of it.
      this.connection.destroy();
    }
  }
}

interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  schema: string;
  display: string;
}

/** Where a `mysql://` or `mariadb://` URL points; one-line errors without the password. */
export function parseMysqlUrl(url: string): MysqlTarget {
  const display = redactUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new ProfilerError('bad-connection', `not a MySQL URL: ${display}`, { cause: error });
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:')
    throw new ProfilerError('bad-connection', `not a MySQL URL: ${display}`);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw new ProfilerError('bad-connection', `badly escaped MySQL URL: ${display}`);
    }
  };
  const schema = decode(parsed.pathname.replace(/^\//, ''));
  if (schema === '' || schema.includes('/'))
    throw new ProfilerError('bad-connection', `no database in ${display}: use mysql://user:password@host:port/database`);
  const port = parsed.port === '' ? 3306 : Number(parsed.port);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port,
    user: decode(parsed.username),
    password: decode(parsed.password || parsed.searchParams.get('password') || ''),
    schema,
    display,
  };
}

/**
 * Connects to MySQL or MariaDB (`mysql://user:password@host:port/database`, `mariadb://…`) for
 * reading only: the session's transactions are `READ ONLY`, and everything runs inside one
 * `START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT` (one snapshot for every table), rolled
 * back on close; the statement time limit is the server's own (MariaDB `max_statement_time`,
 * MySQL `max_execution_time`). Errors are one line and never contain the password.
 */
export async function openMysql(url: string, options: MysqlOptions = {}): Promise<Connector> {
  const target = parseMysqlUrl(url);
  const where = `${target.host}:${target.port}`;
  const mysql = await loadMysql2();
  let connection: MysqlConnection;
  try {
    connection = (await mysql.createConnection({
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.schema,
      charset: 'utf8mb4',
      connectTimeout: 10_000,
      dateStrings: true,
      multipleStatements: false,
      typeCast: typeCast as never,
    })) as unknown as MysqlConnection;
  } catch (error) {
    throw mysqlError(error, target, where);
  }
  connection.on('error', () => undefined); // a connection lost between statements: the next one says so
  const connector = new MysqlConnector(connection, options.database ?? target.schema, target.schema, target, where);
  try {
    const [version] = await connector.run('SELECT VERSION()');
    const mariadb = /mariadb/i.test(String(version?.[0]));
    // Long enough for any value list the sample gives (the server's max_allowed_packet bounds it too).
    await connector.run('SET SESSION group_concat_max_len = 1073741824');
    if (options.statementTimeoutMs !== undefined) {
      const ms = Math.max(1, Math.floor(options.statementTimeoutMs));
      await connector.run(mariadb ? `SET SESSION max_statement_time = ${Math.ceil(ms / 1000)}` : `SET SESSION max_execution_time = ${ms}`);
    }
    await connector.run('SET SESSION TRANSACTION READ ONLY');
    await connector.run('START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT');
    await connector.init();
  } catch (error) {
    await connector.close();
    throw error;
  }
  if (connector.tableCount === 0) {
    await connector.close();
    throw new ProfilerError('no-tables', `MySQL database "${target.schema}" has no tables (views are not profiled)`);
  }
  handles.set(connector, connection);
  return connector;
}

/** Connects read-only, profiles the database and disconnects (also when profiling fails). */
export async function profileMysql(url: string, options: ProfileOptions & MysqlOptions = {}): Promise<DatabaseProfile> {
  return closeAfter(await openMysql(url, options), (connector) => profileDatabase(connector, options));
}
