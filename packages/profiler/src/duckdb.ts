import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import {
  bigintScalar,
  type Connector,
  closeAfter,
  type Dialect,
  quoteIdentifier,
  quoteLiteral,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
import { type DuckdbModule, loadDuckdb } from './driver.js';
import { errorCode, messageOf, ProfilerError } from './errors.js';
import { type ProfileOptions, profileDatabase } from './profile.js';
import type { DatabaseProfile } from './types.js';

const NATIVE =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL|VARCHAR|DATE|TIMESTAMP|TIME|BOOLEAN)\b/i;

/** DuckDB's SQL: blobs never sampled, nested types compared as text, Bernoulli samples, HLL distinct. */
export function duckdbDialect(tableRef: (table: string) => string = quoteIdentifier): Dialect {
  return {
    quoteIdentifier,
    tableRef,
    column(c, declaredType) {
      const blob = /^(BLOB|BYTEA|BIT)\b/i.test(declaredType);
      const native = NATIVE.test(declaredType) && !declaredType.includes('[');
      const text = /^VARCHAR$/i.test(declaredType);
      return {
        value: blob ? 'CAST(NULL AS VARCHAR)' : native ? c : `CAST(${c} AS VARCHAR)`,
        distinct: c,
        length: text ? `length(${c})` : null,
        clip: (e, max) => (text || !native ? `left(${e}, ${max})` : e),
        type: text || !native ? 'VARCHAR' : declaredType.toUpperCase(),
      };
    },
    approxDistinct: (e) => `approx_count_distinct(${e})`,
    // A read-only DuckDB database cannot spill: 4 columns at a time keep a statement's memory small.
    sampleColumnsPerStatement: 4,
    valueList(v, n, maxLength, maxMean) {
      const t = `length(CAST(${v} AS VARCHAR))`;
      return (
        `CASE WHEN COALESCE(SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} * ${t} END), 0) <= ${maxMean} * SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} ELSE 0 END) ` +
        `THEN COALESCE(CAST(to_json(list(CAST(${v} AS VARCHAR)) FILTER (WHERE ${v} IS NOT NULL AND ${t} < ${maxLength})) AS VARCHAR), '[]') END`
      );
    },
    distinctValues(from, columns, maxLength) {
      const one = ({ quoted: c }: { quoted: string }) => {
        const t = `CAST(${c} AS VARCHAR)`;
        return `COALESCE(CAST(to_json(list(DISTINCT ${t}) FILTER (WHERE ${c} IS NOT NULL AND length(${t}) <= ${maxLength})) AS VARCHAR), '[]')`;
      };
      return `SELECT ${columns.map(one).join(', ')} FROM ${from}`;
    },
    sampleFrom(ref, rowCount, sampleRows, seed): SampleSource {
      if (rowCount <= sampleRows) return { from: `${ref} AS s`, method: 'all rows' };
      // Each row independently with probability sampleRows / rowCount: a uniform sample of about
      // sampleRows rows, cheaper in time and memory than a reservoir of exactly that many.
      const percent = ((100 * sampleRows) / rowCount).toFixed(6);
      return { from: `(SELECT * FROM ${ref} USING SAMPLE ${percent} PERCENT (bernoulli, ${seed})) AS s`, method: 'bernoulli' };
    },
  };
}

type Instance = Awaited<ReturnType<DuckdbModule['DuckDBInstance']['create']>>;
type Connection = Awaited<ReturnType<Instance['connect']>>;

function toScalar(duckdb: DuckdbModule, value: unknown): Scalar {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return bigintScalar(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof duckdb.DuckDBBlobValue) return null;
  if (value instanceof duckdb.DuckDBDecimalValue) return value.toDouble();
  return String(value);
}

function duckdbError(error: unknown, memoryLimit: string): ProfilerError {
  const message = messageOf(error);
  const missing = /Table with name (.*) does not exist/.exec(message);
  if (missing) return new ProfilerError('no-such-table', `no such table: ${missing[1] ?? ''}`, { cause: error });
  const hint = /out of memory/i.test(message) ? ` (memoryLimit is ${memoryLimit}: raise it)` : '';
  return new ProfilerError('query-failed', `DuckDB: ${message.split('\n')[0]}${hint}`, { cause: error });
}

const handles = new WeakMap<Connector, Connection>();

/** The connection of a connector made by `openDuckdb`, so tests can prove it refuses writes. @internal */
export function duckdbHandle(connector: Connector): { run(sql: string): Promise<unknown> } {
  const connection = handles.get(connector);
  if (connection === undefined) throw new Error('not a connector made by openDuckdb');
  return { run: (sql: string) => connection.run(sql) };
}

class DuckdbConnector implements Connector {
  readonly engine = 'duckdb' as const;
  #closed = false;

  constructor(
    readonly duckdb: DuckdbModule,
    readonly instance: Instance,
    readonly connection: Connection,
    readonly database: string,
    readonly dialect: Dialect,
    /** Parquet mode: table name → file. */
    readonly files: ReadonlyMap<string, string> | undefined,
    readonly memoryLimit: string,
  ) {}

