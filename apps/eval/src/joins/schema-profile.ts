/**
 * A benchmark schema (BIRD, Spider: no database file, only the schema and, for BIRD, per-column
 * statistics and a few sample values) as the `DatabaseProfile` that join inference reads.
 * Nothing is invented: what the benchmark does not say is zero, null or empty.
 */
import type { SchemaColumnSpec, SchemaSpec } from '@guided-retrieval/context-graph';
import { type ColumnProfile, type DatabaseProfile, PROFILE_FORMAT_VERSION, type TableProfile } from '@guided-retrieval/profiler';
import type { ColumnStats, TableStats } from './bird-stats.js';

/**
 * The profile of `spec`. With statistics (keyed by lower-cased table name): `rowCount` from the
 * table's row count, `count` from the null fraction, `distinct` from the unique count, `min` and
 * `max`. Without them every count is 0, min and max null, and `distinct` the number of distinct
 * sample values (`distinctExact: false`). Sample values have count 1. Declared primary and foreign
 * keys come from the schema. No sketches.
 */
export function profileFromSchema(spec: SchemaSpec, stats: ReadonlyMap<string, TableStats> = new Map()): DatabaseProfile {
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

function columnProfile(column: SchemaColumnSpec, rowCount: number, stats: ColumnStats | undefined): ColumnProfile {
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
