import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type {
  ColumnDescription,
  ColumnStats,
  Connector,
  SampleOptions,
  TableDescription,
} from './connector.js';
import { loadBetterSqlite3, type Database } from './driver.js';
import { profileDatabase, type ProfileOptions } from './profile.js';
import type { DatabaseProfile, ForeignKey, ValueFrequency } from './types.js';

/** `"name"` with embedded double quotes doubled: safe for any identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A JSON-safe scalar: bigints as numbers when safe (else decimal strings); blobs and the rest as `null`. */
function toScalar(value: unknown): string | number | null {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  return null;
}

function toCount(value: unknown): number {
  const n = toScalar(value);
  return typeof n === 'number' ? n : Number(n ?? 0);
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const handles = new WeakMap<Connector, Database>();

/**
 * The underlying connection of a connector made by `openSqlite`, so tests can prove it rejects
 * writes. Not exported from the package.
 * @internal
 */
export function sqliteHandle(connector: Connector): {
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
  readonly #db: Database;

  constructor(
    db: Database,
    readonly database: string,
  ) {
    this.#db = db;
  }

  async listTables(): Promise<string[]> {
    return this.#db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .pluck()
      .all();
  }

  async describeTable(table: string): Promise<TableDescription> {
    const info = this.#tableInfo(table);
    if (info.length === 0) throw new Error(`no such table: ${table}`);
    const columns: ColumnDescription[] = info.map((c) => ({ name: c.name, declaredType: c.type }));
    return { columns, primaryKey: primaryKeyOf(info), foreignKeys: await this.#foreignKeys(table) };
  }

  async rowCount(table: string): Promise<number> {
    const sql = `SELECT COUNT(*) FROM ${quoteIdentifier(table)}`;
    return toCount(this.#db.prepare(sql).pluck().safeIntegers(true).get());
  }

  async columnStats(table: string, column: string): Promise<ColumnStats> {
    const c = quoteIdentifier(column);
    const scalar = `CASE WHEN typeof(${c}) <> 'blob' THEN ${c} END`;
    const sql =
      `SELECT COUNT(*), COUNT(${c}), COUNT(DISTINCT ${c}), MIN(${scalar}), MAX(${scalar}) ` +
      `FROM ${quoteIdentifier(table)}`;
    const row = this.#db.prepare<[], unknown[]>(sql).raw(true).safeIntegers(true).get() ?? [];
    const [rows, count, distinct, min, max] = row;
    return {
      count: toCount(count),
      nulls: toCount(rows) - toCount(count),
      distinct: toCount(distinct),
      min: toScalar(min),
      max: toScalar(max),
    };
  }

  async sampleValues(table: string, column: string, options: SampleOptions): Promise<ValueFrequency[]> {
    const c = quoteIdentifier(column);
    const sql =
      `SELECT v, COUNT(*) FROM (SELECT ${c} AS v FROM ${this.#inStorageOrder(table, c)} LIMIT ?) ` +
      'GROUP BY v ORDER BY 2 DESC, 1 LIMIT ?';
    const rows = this.#db
      .prepare<[number, number], unknown[]>(sql)
      .raw(true)
      .safeIntegers(true)
      .all(options.sampleRows, options.sampleSize);
    const sample: ValueFrequency[] = [];
    for (const [value, count] of rows) {
      const v = toScalar(value);
      if (v !== null) sample.push({ value: v, count: toCount(count) });
    }
    return sample;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  /**
   * The FROM clause (from the table name on) that reads the column's non-null, non-blob values in
   * storage order. "First rows" must never follow a covering index's sorted order, which would
   * sample only an indexed column's smallest values. NOT INDEXED keeps a rowid table to its own
   * b-tree; a WITHOUT ROWID table ignores NOT INDEXED, so it is ordered by its primary key (its
   * storage order, so no sort is needed).
   */
  #inStorageOrder(table: string, c: string): string {
    const where = `WHERE ${c} IS NOT NULL AND typeof(${c}) <> 'blob'`;
    const withoutRowid = this.#db
      .prepare<[string], number>("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?")
      .pluck()
      .get(table);
    if (withoutRowid !== 1) return `${quoteIdentifier(table)} NOT INDEXED ${where}`;
    const order = primaryKeyOf(this.#tableInfo(table)).map(quoteIdentifier).join(', ');
    return `${quoteIdentifier(table)} ${where} ORDER BY ${order}`;
  }

  #tableInfo(table: string): TableInfoRow[] {
    return this.#db
      .prepare<[string], TableInfoRow>('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid')
      .all(table);
  }

  /** Foreign keys in declaration order (SQLite numbers them last-first), columns in key order. */
  async #foreignKeys(table: string): Promise<ForeignKey[]> {
    const rows = this.#db
      .prepare<[string], ForeignKeyRow>(
        'SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq',
      )
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
      const referencedTable =
        tables.find((t) => t === named) ??
        tables.find((t) => t.toLowerCase() === named.toLowerCase()) ??
        named;
      const explicit = group.every((r) => r.to !== null);
      const referencedColumns = explicit
        ? group.map((r) => r.to as string)
        : primaryKeyOf(this.#tableInfo(referencedTable));
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
      throw new Error(`database file not found: ${path}`, { cause: error });
    }
    throw new Error(`cannot open database: ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!isFile) throw new Error(`not a SQLite database: ${path} (not a regular file)`);

  const Database = await loadBetterSqlite3();
  let db: Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`cannot open database: ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    db.pragma('query_only = ON');
    // Opening is lazy: the header is read (and checked) only by the first query.
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
  } catch (error) {
    db.close();
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB') throw new Error(`not a SQLite database: ${path}`, { cause: error });
    if (code === 'SQLITE_CORRUPT') throw new Error(`corrupt SQLite database: ${path}`, { cause: error });
    throw new Error(`cannot open database: ${path}: ${(error as Error).message}`, { cause: error });
  }
  const connector = new SqliteConnector(db, basename(path));
  handles.set(connector, db);
  return connector;
}

/** Opens the SQLite file read-only, profiles it and closes it again (also when profiling fails). */
export async function profileSqlite(
  path: string,
  options: ProfileOptions = {},
): Promise<DatabaseProfile> {
  const connector = await openSqlite(path);
  try {
    return await profileDatabase(connector, options);
  } finally {
    await connector.close();
  }
}
