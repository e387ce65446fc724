import type { ForeignKey, ValueFrequency } from './types.js';

/** A column as the schema declares it. */
export interface ColumnDescription {
  name: string;
  /** The declared type as written in the schema (`INTEGER`, `VARCHAR(25)`, … or `''`). */
  declaredType: string;
}

/** What a table's schema declares: columns in declared order, primary key in key order, foreign keys. */
export interface TableDescription {
  columns: ColumnDescription[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

/** Aggregates over one column, computed by the engine over every row of the table. */
export interface ColumnStats {
  /** Non-null values. */
  count: number;
  nulls: number;
  /** Distinct non-null values. */
  distinct: number;
  /** Smallest / largest non-null, non-blob value in the engine's ordering; `null` when there is none. */
  min: string | number | null;
  max: string | number | null;
}

export interface SampleOptions {
  /** How many leading non-null values to draw the sample from. */
  sampleRows: number;
  /** How many distinct values to return at most. */
  sampleSize: number;
}

/**
 * A read-only connection to one database. Everything engine-specific (SQL dialect, catalog
 * queries, value conversion) lives behind this interface, so that `profileDatabase` works
 * unchanged for any engine that implements it.
 *
 * Values are returned as JSON-safe scalars: integers outside the safe range as decimal strings,
 * blobs never.
 */
export interface Connector {
  readonly engine: 'sqlite';
  /** A name for the database (for SQLite, the file's base name). */
  readonly database: string;
  /** User tables (no views, no engine-internal tables), ordered by name. */
  listTables(): Promise<string[]>;
  /** Throws when the table does not exist. */
  describeTable(table: string): Promise<TableDescription>;
  rowCount(table: string): Promise<number>;
  columnStats(table: string, column: string): Promise<ColumnStats>;
  /**
   * The most frequent non-null, non-blob values among the first `sampleRows` non-null values of
   * the column, most frequent first, ties by value; at most `sampleSize` of them.
   */
  sampleValues(table: string, column: string, options: SampleOptions): Promise<ValueFrequency[]>;
  /** Closes the connection; calling it again does nothing. */
  close(): Promise<void>;
}
