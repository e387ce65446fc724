/** Version of the `DatabaseProfile` JSON format; bump on any incompatible change. */
export const PROFILE_FORMAT_VERSION = 1;

/** A scalar as read from the database; dates arrive as ISO strings, blobs are never sampled. */
export type SqlValue = string | number | bigint | null;

/** The broad kind of values a column holds, inferred from its declared type and its values. */
export type InferredType = 'integer' | 'real' | 'text' | 'date' | 'boolean' | 'blob' | 'unknown';

export interface ValueFrequency {
  value: string | number;
  count: number;
}

export interface ColumnProfile {
  name: string;
  /** The type as the schema declares it (`INTEGER`, `VARCHAR(25)`, `DECIMAL(15,2)`, … or `''`). */
  declaredType: string;
  inferredType: InferredType;
  /** Rows in the table. */
  rowCount: number;
  /** Non-null values. */
  count: number;
  nulls: number;
  distinct: number;
  min: string | number | null;
  max: string | number | null;
  /**
   * Up to `sampleSize` distinct non-null values, most frequent first (ties by value), drawn from
   * the first `sampleRows` rows: deterministic for the same database.
   */
  sample: ValueFrequency[];
}

export interface ForeignKey {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface TableProfile {
  name: string;
  rowCount: number;
  columns: ColumnProfile[];
  /** Declared primary key columns, in key order; empty when none is declared. */
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

export interface DatabaseProfile {
  formatVersion: typeof PROFILE_FORMAT_VERSION;
  engine: 'sqlite';
  /** A name for the database (the file's base name by default). */
  database: string;
  tables: TableProfile[];
}
