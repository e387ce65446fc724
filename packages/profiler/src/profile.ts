import { cleanSample } from './clean.js';
import { chunks, fullPass, MAX_VALUE_LENGTH } from './full-pass.js';

export { MAX_VALUE_LENGTH };

import { type ColumnSample, emptySample, mayBeKey, num, sampleColumns, sketchable, sketchOf } from './column-sample.js';
import type { Connector, SampleSource, Scalar } from './connector.js';
import { ProfilerError } from './errors.js';
import { estimateDistinct } from './estimate.js';
import { inferType } from './infer-type.js';
import { tagOntology } from './ontology.js';
import { type ColumnProfile, type ColumnValues, type DatabaseProfile, PROFILE_FORMAT_VERSION, type TableProfile } from './types.js';
import {
  DEFAULT_VALUE_LIST_MAX,
  DEFAULT_VALUE_SCAN_ROWS,
  hideColumnStrings,
  planValueReads,
  readValueGroup,
  type ValueColumn,
  type ValueSettings,
  wantsValues,
} from './values.js';

/** Rows in each table's sample. */
export const DEFAULT_SAMPLE_ROWS = 100_000;
/** Top values kept per column. */
export const DEFAULT_SAMPLE_SIZE = 50;
/** Tables profiled at once where the connector can open connections on the same snapshot. */
export const DEFAULT_CONCURRENCY = 2;
/** Columns per statement over the sample, unless the dialect says otherwise. */
const SAMPLE_COLUMNS_PER_STATEMENT = 16;

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
  /**
   * Exact `COUNT(DISTINCT)` for tables up to this many rows; estimates above (default:
   * `sampleRows`, i.e. exact when the sample is the whole table). Declared single-column primary
   * keys and unique columns are exact at any size (distinct = count).
   */
  exactDistinctMaxRows?: number;
  /**
   * Tables profiled at once, each on its own connection, where the connector can open more on the
   * same snapshot (`Connector.fork`: PostgreSQL); default 2, 1 for one at a time. Progress events
   * of different tables may then interleave; the profile is the same.
   */
  concurrency?: number;
  /** The profile's `database` name; default: the connector's (for files, the file's base name). */
  database?: string;
  /**
   * Distinct values listed per text column that holds names (`ColumnProfile.values`; default
   * 10,000); a column with more gets a Bloom filter over them instead. 0: no values read.
   */
  valueListMax?: number;
  /**
   * Rows read for the values of a column with more than `valueListMax` (default 250,000): a table
   * up to this size whole, a larger one through a sample of this many rows.
   */
  valueScanRows?: number;
  /**
   * Store no readable text value (default false): column values only as Bloom filters over their
   * hashed keys, and every string (dates too) left out of `sample`, `cleanSample`, `min` and `max`;
   * numbers stay.
   */
  hashValues?: boolean;
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
    throw new ProfilerError('no-such-table', `unknown table${unknown.length > 1 ? 's' : ''} ${names}; available tables: ${list}`);
  }
  return [...new Set(requested)].sort(byCodeUnit);
}

/** The catalog's distinct estimate as a count (PostgreSQL: negative is minus a fraction of the rows); 0 without one. */
function catalogDistinct(value: number | undefined, rowCount: number): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return Math.round(value < 0 ? -value * rowCount : value);
}

interface Settings {
  sampleRows: number;
  sampleSize: number;
  exactDistinctMaxRows: number;
  values: ValueSettings;
  warn: (message: string) => void;
}

