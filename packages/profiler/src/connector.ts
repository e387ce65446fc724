import type { ConnectorEngine, ForeignKey } from './types.js';

/** A column as the schema declares it. */
export interface ColumnDescription {
  name: string;
  /** The catalog's comment on the column, when it has one. */
  description?: string;
  /** The declared type as written in the schema (`INTEGER`, `VARCHAR(25)`, … or `''`). */
  declaredType: string;
  /**
   * The type profiling reads the values as, when the declared one is the database's own name
   * (PostgreSQL: a domain's base type, `enum` for an enum, `record` for a composite type,
   * `anyrange` for a range type); absent when it is the declared type.
   */
  baseType?: string;
  /** Declared NOT NULL (the engine enforces it): its non-null count is the row count. */
  notNull?: boolean;
  /**
   * The catalog's estimate of distinct non-null values, when it has one (PostgreSQL
   * `pg_stats.n_distinct` from ANALYZE: a count, or minus a fraction of the rows).
   */
  catalogDistinct?: number;
}

/** What a table's schema declares: columns in declared order, primary key in key order, foreign keys. */
export interface TableDescription {
  columns: ColumnDescription[];
  /** Where the table lives, when not in the connection's default schema (see `TableProfile.schema`). */
  schema?: string;
  /** The catalog's comment on the table, when it has one. */
  description?: string;
  /** A view or materialized view rather than a base table. */
  kind?: 'view' | 'materialized view';
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  /**
   * Columns that are alone in a declared unique constraint or unique index (besides a
   * single-column primary key): their non-null values are all distinct.
   */
  unique?: string[];
  /**
   * The catalog's estimate of the table's rows (PostgreSQL `reltuples`; SQLite: the rowid span, an
   * upper bound), when it has one: it only
   * decides whether distinct values are counted exactly, and saves counting the rows before the
   * pass over every row (which counts them).
   */
  estimatedRows?: number;
}

/** A JSON-safe scalar as connectors return them: blobs as `null`, big integers as decimal strings. */
export type Scalar = string | number | null;

/** The SQL expressions the profiler uses for one column (all built from the quoted column name). */
export interface ColumnExpressions {
  /** A comparable, JSON-friendly scalar for MIN/MAX and sampling; `NULL` for values never sampled (blobs). */
  value: string;
  /** What `COUNT(DISTINCT …)` counts (the raw column where the engine can compare it). */
  distinct: string;
  /** The value's length in characters when it is text, else NULL; `null` when the column never holds text. */
  length: string | null;
  /** Wraps an expression of `value` so that long text comes back cut to `max` characters. */
  clip(expression: string, max: number): string;
  /**
   * Aggregates for MIN and MAX cheaper than `MIN(value)`, `MAX(value)`, and an aggregate that is
   * true (non-zero) when they are those bounds; when it is not, the bounds are computed again
   * from `value` (SQLite: the raw column, unless a blob is among its values).
   */
  bounds?: { min: string; max: string; exact: string };
  /**
   * The SQL type of `clip(value)`, as a key: columns whose keys are equal may share one result
   * column of a UNION. Absent where values are typed dynamically (SQLite): all share one.
   */
  type?: string;
}

/** The rows one table's sample is drawn from: a FROM item (with its alias) and how it was drawn. */
export interface SampleSource {
  /** A FROM item yielding at most the requested number of rows, aliased (`… AS s`). */
  from: string;
  method: string;
}

/**
 * Everything an engine's SQL differs in, as far as profiling goes. A new engine (Trino, Spark SQL,
 * a warehouse) is one file: a `Dialect` and a `Connector` that runs queries through its driver.
 */
