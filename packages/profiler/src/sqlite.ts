import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  bigintScalar,
  type ColumnDescription,
  type Connector,
  closeAfter,
  type Dialect,
  quoteIdentifier,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
import { type Database, loadBetterSqlite3 } from './driver.js';
import { errorCode, messageOf, ProfilerError } from './errors.js';
import { type ProfileOptions, profileDatabase } from './profile.js';
import { openReadOnlySqlite } from './sqlite-source.js';
import { SqliteWorker } from './sqlite-worker.js';
import type { DatabaseProfile, ForeignKey } from './types.js';

export { quoteIdentifier };

/** A JSON-safe scalar: bigints as numbers when safe (else decimal strings); blobs and the rest as `null`. */
function toScalar(value: unknown): Scalar {
  // ±Infinity (9e999) as a string, as PostgreSQL and DuckDB give it: JSON has no such number.
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return bigintScalar(value);
  return null;
}

/** SQLite's SQL: typeof() keeps blobs out of values, lengths only for text. */
export const sqliteDialect: Dialect = {
  quoteIdentifier,
  tableRef: quoteIdentifier,
  column(c) {
    return {
      value: `CASE WHEN typeof(${c}) <> 'blob' THEN ${c} END`,
      distinct: c,
      length: `CASE WHEN typeof(${c}) = 'text' THEN length(${c}) END`,
      clip: (e, max) => `CASE WHEN typeof(${e}) = 'text' AND length(${e}) > ${max} THEN substr(${e}, 1, ${max}) ELSE ${e} END`,
      // Blobs sort after every other value: MAX is a blob exactly when the column holds one.
      bounds: { min: `MIN(${c})`, max: `MAX(${c})`, exact: `typeof(MAX(${c})) <> 'blob'` },
    };
  },
  valueList: (v, n, maxLength, maxMean) =>
    `CASE WHEN COALESCE(SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} * length(${v}) END), 0) <= ${maxMean} * SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} ELSE 0 END) ` +
    `THEN json_group_array(CASE WHEN typeof(${v}) = 'integer' THEN CAST(${v} AS TEXT) ELSE ${v} END) FILTER (WHERE ${v} IS NOT NULL AND length(${v}) < ${maxLength}) END`,
  // Strings only: an untyped column's integers and reals are no names.
  distinctValues: (from, columns, maxLength) =>
    `SELECT ${columns.map(({ quoted: c }) => `json_group_array(DISTINCT ${c}) FILTER (WHERE typeof(${c}) = 'text' AND length(${c}) <= ${maxLength})`).join(', ')} FROM ${from}`,
};

function sqliteError(error: unknown): ProfilerError {
  const message = messageOf(error);
  const missing = /^no such table: (?:main\.)?(.*)$/.exec(message);
  if (missing) return new ProfilerError('no-such-table', `no such table: ${missing[1] ?? ''}`, { cause: error });
  return new ProfilerError('query-failed', `SQLite: ${message}`, { cause: error });
}

const handles = new WeakMap<Connector, Database>();

/**
 * The underlying connection of a connector made by `openSqlite`, so tests can prove it rejects
 * writes and is closed. Not exported from the package.
 * @internal
 */
export function sqliteHandle(connector: Connector): {
  readonly open: boolean;
  exec(sql: string): unknown;
  pragma(source: string, options?: { simple?: boolean }): unknown;
} {
  const db = handles.get(connector);
  if (db === undefined) throw new Error('not a connector made by openSqlite');
  return db;
}

interface TableInfoRow {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
}

class SqliteConnector implements Connector {
  readonly engine = 'sqlite' as const;
  readonly dialect = sqliteDialect;
  readonly #db: Database;
  /** What SQLite opens: the path, or its read-only URI (the worker opens the same). */
  readonly #source: string;
  /** The second connection, in a worker thread; `null` once it proved unavailable. */
  #worker: SqliteWorker | null | undefined;

  constructor(db: Database, path: string, source: string) {
    this.#db = db;
    this.#source = source;
    this.database = basename(path);
  }

  readonly database: string;