async function profileTable(connector: Connector, table: string, settings: Settings): Promise<TableProfile> {
  const { dialect } = connector;
  const description = await connector.describeTable(table);
  const ref = dialect.tableRef(table);
  // With the catalog's estimate, rows are counted in the pass over every row; without, first (and
  // first when the pass runs beside the sample statements, which need the count).
  const counted =
    description.estimatedRows === undefined || connector.offload
      ? num((await connector.query(`SELECT COUNT(*) FROM ${ref}`))[0]?.[0])
      : undefined;
  const exact = (counted ?? description.estimatedRows ?? 0) <= settings.exactDistinctMaxRows;
  const unique = new Set([...(description.unique ?? []), ...(description.primaryKey.length === 1 ? description.primaryKey : [])]);
  const columns = description.columns.map((c) => ({
    ...c,
    unique: unique.has(c.name),
    sql: dialect.column(dialect.quoteIdentifier(c.name), c.declaredType),
  }));

  const indexed = connector.indexBounds && counted !== 0 ? await connector.indexBounds(table, description.columns) : undefined;
  // The pass over every row, on another thread where the connector can (SQLite), beside the sample statements.
  const offload = connector.offload?.bind(connector);
  const passing = fullPass(offload ? { dialect, query: offload } : connector, ref, counted, columns, exact, indexed);
  passing.catch(() => undefined); // awaited below; not unhandled meanwhile
  const rowCount = counted ?? (await passing).rowCount;

  const source = await connector.sampleSource(table, rowCount, settings.sampleRows);
  const primaryKey = new Set(description.primaryKey.length === 1 ? description.primaryKey : []);
  let sampledRows = 0;
  const profiles: ColumnProfile[] = [];
  // One statement per group of columns over the sample, drawn once for the group: top values,
  // totals and, for possible join keys, every distinct value (hashed for the sketch).
  const samples: ColumnSample[] = [];
  const wanted = columns.map(({ sql, declaredType }) => ({ sql, sketch: mayBeKey(declaredType) }));
  const options = { candidates: settings.sampleSize * 2, maxLength: MAX_VALUE_LENGTH };
  for (const group of chunks(wanted, dialect.sampleColumnsPerStatement ?? SAMPLE_COLUMNS_PER_STATEMENT)) {
    samples.push(...(rowCount > 0 ? await sampleColumns(connector, group, source.from, options) : group.map((c) => emptySample(c.sketch))));
  }
  // The values of the columns that hold names (the sample tells which), read while the pass over
  // every row may still run on the other connection.
  const named = new Map<number, ValueColumn>();
  columns.forEach(({ name, declaredType }, i) => {
    const sampled = samples[i];
    if (sampled === undefined || sampled.nonNull === 0) return;
    if (
      !wantsValues(
        name,
        inferType(
          declaredType,
          sampled.top.slice(0, settings.sampleSize).map((s) => s.value),
        ),
        sampled.top,
      )
    )
      return;
    const estimate = estimateDistinct({
      sampleNonNull: sampled.nonNull,
      sampleDistinct: sampled.distinct,
      singletons: sampled.singletons,
      totalNonNull: rowCount,
    });
    named.set(i, { name, quoted: dialect.quoteIdentifier(name), declaredType, sampleDistinct: sampled.distinct, distinct: estimate });
  });
  const reading = readValues(connector, table, rowCount, named, settings, passing);
  reading.catch(() => undefined); // awaited below
  const { stats: full } = await passing;
  const values = await reading;
  for (const [i, { name, declaredType }] of columns.entries()) {
    const stats = full[i] ?? { count: 0, min: null, max: null };
    const sampled = samples[i] ?? emptySample(false);
    sampledRows = Math.max(sampledRows, sampled.sampledRows);
    const catalog = catalogDistinct(description.columns[i]?.catalogDistinct, rowCount);
    const estimated =
      stats.approxDistinct !== undefined
        ? // The sample's distinct values are all in the table: a floor for the engine's sketch.
          Math.min(stats.count, Math.max(stats.approxDistinct, sampled.distinct))
        : Math.min(
            stats.count,
            // Both estimates fall short on clustered columns; the catalog's comes from a row sample.
            Math.max(
              catalog,
              estimateDistinct({
                sampleNonNull: sampled.nonNull,
                sampleDistinct: sampled.distinct,
                singletons: sampled.singletons,
                totalNonNull: stats.count,
              }),
            ),
          );
    const distinct = stats.exactDistinct ?? estimated;
    const { top } = sampled;
    const sample = top.slice(0, settings.sampleSize);
    const inferredType = inferType(
      declaredType,
      sample.map((s) => s.value),
    );
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
      ...(values.has(i) ? { values: values.get(i)! } : {}),
    });
  }
  if (settings.values.hashed) profiles.forEach((p, i) => (profiles[i] = hideColumnStrings(p)));
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
 * The values of the columns that hold names, by column position (`planValueReads`): one
 * statement per group of columns over the table, or over a sample of `valueScanRows` rows of a
 * larger one, on the connector's connection and, once the pass over every row (`passing`) has
 * left it, on its second one (SQLite's worker thread) too. A group whose values cannot be read
 * (a statement timeout) is left without them, with a warning.
 */
async function readValues(
  connector: Connector,
  table: string,
  rowCount: number,
  wanted: ReadonlyMap<number, ValueColumn>,
  settings: Settings,
  passing: Promise<unknown>,
): Promise<Map<number, ColumnValues>> {
  const found = new Map<number, ColumnValues>();
  const { dialect } = connector;
  if (wanted.size === 0 || !dialect.distinctValues || settings.values.listMax <= 0) return found;
  const position = new Map([...wanted].map(([i, c]) => [c, i]));
  const queue = planValueReads(
    [...wanted.values()],
    rowCount,
    settings.values,
    dialect.sampleColumnsPerStatement ?? SAMPLE_COLUMNS_PER_STATEMENT,
  );
  let scan: Promise<SampleSource> | undefined;
  const lane = async (query: (sql: string) => Promise<Scalar[][]>) => {
    for (let read = queue.shift(); read !== undefined; read = queue.shift()) {
      const group = read;
      const work = async () => {
        const from = group.whole
          ? `${dialect.tableRef(table)} AS t`
          : (await (scan ??= connector.sampleSource(table, rowCount, settings.values.scanRows))).from;
        return readValueGroup(dialect, query, from, group, settings.values);
      };
      try {
        const values = await (connector.isolate ? connector.isolate(work) : work());
        group.columns.forEach((c, j) => {
          const v = values[j];
          if (v) found.set(position.get(c)!, v);
        });
      } catch (error) {
        if (error instanceof ProfilerError && error.code === 'no-such-table') throw error;
        const names = group.columns.map((c) => JSON.stringify(c.name)).join(', ');
        settings.warn(
          `table ${JSON.stringify(table)}: values of ${names} not read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  const lanes = [lane((sql) => connector.query(sql))];
  const offload = connector.offload?.bind(connector);
  if (offload && queue.length > 1) lanes.push(passing.then(() => lane(offload)));
  await Promise.all(lanes);
  return found;
}

/**
 * Profiles every column of every (or every requested) table through a read-only connector. The
 * engine does the work: one pass per table for counts, min, max and distinct counts, and a sample
 * it draws itself for top values, lengths, the distinct estimate and the value sketches of
 * possible join-key columns; only aggregates, top values and the sample's distinct values of those
 * columns (as one JSON array per column, hashed and dropped) reach Node, so memory stays bounded by the sample size
 * whatever the table size. Tables come in name order
 * and columns in declared order, so the same database always yields the same JSON. A table that
 * disappears while profiling is skipped with a warning. The connector is left open.
 */
export async function profileDatabase(connector: Connector, options: ProfileOptions = {}): Promise<DatabaseProfile> {
  const sampleRows = count('sampleRows', options.sampleRows, DEFAULT_SAMPLE_ROWS);
  const settings: Settings = {
    sampleRows,
    sampleSize: count('sampleSize', options.sampleSize, DEFAULT_SAMPLE_SIZE),
    exactDistinctMaxRows: count('exactDistinctMaxRows', options.exactDistinctMaxRows, sampleRows),
    values: {
      listMax: count('valueListMax', options.valueListMax, DEFAULT_VALUE_LIST_MAX),
      scanRows: Math.max(1, count('valueScanRows', options.valueScanRows, DEFAULT_VALUE_SCAN_ROWS)),
      hashed: options.hashValues === true,
    },
    warn: (message) => options.onWarning?.(message),
  };
  const tables = selectTables(await connector.listTables(), options.tables);
  const concurrency = Math.max(1, count('concurrency', options.concurrency, DEFAULT_CONCURRENCY));

  /** One table on one connection; `undefined` when it was dropped meanwhile (with a warning). */
  const profileOne = async (lane: Connector, table: string, index: number): Promise<TableProfile | undefined> => {
    options.onProgress?.({ table, index, total: tables.length });
    const started = performance.now();
    let profile: TableProfile;
    try {
      const work = () => profileTable(lane, table, settings);
      profile = await (lane.isolate ? lane.isolate(work) : work());
    } catch (error) {
      if (
        error instanceof ProfilerError &&
        error.code === 'no-such-table' &&
        (error.message === `no such table: ${table}` || !(await lane.listTables()).includes(table))
      ) {
        options.onWarning?.(`table ${JSON.stringify(table)} was dropped while profiling: skipped`);
        return undefined;
      }
      if (error instanceof ProfilerError) {
        throw new ProfilerError(error.code, `table ${JSON.stringify(table)}: ${error.message}`, { cause: error });
      }
      throw error;
    }
    options.onTableDone?.({
      table,
      index,
      total: tables.length,
      rowCount: profile.rowCount,
      sampledRows: profile.sampledRows ?? 0,
      ms: Math.round(performance.now() - started),
    });
    return profile;
  };

  // Connections on the same snapshot (PostgreSQL) take the next table as they come free.
  const lanes: Connector[] = [connector];
  const results: (TableProfile | undefined)[] = [];
  const failures: unknown[] = [];
  let next = 0;
  try {
    while (connector.fork && lanes.length < Math.min(concurrency, tables.length)) {
      const lane = await connector.fork().catch(() => undefined); // e.g. no connection left: fewer lanes
      if (lane === undefined) break;
      lanes.push(lane);
    }
    await Promise.all(
      lanes.map(async (lane) => {
        while (failures.length === 0 && next < tables.length) {
          const index = next++;
          try {
            results[index] = await profileOne(lane, tables[index] ?? '', index);
          } catch (error) {
            failures.push(error);
          }
        }
      }),
    );
  } finally {
    for (const lane of lanes.slice(1)) await lane.close();
  }
  if (failures.length > 0) throw failures[0];
  return {
    formatVersion: PROFILE_FORMAT_VERSION,
    engine: connector.engine,
    database: options.database ?? connector.database,
    tables: results.filter((t): t is TableProfile => t !== undefined),
  };
}
