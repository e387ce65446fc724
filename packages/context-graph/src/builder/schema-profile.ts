/**
 * A schema without a database (a benchmark's schema file: names, types, declared keys, a few
 * sample values and, for BIRD, per-column statistics) as the `DatabaseProfile` join inference
 * reads. Nothing is invented: what the schema does not say is zero, null or empty.
 */
import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { PROFILE_FORMAT_VERSION } from '@guided-retrieval/profiler';
import type { SchemaColumnSpec, SchemaSpec } from '../schema.js';

/** What a schema file may say of a column's values besides samples. */
export interface SchemaColumnStats {
  nullFraction?: number;
  uniqueCount?: number;
  min?: string | number;
  max?: string | number;
}

/** What a schema file may say of a table's rows. */
export interface SchemaTableStats {
  rowCount?: number;
  /** Keyed by lower-cased column name. */
  columns: ReadonlyMap<string, SchemaColumnStats>;
}

/**
 * The profile of `spec`. With statistics (keyed by lower-cased table name): `rowCount` from the
 * table's row count, `count` from the null fraction, `distinct` from the unique count, `min` and
 * `max`. Without them every count is 0, min and max null, and `distinct` the number of distinct
 * sample values (`distinctExact: false`). Sample values have count 1. Declared primary and foreign
 * keys come from the schema. No sketches.
 */
export function profileFromSchema(spec: SchemaSpec, stats: ReadonlyMap<string, SchemaTableStats> = new Map()): DatabaseProfile {
  const tables: TableProfile[] = spec.tables.map((table) => {
    const tableStats = stats.get(table.name.toLowerCase());
    const rowCount = tableStats?.rowCount ?? 0;
    const columns = table.columns.map((c) => {
      const column: SchemaColumnSpec = typeof c === 'string' ? { name: c } : c;
      return columnProfile(column, rowCount, tableStats?.columns.get(column.name.toLowerCase()));
    });
    return {
      name: table.name,
      rowCount,
      columns,
      primaryKey: [...(table.primaryKey ?? [])],
      foreignKeys: (spec.foreignKeys ?? [])
        .filter((fk) => fk.fromTable.toLowerCase() === table.name.toLowerCase())
        .map((fk) => ({ columns: [...fk.fromColumns], referencedTable: fk.toTable, referencedColumns: [...fk.toColumns] })),
    };
  });
  return { formatVersion: PROFILE_FORMAT_VERSION, engine: 'sqlite', database: spec.database, tables };
}

function columnProfile(column: SchemaColumnSpec, rowCount: number, stats: SchemaColumnStats | undefined): ColumnProfile {
  const sample = [...new Set(column.sample ?? [])];
  const nulls = stats?.nullFraction === undefined ? 0 : Math.round(rowCount * stats.nullFraction);
  const count = rowCount - nulls;
  const exact = stats?.uniqueCount !== undefined;
  const distinct = exact ? Math.min(stats.uniqueCount!, count) : sample.length;
  return {
    name: column.name,
    declaredType: column.type ?? '',
    inferredType: column.inferredType ?? 'unknown',
    rowCount,
    count,
    nulls,
    distinct,
    distinctExact: exact,
    min: stats?.min ?? null,
    max: stats?.max ?? null,
    sample: sample.map((value) => ({ value, count: 1 })),
  };
}