  async query(sql: string): Promise<Scalar[][]> {
    try {
      const reader = await this.connection.runAndReadAll(sql);
      return reader.getRows().map((row) => row.map((v) => toScalar(this.duckdb, v)));
    } catch (error) {
      throw duckdbError(error, this.memoryLimit);
    }
  }

  async listTables(): Promise<string[]> {
    if (this.files) return [...this.files.keys()].sort();
    const rows = await this.query(
      "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND NOT internal AND NOT temporary",
    );
    return rows.map((r) => String(r[0])).sort();
  }

  /** Views of the `main` schema (DuckDB has no materialized views); none for Parquet files. */
  async listViews(): Promise<string[]> {
    if (this.files) return [];
    const rows = await this.query(
      "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND schema_name = 'main' AND NOT internal AND NOT temporary",
    );
    return rows.map((r) => String(r[0])).sort();
  }

  async describeTable(table: string): Promise<TableDescription> {
    if (this.files) {
      if (!this.files.has(table)) throw new ProfilerError('no-such-table', `no such table: ${table}`);
      const rows = await this.query(`DESCRIBE SELECT * FROM ${this.dialect.tableRef(table)}`);
      return { columns: rows.map((r) => ({ name: String(r[0]), declaredType: String(r[1]) })), primaryKey: [], foreignKeys: [] };
    }
    const where = `database_name = current_database() AND schema_name = 'main' AND table_name = ${quoteLiteral(table)}`;
    const cols = await this.query(
      `SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns() WHERE ${where} ORDER BY column_index`,
    );
    if (cols.length === 0) throw new ProfilerError('no-such-table', `no such table: ${table}`);
    const named = `database_name = current_database() AND schema_name = 'main'`;
    const [own] = await this.query(
      `SELECT comment, false FROM duckdb_tables() WHERE ${named} AND table_name = ${quoteLiteral(table)} ` +
        `UNION ALL SELECT comment, true FROM duckdb_views() WHERE ${named} AND view_name = ${quoteLiteral(table)}`,
    );
    const comment = own?.[0];
    const reader = await this.connection.runAndReadAll(
      `SELECT constraint_type, constraint_column_names, referenced_table, referenced_column_names FROM duckdb_constraints() ` +
        `WHERE ${where} AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY', 'UNIQUE') ORDER BY constraint_index`,
    );
    const description: TableDescription = {
      ...(typeof comment === 'string' && comment.trim() !== '' ? { description: comment.trim() } : {}),
      ...(own?.[1] === 'true' ? { kind: 'view' as const } : {}),
      columns: cols.map((r) => ({
        name: String(r[0]),
        declaredType: String(r[1]),
        notNull: r[2] === 'false' || r[2] === 0,
        ...(typeof r[3] === 'string' && r[3].trim() !== '' ? { description: r[3].trim() } : {}),
      })),
      primaryKey: [],
      foreignKeys: [],
      unique: [],
    };
    for (const [type, columns, referencedTable, referencedColumns] of reader.getRowsJS()) {
      const names = (columns as unknown[]).map(String);
      if (type === 'PRIMARY KEY') description.primaryKey = names;
      else if (type === 'UNIQUE') {
        if (names.length === 1) description.unique?.push(...names);
      } else {
        description.foreignKeys.push({
          columns: names,
          referencedTable: String(referencedTable),
          referencedColumns: ((referencedColumns as unknown[] | null) ?? []).map(String),
        });
      }
    }
    return description;
  }

  async sampleSource(table: string, rowCount: number, sampleRows: number): Promise<SampleSource> {
    return this.dialect.sampleFrom?.(this.dialect.tableRef(table), rowCount, sampleRows, 42) as SampleSource;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

async function checkFile(path: string, kind: string): Promise<void> {
  let isFile: boolean;
  try {
    isFile = (await stat(path)).isFile();
  } catch (error) {
    if (errorCode(error) === 'EACCES') throw new ProfilerError('permission-denied', `permission denied: ${path}`, { cause: error });
    throw new ProfilerError('not-found', `database file not found: ${path}`, { cause: error });
  }
  if (!isFile) throw new ProfilerError('not-a-database', `not a ${kind} file: ${path} (not a regular file)`);
}

/**
 * The `.parquet` files directly inside a folder (not in subfolders), in name order; `undefined`
 * when `path` is not a folder; an error when the folder holds none.
 */
export async function parquetFolder(path: string): Promise<string[] | undefined> {
  let entries: Dirent[];
  try {
    if (!(await stat(path)).isDirectory()) return undefined;
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'EACCES') throw new ProfilerError('permission-denied', `permission denied: ${path}`, { cause: error });
    throw new ProfilerError('not-found', `cannot read folder ${path}: ${code ?? messageOf(error)}`, { cause: error });
  }
  const files = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && extname(e.name).toLowerCase() === '.parquet')
    .map((e) => join(path, e.name))
    .sort();
  if (files.length === 0)
    throw new ProfilerError('not-a-database', `no Parquet file in folder ${path} (a folder is read as its .parquet files, one table each)`);
  return files;
}