  /**
   * Runs a statement on a second read-only connection in a worker thread, so that the main
   * thread's statements run meanwhile (SQLite runs one statement per thread). Falls back to
   * `query` where no worker can be started.
   */
  async offload(sql: string): Promise<Scalar[][]> {
    if (this.#worker === undefined) this.#worker = SqliteWorker.open(this.#source) ?? null;
    if (this.#worker === null) return this.query(sql);
    try {
      return await this.#worker.query(sql);
    } catch (error) {
      throw sqliteError(error);
    }
  }

  async listTables(): Promise<string[]> {
    return this.#db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
      .pluck()
      .all();
  }

  async describeTable(table: string): Promise<TableDescription> {
    const info = this.#tableInfo(table);
    if (info.length === 0) throw new ProfilerError('no-such-table', `no such table: ${table}`);
    const columns: ColumnDescription[] = info.map((c) => ({ name: c.name, declaredType: c.type, notNull: c.notnull === 1 }));
    // The rowid span bounds the row count from above (two seeks), which is all the estimate decides.
    const bounds = await this.#rowidBounds(table);
    return {
      columns,
      primaryKey: primaryKeyOf(info),
      foreignKeys: await this.#foreignKeys(table),
      unique: this.#uniqueColumns(table),
      ...(bounds ? { estimatedRows: bounds.hi - bounds.lo + 1 } : {}),
    };
  }

  /**
   * Bounds of the rowid alias (INTEGER PRIMARY KEY) and of the leading column of each index (not
   * partial, BINARY collation): one MIN or MAX per subquery, so each is a b-tree seek. A column
   * holding a blob (MAX is one) is left to the pass over every row, which leaves blobs out.
   */
  async indexBounds(table: string, columns: readonly ColumnDescription[]): Promise<Map<string, [Scalar, Scalar]>> {
    const info = this.#tableInfo(table);
    const key = primaryKeyOf(info);
    const leading = new Set(
      this.#db
        .prepare<[string], string>(
          "SELECT x.name FROM pragma_index_list(?) AS l JOIN pragma_index_xinfo(l.name) AS x WHERE l.partial = 0 AND x.seqno = 0 AND x.key = 1 AND x.name IS NOT NULL AND x.coll = 'BINARY'",
        )
        .pluck()
        .all(table),
    );
    const alias = key.length === 1 && info.find((c) => c.name === key[0])?.type.toUpperCase() === 'INTEGER' && !this.#withoutRowid(table);
    if (alias && key[0] !== undefined) leading.add(key[0]);
    const names = columns.map((c) => c.name).filter((n) => leading.has(n));
    const bounds = new Map<string, [Scalar, Scalar]>();
    if (names.length === 0) return bounds;
    const ref = quoteIdentifier(table);
    const parts = names.map((n) => {
      const c = quoteIdentifier(n);
      return `(SELECT MIN(${c}) FROM ${ref}), (SELECT MAX(${c}) FROM ${ref}), (SELECT typeof(m) FROM (SELECT MAX(${c}) AS m FROM ${ref}))`;
    });
    const [row] = await this.query(`SELECT ${parts.join(', ')}`);
    names.forEach((n, i) => {
      if (row?.[3 * i + 2] !== 'blob') bounds.set(n, [row?.[3 * i] ?? null, row?.[3 * i + 1] ?? null]);
    });
    return bounds;
  }

  async query(sql: string): Promise<Scalar[][]> {
    try {
      const rows = this.#db.prepare<[], unknown[]>(sql).raw(true).safeIntegers(true).all();
      return rows.map((row) => row.map(toScalar));
    } catch (error) {
      throw sqliteError(error);
    }
  }

  /**
   * All rows when the table fits the sample; otherwise one row in each of `sampleRows` equal
   * rowid strides (a rowid table), or the leading rows in primary-key order (a
   * WITHOUT ROWID table, or one whose columns shadow every rowid alias).
   */
  async sampleSource(table: string, rowCount: number, sampleRows: number): Promise<SampleSource> {
    const ref = quoteIdentifier(table);
    if (rowCount <= sampleRows) return { from: `${ref} AS s`, method: 'all rows' };
    // Never in an index's order, which would sample an indexed column's smallest values only.
    const leading = { from: `(SELECT * FROM ${ref} NOT INDEXED LIMIT ${sampleRows}) AS s`, method: 'leading rows' };
    if (this.#withoutRowid(table)) {
      // NOT INDEXED does not apply: order by the primary key, its storage order.
      const order = primaryKeyOf(this.#tableInfo(table)).map(quoteIdentifier).join(', ');
      return { from: `(SELECT * FROM ${ref} ORDER BY ${order} LIMIT ${sampleRows}) AS s`, method: 'leading rows' };
    }
    const bounds = await this.#rowidBounds(table);
    if (bounds === undefined) return leading;
    const { rowid, lo, hi } = bounds;
    const span = hi - lo + 1;
    const stride = Math.floor(span / sampleRows);
    if (stride < 2) return leading;
    // Row i of the sample is the row at a pseudo-random offset within the i-th of sampleRows
    // equal rowid strides (or the next row after it, for sparse rowids): spread over the whole table like a random sample (no runs of
    // neighbouring rows), without duplicates, deterministic, and each one a rowid seek.
    const pick = `${lo} + r.i * ${stride} + ((r.i * 2654435761 + 40503) % ${stride})`;
    return {
      from:
        `(SELECT t.* FROM (WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${sampleRows - 1}) SELECT i FROM n) AS r ` +
        `CROSS JOIN ${ref} AS t WHERE t.${rowid} = (SELECT u.${rowid} FROM ${ref} AS u WHERE u.${rowid} >= ${pick} ORDER BY u.${rowid} LIMIT 1)) AS s`,
      method: 'rowid stride',
    };
  }

  async close(): Promise<void> {
    await this.#worker?.close();
    this.#worker = null;
    if (this.#db.open) this.#db.close();
  }

  #withoutRowid(table: string): boolean {
    return (
      this.#db.prepare<[string], number>("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?").pluck().get(table) === 1
    );
  }

  /** The smallest and largest rowid (two b-tree seeks: one MIN or MAX per query, else SQLite scans). */
  async #rowidBounds(table: string): Promise<{ rowid: string; lo: number; hi: number } | undefined> {
    if (this.#withoutRowid(table)) return undefined;
    const names = new Set(this.#tableInfo(table).map((c) => c.name.toLowerCase()));
    const rowid = ['rowid', '_rowid_', 'oid'].find((n) => !names.has(n));
    if (rowid === undefined) return undefined;
    const ref = quoteIdentifier(table);
    const [bounds] = await this.query(`SELECT (SELECT MIN(${rowid}) FROM ${ref}), (SELECT MAX(${rowid}) FROM ${ref})`);
    const lo = Number(bounds?.[0]);
    const hi = Number(bounds?.[1]);
    if (bounds?.[0] === null || !Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) return undefined;
    return { rowid, lo, hi };
  }

  #tableInfo(table: string): TableInfoRow[] {
    return this.#db.prepare<[string], TableInfoRow>('SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid').all(table);
  }

  /** Columns alone in a unique index (UNIQUE constraints, unique indexes; not partial ones). */
  #uniqueColumns(table: string): string[] {
    return this.#db
      .prepare<[string], string>(
        'SELECT MIN(c.name) FROM pragma_index_list(?) AS l JOIN pragma_index_info(l.name) AS c ' +
          'WHERE l."unique" = 1 AND l.partial = 0 GROUP BY l.name HAVING COUNT(*) = 1 AND MIN(c.name) IS NOT NULL ORDER BY 1',
      )
      .pluck()
      .all(table);
  }

  /** Foreign keys in declaration order (SQLite numbers them last-first), columns in key order. */
  async #foreignKeys(table: string): Promise<ForeignKey[]> {
    const rows = this.#db
      .prepare<[string], ForeignKeyRow>('SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq')
      .all(table);
    const groups = new Map<number, ForeignKeyRow[]>();
    for (const row of rows) {
      const group = groups.get(row.id);
      if (group) group.push(row);
      else groups.set(row.id, [row]);
    }
    const tables = await this.listTables();
    const keys: ForeignKey[] = [];
    for (const group of groups.values()) {
      const named = group[0]?.table ?? '';
      // SQLite matches table names case-insensitively: report the table as it is actually named.
      const referencedTable = tables.find((t) => t === named) ?? tables.find((t) => t.toLowerCase() === named.toLowerCase()) ?? named;
      const explicit = group.every((r) => r.to !== null);
      const referencedColumns = explicit ? group.map((r) => r.to as string) : primaryKeyOf(this.#tableInfo(referencedTable));
      keys.push({ columns: group.map((r) => r.from), referencedTable, referencedColumns });
    }
    return keys;
  }
}

function primaryKeyOf(info: readonly TableInfoRow[]): string[] {
  return info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
}

/**
 * Opens a SQLite file strictly read-only (`readonly`, `fileMustExist`, `PRAGMA query_only = ON`)
 * and returns a connector over it. Errors name the path and carry no stack trace in the message:
 * `database file not found: <path>`, `not a SQLite database: <path>`.
 */
export async function openSqlite(path: string): Promise<Connector> {
  let isFile: boolean;
  try {
    isFile = (await stat(path)).isFile();
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      throw new ProfilerError('not-found', `database file not found: ${path}`, { cause: error });
    }
    if (errorCode(error) === 'EACCES') {
      throw new ProfilerError('permission-denied', `permission denied: ${path}`, { cause: error });
    }
    throw new ProfilerError('not-found', `cannot open database: ${path}: ${messageOf(error)}`, { cause: error });
  }
  if (!isFile) throw new ProfilerError('not-a-database', `not a SQLite database: ${path} (not a regular file)`);

  const Database = await loadBetterSqlite3();
  // Read-only, and nothing written beside the file (no -wal, no -shm): sqlite-source.ts.
  let db: Database;
  let source: string;
  try {
    ({ db, source } = openReadOnlySqlite(path, Database));
  } catch (error) {
    const code = errorCode(error) === 'SQLITE_CANTOPEN' ? 'permission-denied' : 'not-a-database';
    throw new ProfilerError(code, `cannot open database: ${path}: ${messageOf(error)}`, { cause: error });
  }
  try {
    db.pragma('query_only = ON');
    // Opening is lazy: the header is read (and checked) only by the first query.
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
  } catch (error) {
    db.close();
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB') throw new ProfilerError('not-a-database', `not a SQLite database: ${path}`, { cause: error });
    if (code === 'SQLITE_CORRUPT') throw new ProfilerError('not-a-database', `corrupt SQLite database: ${path}`, { cause: error });
    throw new ProfilerError('not-a-database', `cannot open database: ${path}: ${messageOf(error)}`, { cause: error });
  }
  const connector = new SqliteConnector(db, path, source);
  handles.set(connector, db);
  return connector;
}

/** Opens the SQLite file read-only, profiles it and closes it again (also when profiling fails). */
export async function profileSqlite(path: string, options: ProfileOptions = {}): Promise<DatabaseProfile> {
  return closeAfter(await openSqlite(path), (connector) => profileDatabase(connector, options));
}