export interface Dialect {
  /** Quotes any identifier safely (embedded quotes doubled). */
  quoteIdentifier(name: string): string;
  /** What a query's FROM names for the table (`"t"`, `"schema"."t"`, `read_parquet('…')`). */
  tableRef(table: string): string;
  /** The per-column expressions for a column of this declared type. */
  column(quotedColumn: string, declaredType: string): ColumnExpressions;
  /** An approximate distinct count over every row (a sketch in the engine), or `undefined` when it has none. */
  approxDistinct?(expression: string): string;
  /**
   * An aggregate over groups of a column's sample (`value`: the group's value, `count`: its rows)
   * giving every non-null value of fewer than `maxLength` characters as one JSON array, as text:
   * each value as its exact text (integers too, whatever their size; SQLite: reals as JSON numbers);
   * NULL when the values, as text, average more than `maxMeanLength` characters over the rows.
   * Without it no column is sketched.
   */
  valueList?(value: string, count: string, maxLength: number, maxMeanLength: number): string;
  /**
   * A statement giving the distinct text values of some columns of a FROM item (the table, or a
   * sample of it) in one row, one JSON array of strings per column (`ColumnValues`): every
   * non-null string of at most `maxLength` characters (as text: `character(n)` without its
   * padding); `[]` when there is none. In as few passes over the rows as the engine allows
   * (SQLite, DuckDB: one, with a DISTINCT aggregate per column; PostgreSQL: one hashed DISTINCT
   * per column, as its DISTINCT aggregates sort every row). Without it no column's values are listed.
   */
  distinctValues?(from: string, columns: readonly { quoted: string; declaredType: string }[], maxLength: number): string;
  /**
   * Columns per statement over the sample (default 16): each statement draws the sample once, and
   * an engine that keeps a statement's work in memory (DuckDB) bounds it with fewer.
   */
  sampleColumnsPerStatement?: number;
  /**
   * The engine's names for the types the profiler's own statements cast to (MySQL and MariaDB:
   * `SIGNED`, `CHAR`); default the standard `BIGINT`, `INTEGER`, `TEXT`.
   */
  castTypes?: { bigint: string; integer: string; text: string };
  /** Whether `WITH name AS MATERIALIZED (…)` parses (MySQL and MariaDB: no, plain `AS (…)`); default yes. */
  materializedCte?: boolean;
  /** A FROM item for a sample of `sampleRows` rows, for engines whose sampling is pure SQL. */
  sampleFrom?(tableRef: string, rowCount: number, sampleRows: number, seed: number): SampleSource;
}

/**
 * A read-only connection to one database. Catalog reading is engine-specific; the statistics are
 * plain SQL built from the `dialect`, run through `query`, so `profileDatabase` works unchanged
 * for any engine that implements this.
 */
export interface Connector {
  readonly engine: ConnectorEngine;
  /** A name for the database (for files, the file's base name). */
  readonly database: string;
  readonly dialect: Dialect;
  /** User tables (no views, no engine-internal tables), ordered by name. */
  listTables(): Promise<string[]>;
  /**
   * Views and materialized views (their `describeTable` says which in `kind`), ordered by name;
   * `ProfileOptions.views` says whether they are listed or profiled. Default: none.
   */
  listViews?(): Promise<string[]>;
  /** Throws `no such table: <name>` when the table does not exist. */
  describeTable(table: string): Promise<TableDescription>;
  /** Where a table's sample comes from, for `sampleRows` rows out of `rowCount`. */
  sampleSource(table: string, rowCount: number, sampleRows: number): Promise<SampleSource>;
  /** Runs one read-only SELECT; rows as arrays of JSON-safe scalars. */
  query(sql: string): Promise<Scalar[][]>;
  /**
   * MIN and MAX of the columns whose bounds an index gives without reading the table (the rowid,
   * the leading column of an index), as `MIN(value)` and `MAX(value)` would give them; columns
   * left out are computed in the pass over every row. Default: none.
   */
  indexBounds?(table: string, columns: readonly ColumnDescription[]): Promise<Map<string, [Scalar, Scalar]>>;
  /**
   * Runs a statement like `query`, but on another connection in another thread, so that the caller
   * can run others on this one meanwhile (SQLite: the pass over every row beside the sample
   * statements). Default: none.
   */
  offload?(sql: string): Promise<Scalar[][]>;
  /**
   * Opens another read-only connection on the same snapshot, so that tables can be profiled in
   * parallel (PostgreSQL: `pg_export_snapshot`); the caller closes it. Default: no parallelism.
   */
  fork?(): Promise<Connector>;
  /**
   * Runs `work` so that an error inside it leaves the connection usable for the next table
   * (PostgreSQL: a savepoint inside the read-only transaction). Default: just runs it.
   */
  isolate?<T>(work: () => Promise<T>): Promise<T>;
  /** Closes the connection; calling it again does nothing. */
  close(): Promise<void>;
}

/** `"name"` with embedded double quotes doubled: safe for any identifier in standard SQL. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `'text'` with embedded single quotes doubled. */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A JSON-safe scalar: bigints as numbers when safe (else decimal strings). */
export function bigintScalar(value: bigint): string | number {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/** `use(connector)`, then the connector closed — also when `use` fails. */
export async function closeAfter<T>(connector: Connector, use: (connector: Connector) => Promise<T>): Promise<T> {
  try {
    return await use(connector);
  } finally {
    await connector.close();
  }
}