/** Cuts file-system access off and locks the settings, so no statement can write a file. */
const LOCK_DOWN = 'SET enable_external_access = false; SET lock_configuration = true';

/**
 * DuckDB's own buffer pool is capped so that profiling stays within a bounded memory budget (a
 * statement that needs more fails: a read-only database does not spill; raise it for samples of
 * very long values).
 */
export const DEFAULT_DUCKDB_MEMORY_LIMIT = '100MB';
/**
 * DuckDB's allocator otherwise keeps what a statement freed for later ones: hand it back to the
 * system after every statement, so that the process's peak memory is the largest statement's,
 * not their sum.
 */
const ALLOCATOR = {
  allocator_flush_threshold: '1MB',
  allocator_bulk_deallocation_flush_threshold: '1MB',
  allocator_background_threads: 'true',
};

/**
 * Opens a DuckDB database file read-only (`access_mode = READ_ONLY`), or one or more Parquet
 * files or a folder of them (each a table named after its file's stem, read through
 * `read_parquet`; a folder's `.parquet` files directly inside it, not in subfolders), in both cases with
 * external file access then switched off except for those files and the configuration locked:
 * no statement through the connection can write to the database or to any file.
 */
export interface DuckdbOptions {
  /** A name for the profile's `database` (default: the file's or folder's base name, or `parquet` for a list of files). */
  database?: string;
  /** DuckDB's `memory_limit` (default 100MB). */
  memoryLimit?: string;
}

export async function openDuckdb(pathOrFiles: string | readonly string[], options: DuckdbOptions = {}): Promise<Connector> {
  const folder = typeof pathOrFiles === 'string' ? resolve(pathOrFiles) : undefined;
  const inFolder = folder === undefined ? undefined : await parquetFolder(folder);
  const paths = inFolder ?? (typeof pathOrFiles === 'string' ? [pathOrFiles] : [...pathOrFiles]).map((p) => resolve(p));
  const parquet = inFolder !== undefined || paths.length > 1 || paths.every((p) => extname(p).toLowerCase() === '.parquet');
  for (const p of paths) await checkFile(p, parquet ? 'Parquet' : 'DuckDB');
  if (parquet) {
    const seen = new Map<string, string>();
    for (const p of paths) {
      const table = basename(p, extname(p));
      const other = seen.get(table);
      if (other !== undefined && other !== p)
        throw new ProfilerError('bad-connection', `${other} and ${p} would both be table "${table}": rename one`);
      seen.set(table, p);
    }
  }
  const duckdb = await loadDuckdb();
  const first = paths[0] ?? '';
  const memoryLimit = options.memoryLimit ?? DEFAULT_DUCKDB_MEMORY_LIMIT;
  let instance: Instance;
  try {
    const memory = { memory_limit: memoryLimit, ...ALLOCATOR };
    instance = parquet
      ? await duckdb.DuckDBInstance.create(':memory:', memory)
      : await duckdb.DuckDBInstance.create(first, { access_mode: 'READ_ONLY', ...memory });
  } catch (error) {
    const message = messageOf(error);
    if (/not a valid DuckDB database/i.test(message))
      throw new ProfilerError('not-a-database', `not a DuckDB database: ${first}`, { cause: error });
    if (/permission denied/i.test(message)) throw new ProfilerError('permission-denied', `permission denied: ${first}`, { cause: error });
    throw new ProfilerError('not-a-database', `cannot open DuckDB database: ${first}: ${message}`, { cause: error });
  }
  const connection = await instance.connect();
  let files: Map<string, string> | undefined;
  let dialect = duckdbDialect();
  try {
    if (parquet) {
      files = new Map(paths.map((p) => [basename(p, extname(p)), p]));
      const byTable = files;
      dialect = duckdbDialect((table) => `read_parquet(${quoteLiteral(byTable.get(table) ?? table)})`);
      await connection.run(`SET allowed_paths = [${paths.map(quoteLiteral).join(', ')}]`);
    }
    await connection.run(LOCK_DOWN);
    if (parquet) {
      for (const p of paths) {
        await connection.run(`SELECT 1 FROM read_parquet(${quoteLiteral(p)}) LIMIT 0`).catch((error: unknown) => {
          throw new ProfilerError('not-a-database', `not a Parquet file: ${p}`, { cause: error });
        });
      }
    }
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
    throw error;
  }
  const name =
    options.database ??
    (inFolder !== undefined && folder !== undefined ? basename(folder) : parquet && paths.length > 1 ? 'parquet' : basename(first));
  const connector = new DuckdbConnector(duckdb, instance, connection, name, dialect, files, memoryLimit);
  handles.set(connector, connection);
  return connector;
}

/** Opens read-only, profiles and closes again (also when profiling fails). */
export async function profileDuckdb(
  pathOrFiles: string | readonly string[],
  options: ProfileOptions & DuckdbOptions = {},
): Promise<DatabaseProfile> {
  return closeAfter(await openDuckdb(pathOrFiles, options), (connector) => profileDatabase(connector, options));
}
