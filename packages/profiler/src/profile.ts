import { cleanSample } from './clean.js';
import { mayBeKey, num, sampleColumn, sketchable, sketchOf, type ColumnSample } from './column-sample.js';
import type { Connector, Scalar } from './connector.js';
import { ProfilerError } from './errors.js';
import { estimateDistinct } from './estimate.js';
import { inferType } from './infer-type.js';
import { tagOntology } from './ontology.js';
import {
  PROFILE_FORMAT_VERSION,
  type ColumnProfile,
  type DatabaseProfile,
  type TableProfile,
} from './types.js';

/** Rows in each table's sample. */
export const DEFAULT_SAMPLE_ROWS = 100_000;
/** Top values kept per column. */
export const DEFAULT_SAMPLE_SIZE = 50;
/** Tables up to this many rows get an exact `COUNT(DISTINCT)` per column; larger ones an estimate. */
export const DEFAULT_EXACT_DISTINCT_MAX_ROWS = 1_000_000;
/** Text values (min, max, sample) longer than this come back cut to this many characters. */
export const MAX_VALUE_LENGTH = 1000;
/** Columns per statistics query (engines cap a SELECT's width). */
const COLUMNS_PER_QUERY = 64;

/** Reported before each table is profiled; `index` counts from 0 up to `total - 1`. */
export interface ProfileProgress {
  table: string;
  index: number;
  total: number;
}

/** Reported after each table is profiled. */
export interface TableDone extends ProfileProgress {
  rowCount: number;
  sampledRows: number;
  ms: number;
}

export interface ProfileOptions {
  /** Only these tables (every name must exist); default: every table. Profiled in name order either way. */
  tables?: string[];
  /** Rows in each table's sample, drawn by the engine (default 100,000). */
  sampleRows?: number;
  /** At most this many top values per column (default 50). */
  sampleSize?: number;
  /** Exact distinct counts for tables up to this many rows (default 1,000,000); estimates above. */
  exactDistinctMaxRows?: number;
  /** The profile's `database` name; default: the connector's (for files, the file's base name). */
  database?: string;
  onProgress?: (event: ProfileProgress) => void;
  onTableDone?: (event: TableDone) => void;
  /** Non-fatal problems, e.g. a table dropped while profiling (it is skipped). Default: ignored. */
  onWarning?: (message: string) => void;
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
    throw new ProfilerError(
      'no-such-table',
      `unknown table${unknown.length > 1 ? 's' : ''} ${names}; available tables: ${list}`,
    );
  }
  return [...new Set(requested)].sort(byCodeUnit);
}

