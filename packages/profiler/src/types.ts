/** Version of the `DatabaseProfile` JSON format; bump on any incompatible change. */
export const PROFILE_FORMAT_VERSION = 1;

/** A scalar as read from the database; dates arrive as ISO strings, blobs are never sampled. */
export type SqlValue = string | number | bigint | null;

/** The engines with a connector in this package. */
export type ConnectorEngine = 'sqlite' | 'postgres' | 'duckdb' | 'mysql';

/**
 * The SQL engine a profile describes: one with a connector here, or a warehouse whose schema was
 * read without a connection (a dbt project's artifacts, an `INFORMATION_SCHEMA` export).
 */
export type Engine = (typeof ENGINES)[number];

/** Every `Engine`, connectors' first (for schemas that check a file's `engine`). */
export const ENGINES = ['sqlite', 'postgres', 'duckdb', 'mysql', 'snowflake', 'bigquery', 'redshift', 'databricks'] as const;

/** The broad kind of values a column holds, inferred from its declared type and its values. */
export type InferredType = 'integer' | 'real' | 'text' | 'date' | 'boolean' | 'blob' | 'unknown';

/** What a column's values clearly are, when they clearly are one thing (see `tagOntology`). */
export type OntologyTag = 'email' | 'url' | 'phone' | 'date' | 'datetime' | 'year' | 'country' | 'currency' | 'boolean' | 'identifier';

export interface ValueFrequency {
  value: string | number;
  count: number;
}

/** Lengths (in characters) of a column's text values in the sample. */
export interface LengthStats {
  min: number;
  max: number;
  mean: number;
}

export interface ColumnProfile {
  name: string;
  /** What the catalog says of the column (`COMMENT ON COLUMN`, MySQL `COLUMN_COMMENT`, a dbt description); absent when nothing. */
  description?: string;
  /** The type as the schema declares it (`INTEGER`, `VARCHAR(25)`, `DECIMAL(15,2)`, … or `''`). */
  declaredType: string;
  inferredType: InferredType;
  /** Rows in the table. */
  rowCount: number;
  /** Non-null values (every row). */
  count: number;
  nulls: number;
  /**
   * Distinct non-null values: exact when `distinctExact` is true or absent (`COUNT(DISTINCT)` over
   * every row, or the count of a declared single-column primary key or unique column); otherwise
   * equal to `approxDistinct` (tables above `exactDistinctMaxRows`).
   */
  distinct: number;
  min: string | number | null;
  max: string | number | null;
  /**
   * Up to `sampleSize` distinct non-null values of the table's sample, most frequent first (ties
   * by value), with their frequencies in the sample: deterministic for the same database.
   */
  sample: ValueFrequency[];
  /** Whether `distinct` is exact. Absent in profiles written before it existed (they were exact). */
  distinctExact?: boolean;
  /**
   * Estimated distinct non-null values over the whole table: the count of a declared unique
   * column, else the engine's own sketch where it has one (DuckDB `approx_count_distinct`), else
   * the Haas–Stokes (Duj1) estimate from the sample.
   */
  approxDistinct?: number;
  /** Representative values: the sample's top values without blanks, placeholders and outliers (`cleanSample`). */
  cleanSample?: (string | number)[];
  /** Lengths of the text values in the sample; `null` when the sample holds no text value. */
  length?: LengthStats | null;
  /** What the values clearly are, or `null`. */
  ontology?: OntologyTag | null;
  /**
   * Hashes of the sample's distinct values, for estimating inclusion between columns (join
   * inference) without the values: absent for columns that cannot be join keys (reals, dates,
   * booleans, blobs, long text) and in profiles written before it existed.
   */
  sketch?: ValueSketch;
  /**
   * The column's distinct values as names a question may use (`ColumnValues`), for text columns
   * that hold names (not prose, codes or hashes): absent for other columns and in profiles
   * written before it existed.
   */
  values?: ColumnValues;
}

/**
 * A text column's distinct values, listed when there are few enough (`valueListMax`, default
 * 10,000), else as a Bloom filter over the keys a question finds them by (`valueKeys`); only
 * the filter when the values must not be readable (`hashValues`). Only values that can name
 * something are kept: at most 50 characters (`VALUE_MAX_LENGTH`), a letter, at most 4 words.
 */
