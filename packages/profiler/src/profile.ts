import type { Connector } from './connector.js';
import { inferType } from './infer-type.js';
import {
  PROFILE_FORMAT_VERSION,
  type ColumnProfile,
  type DatabaseProfile,
  type TableProfile,
} from './types.js';

export const DEFAULT_SAMPLE_ROWS = 10_000;
export const DEFAULT_SAMPLE_SIZE = 50;

/** Reported before each table is profiled; `index` counts from 0 up to `total - 1`. */
export interface ProfileProgress {
  table: string;
  index: number;
  total: number;
}

export interface ProfileOptions {
  /** Only these tables (every name must exist); default: every table. Profiled in name order either way. */
  tables?: string[];
  /** Samples are drawn from this many leading non-null values of each column (default 10,000). */
  sampleRows?: number;
  /** At most this many distinct values per sample (default 50). */
  sampleSize?: number;
  /** The profile's `database` name; default: the connector's (for SQLite, the file's base name). */
  database?: string;
  onProgress?: (event: ProfileProgress) => void;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function count(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/** The tables to profile, deduplicated and in name order; throws on a name the database lacks. */
function selectTables(available: readonly string[], requested: readonly string[] | undefined): string[] {
  if (requested === undefined) return [...available].sort(byCodeUnit);
  const known = new Set(available);
  const unknown = requested.filter((t) => !known.has(t));
  if (unknown.length > 0) {
    const list = available.length > 0 ? available.join(', ') : '(none)';
    const names = unknown.map((t) => JSON.stringify(t)).join(', ');
    throw new Error(`unknown table${unknown.length > 1 ? 's' : ''} ${names}; available tables: ${list}`);
  }
  return [...new Set(requested)].sort(byCodeUnit);
}

async function profileTable(
  connector: Connector,
  table: string,
  sampleRows: number,
  sampleSize: number,
): Promise<TableProfile> {
  const description = await connector.describeTable(table);
  const rowCount = await connector.rowCount(table);
  const columns: ColumnProfile[] = [];
  for (const { name, declaredType } of description.columns) {
    const stats = await connector.columnStats(table, name);
    const sample = await connector.sampleValues(table, name, { sampleRows, sampleSize });
    columns.push({
      name,
      declaredType,
      inferredType: inferType(
        declaredType,
        sample.map((s) => s.value),
      ),
      rowCount,
      count: stats.count,
      nulls: stats.nulls,
      distinct: stats.distinct,
      min: stats.min,
      max: stats.max,
      sample,
    });
  }
  return {
    name: table,
    rowCount,
    columns,
    primaryKey: description.primaryKey,
    foreignKeys: description.foreignKeys,
  };
}

/**
 * Profiles every column of every (or every requested) table through a read-only connector:
 * counts, nulls, distinct, min, max and a frequency sample, all computed by the engine, plus an
 * inferred type. Tables come in name order and columns in declared order, so the same database
 * always yields the same JSON. The connector is left open.
 */
export async function profileDatabase(
  connector: Connector,
  options: ProfileOptions = {},
): Promise<DatabaseProfile> {
  const sampleRows = count('sampleRows', options.sampleRows, DEFAULT_SAMPLE_ROWS);
  const sampleSize = count('sampleSize', options.sampleSize, DEFAULT_SAMPLE_SIZE);
  const tables = selectTables(await connector.listTables(), options.tables);
  const profiles: TableProfile[] = [];
  for (const [index, table] of tables.entries()) {
    options.onProgress?.({ table, index, total: tables.length });
    profiles.push(await profileTable(connector, table, sampleRows, sampleSize));
  }
  return {
    formatVersion: PROFILE_FORMAT_VERSION,
    engine: connector.engine,
    database: options.database ?? connector.database,
    tables: profiles,
  };
}