function clipValue(value: Scalar | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface FullStats {
  count: number;
  min: string | number | null;
  max: string | number | null;
  exactDistinct?: number;
  approxDistinct?: number;
}

interface Settings {
  sampleRows: number;
  sampleSize: number;
  exactDistinctMaxRows: number;
}

async function profileTable(connector: Connector, table: string, settings: Settings): Promise<TableProfile> {
  const { dialect } = connector;
  const description = await connector.describeTable(table);
  const ref = dialect.tableRef(table);
  const rowCount = num((await connector.query(`SELECT COUNT(*) FROM ${ref}`))[0]?.[0]);
  const exact = rowCount <= settings.exactDistinctMaxRows;
  const columns = description.columns.map((c) => ({
    ...c,
    sql: dialect.column(dialect.quoteIdentifier(c.name), c.declaredType),
  }));

  // One pass over every row per group of columns: counts, min, max and distinct counts.
  const full: FullStats[] = [];
  for (const group of chunks(columns, COLUMNS_PER_QUERY)) {
    const parts: string[] = [];
    for (const { sql } of group) {
      parts.push(`COUNT(${sql.distinct})`, `MIN(${sql.value})`, `MAX(${sql.value})`);
      parts.push(exact ? `COUNT(DISTINCT ${sql.distinct})` : 'NULL');
      parts.push(dialect.approxDistinct ? dialect.approxDistinct(sql.distinct) : 'NULL');
    }
    const row = rowCount === 0 ? [] : ((await connector.query(`SELECT ${parts.join(', ')} FROM ${ref}`))[0] ?? []);
    group.forEach((_, i) => {
      const at = (k: number) => row[i * 5 + k];
      full.push({
        count: num(at(0)),
        min: clipValue(at(1)),
        max: clipValue(at(2)),
        ...(exact ? { exactDistinct: num(at(3)) } : {}),
        ...(dialect.approxDistinct ? { approxDistinct: num(at(4)) } : {}),
      });
    });
  }

  const source = await connector.sampleSource(table, rowCount, settings.sampleRows);
  const primaryKey = new Set(description.primaryKey.length === 1 ? description.primaryKey : []);
  let sampledRows = 0;
  const profiles: ColumnProfile[] = [];
  for (const [i, { name, declaredType, sql }] of columns.entries()) {
    const stats = full[i] ?? { count: 0, min: null, max: null };
    const candidates = settings.sampleSize * 2;
    const sketch = mayBeKey(declaredType);
    const sampled: ColumnSample =
      rowCount > 0
        ? await sampleColumn(connector, sql, source.from, { candidates, maxLength: MAX_VALUE_LENGTH, sketch })
        : { sampledRows: 0, nonNull: 0, distinct: 0, singletons: 0, length: null, top: [], ...(sketch ? { hashes: new Set<number>() } : {}) };
    sampledRows = Math.max(sampledRows, sampled.sampledRows);
    const estimated =
      stats.approxDistinct !== undefined
        ? Math.min(stats.approxDistinct, stats.count)
        : estimateDistinct({ sampleNonNull: sampled.nonNull, sampleDistinct: sampled.distinct, singletons: sampled.singletons, totalNonNull: stats.count });
    const distinct = stats.exactDistinct ?? estimated;
    const { top } = sampled;
    const sample = top.slice(0, settings.sampleSize);
    const inferredType = inferType(declaredType, sample.map((s) => s.value));
    profiles.push({
      name,
      declaredType,
      inferredType,
      rowCount,
      count: stats.count,
      nulls: rowCount - stats.count,
      distinct,
      min: stats.min,
      max: stats.max,
      sample,
      distinctExact: stats.exactDistinct !== undefined,
      approxDistinct: estimated,
      cleanSample: cleanSample(top, settings.sampleSize),
      length: sampled.length,
      ontology: tagOntology({ name, values: top, distinct, count: stats.count, primaryKey: primaryKey.has(name) }),
      ...(sketchable(inferredType, sampled) ? { sketch: sketchOf(sampled) } : {}),
    });
  }
  return {
    name: table,
    rowCount,
    columns: profiles,
    primaryKey: description.primaryKey,
    foreignKeys: description.foreignKeys,
    sampledRows,
    sampleMethod: source.method,
  };
}

/**
 * Profiles every column of every (or every requested) table through a read-only connector. The
 * engine does the work: one pass per table for counts, min, max and distinct counts, and a sample
 * it draws itself for top values, lengths, the distinct estimate and the value sketches of
 * possible join-key columns; only aggregates, top values and the sample's distinct values of those
 * columns (streamed, hashed, dropped) reach Node, so memory stays bounded by the sample size
 * whatever the table size. Tables come in name order
 * and columns in declared order, so the same database always yields the same JSON. A table that
 * disappears while profiling is skipped with a warning. The connector is left open.
 */
export async function profileDatabase(
  connector: Connector,
  options: ProfileOptions = {},
): Promise<DatabaseProfile> {
  const settings: Settings = {
    sampleRows: count('sampleRows', options.sampleRows, DEFAULT_SAMPLE_ROWS),
    sampleSize: count('sampleSize', options.sampleSize, DEFAULT_SAMPLE_SIZE),
    exactDistinctMaxRows: count('exactDistinctMaxRows', options.exactDistinctMaxRows, DEFAULT_EXACT_DISTINCT_MAX_ROWS),
  };
  const tables = selectTables(await connector.listTables(), options.tables);
  const profiles: TableProfile[] = [];
  for (const [index, table] of tables.entries()) {
    options.onProgress?.({ table, index, total: tables.length });
    const started = performance.now();
    let profile: TableProfile;
    try {
      const work = () => profileTable(connector, table, settings);
      profile = await (connector.isolate ? connector.isolate(work) : work());
    } catch (error) {
      if (error instanceof ProfilerError && error.code === 'no-such-table' && (error.message === `no such table: ${table}` || !(await connector.listTables()).includes(table))) {
        options.onWarning?.(`table ${JSON.stringify(table)} was dropped while profiling: skipped`);
        continue;
      }
      if (error instanceof ProfilerError) {
        throw new ProfilerError(error.code, `table ${JSON.stringify(table)}: ${error.message}`, { cause: error });
      }
      throw error;
    }
    profiles.push(profile);
    options.onTableDone?.({
      table,
      index,
      total: tables.length,
      rowCount: profile.rowCount,
      sampledRows: profile.sampledRows ?? 0,
      ms: Math.round(performance.now() - started),
    });
  }
  return {
    formatVersion: PROFILE_FORMAT_VERSION,
    engine: connector.engine,
    database: options.database ?? connector.database,
    tables: profiles,
  };
}