export interface ColumnValues {
  /**
   * Whether every such value of the column is in `list` or `filter`; false when the column had
   * more rows than the bounded scan read (`valueScanRows`) or the filter had to leave values out.
   */
  complete: boolean;
  /** Distinct values read (before the ones that cannot name anything were dropped). */
  distinct: number;
  /** The values as stored, sorted (by code unit): when there are at most `valueListMax` and `hashed` is not set. */
  list?: string[];
  /** A Bloom filter over the values' keys, when they are too many to list, or `hashed`. */
  filter?: ValueFilter;
  /**
   * Set when readable values were not to be stored (`hashValues`): the column's strings are gone from `sample`,
   * `cleanSample`, `min` and `max` too.
   */
  hashed?: boolean;
}

/**
 * A Bloom filter over the keys of a column's values (`valueKeys`: each normalised value and run of
 * its words, hashed together with the value's word count, so that a hit tells how much of a value
 * a question's words cover). Probe it with `readValueFilter`.
 */
export interface ValueFilter {
  /** How keys were derived and hashed (`VALUE_FILTER_SCHEME`); a filter of another scheme is ignored. */
  scheme: string;
  /** Keys inserted. */
  keys: number;
  /** Whether the runs of words are in it, or only whole values (a filter at its size limit). */
  parts: boolean;
  bits: number;
  /** Probes per key. */
  hashes: number;
  /** The bits, base64. */
  data: string;
}

/**
 * A column's distinct sample values, hashed (`sketch.ts`): the bottom-k hashes, a uniform sample
 * of the distinct values that is coordinated across columns (the same value always has the same
 * hash), plus a Bloom filter over every distinct value when the sample's values are all distinct.
 */
export interface ValueSketch {
  /** How values were canonicalised and hashed (`SKETCH_HASH`); only equal ids compare. */
  hash: string;
  /** Distinct non-null values sketched (the sample's). */
  distinct: number;
  /** The smallest hashes, ascending: every distinct value's when `distinct` ≤ their number. */
  minHashes: number[];
  /** Membership of every distinct value: `bits` bits, `hashes` probes each, base64. */
  bloom?: { bits: number; hashes: number; data: string };
}

/**
 * Columns of one table taken together (`ProfileOptions.columnSets` says which): what tells whether
 * a pair is unique in its table, and whether another table's pairs lie inside it.
 */
export interface ColumnSetProfile {
  /** The columns, in the order the tuples are hashed in. */
  columns: string[];
  /** Rows holding a value in every one of the columns (estimated from the sample when `distinctExact` is false). */
  count: number;
  /** Distinct tuples among those rows. */
  distinct: number;
  /** Whether `count` and `distinct` were counted over every row rather than estimated from a sample. */
  distinctExact: boolean;
  /** The sample's distinct tuples, hashed as one value each (`hashTuple`): bottom-k, and a Bloom filter when all are distinct. */
  sketch?: ValueSketch;
}

export interface ForeignKey {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface TableProfile {
  name: string;
  /**
   * The schema (PostgreSQL, DuckDB, a warehouse) or database (MySQL) the table lives in, when the
   * engine has one and it is not the connection's default (`public`, `main`): SQL names the table
   * `schema.table`. `name` stays the profile's name (bare where unique).
   */
  schema?: string;
  /** What the catalog says of the table (`COMMENT ON TABLE`, MySQL `TABLE_COMMENT`, a dbt description); absent when nothing. */
  description?: string;
  /** A view or materialized view rather than a base table; absent for tables. */
  kind?: 'view' | 'materialized view';
  rowCount: number;
  columns: ColumnProfile[];
  /** Declared primary key columns, in key order; empty when none is declared. */
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  /** Column sets profiled together (`ProfileOptions.columnSets`); absent when none was asked for. */
  columnSets?: ColumnSetProfile[];
  /** Rows in the table's sample (every row when the table holds at most `sampleRows`). */
  sampledRows?: number;
  /**
   * How the engine drew the sample: `all rows`, `rowid stride`, `leading rows`, `TABLESAMPLE SYSTEM`, `bernoulli`
   * (`reservoir` in older profiles).
   */
  sampleMethod?: string;
}

export interface DatabaseProfile {
  formatVersion: typeof PROFILE_FORMAT_VERSION;
  engine: Engine;
  /** A name for the database (the file's base name by default). */
  database: string;
  tables: TableProfile[];
}
