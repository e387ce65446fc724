import { byCodeUnit } from './code-unit.js';
import { type ColumnSetPlanner, profileColumnSets } from './column-sets.js';
import type { Connector } from './connector.js';
import { ProfilerError } from './errors.js';
import { profileTable, type Settings } from './profile-table.js';
import { type DatabaseProfile, PROFILE_FORMAT_VERSION, type TableProfile } from './types.js';
import { DEFAULT_VALUE_LIST_MAX, DEFAULT_VALUE_SCAN_ROWS } from './values.js';

/** Rows in each table's sample. */
const DEFAULT_SAMPLE_ROWS = 100_000;
/** Top values kept per column. */
const DEFAULT_SAMPLE_SIZE = 50;
/** Tables profiled at once where the connector can open connections on the same snapshot. */
const DEFAULT_CONCURRENCY = 2;

/** What becomes of views and materialized views (`ProfileOptions.views`). */
export type ViewMode = 'none' | 'list' | 'profile';

/** Every `ViewMode`, for option parsers. */
export const VIEW_MODES: readonly ViewMode[] = ['none', 'list', 'profile'];

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
  /**
   * Views and materialized views (where the connector lists them: PostgreSQL, DuckDB): `'none'`
   * (default) leaves them out; `'list'` puts each in the profile with its `kind`, declared columns
   * and comments but no statistics (no row of it is read: a view's query may be costly);
   * `'profile'` profiles them like tables (running the view's query for each statement). Left out
   * by default because a view declares no keys: in a graph it is an island that competes with the
   * tables it reads for a question's words (Sakila: with its 7 views listed, "Revenue per store"
   * grounds on the view `sales_by_store` and loses its join tree through payment).
   */
  views?: ViewMode;
  /**
   * Which column sets to profile together once every table is profiled (`TableProfile.columnSets`:
   * rows, distinct tuples and their sketch, one statement over the table's sample per set), chosen
   * from the profile so far: join inference's `columnSetsToProfile` asks for the pairs a composite
   * key could be made of and the pairs that could reference one. Default: none.
   */
  columnSets?: ColumnSetPlanner;
  onProgress?: (event: ProfileProgress) => void;
  onTableDone?: (event: TableDone) => void;
  /** Non-fatal problems, e.g. a table dropped while profiling (it is skipped). Default: ignored. */
  onWarning?: (message: string) => void;
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
  const settings = settingsOf(options);
  const mode = options.views ?? 'none';
  if (!VIEW_MODES.includes(mode)) throw new Error(`views must be one of ${VIEW_MODES.join(', ')}, got ${String(mode)}`);
  const views = new Set(mode !== 'none' && connector.listViews ? await connector.listViews() : []);
  const tables = selectTables([...(await connector.listTables()), ...views], options.tables);
  const concurrency = Math.max(1, count('concurrency', options.concurrency, DEFAULT_CONCURRENCY));
  const profiles = await onLanes(connector, tables, concurrency, (lane, table, index) =>
    profileOne(lane, { table, index, total: tables.length }, settings, options, views.has(table) && mode === 'list'),
  );
  const profile: DatabaseProfile = {
    formatVersion: PROFILE_FORMAT_VERSION,
    engine: connector.engine,
    database: options.database ?? connector.database,
    tables: profiles.filter((t): t is TableProfile => t !== undefined),
  };
  if (!options.columnSets) return profile;
  return profileColumnSets(connector, profile, options.columnSets(profile), settings.sampleRows);
}

/** Tables and views the connector lists now. */
async function listed(connector: Connector): Promise<string[]> {
  return [...(await connector.listTables()), ...((await connector.listViews?.()) ?? [])];
}

function settingsOf(options: ProfileOptions): Settings {
  const sampleRows = count('sampleRows', options.sampleRows, DEFAULT_SAMPLE_ROWS);
  return {
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
}

/** One table on one connection, with progress; `undefined` when it was dropped meanwhile (with a warning). */
async function profileOne(
  lane: Connector,
  at: ProfileProgress,
  settings: Settings,
  options: ProfileOptions,
  listOnly: boolean,
): Promise<TableProfile | undefined> {
  const { table } = at;
  options.onProgress?.(at);
  const started = performance.now();
  let profile: TableProfile;
  try {
    const work = () => profileTable(lane, table, settings, listOnly);
    profile = await (lane.isolate ? lane.isolate(work) : work());
  } catch (error) {
    if (
      error instanceof ProfilerError &&
      error.code === 'no-such-table' &&
      (error.message === `no such table: ${table}` || !(await listed(lane)).includes(table))
    ) {
      options.onWarning?.(`table ${JSON.stringify(table)} was dropped while profiling: skipped`);
      return undefined;
    }
    if (error instanceof ProfilerError) {
      throw new ProfilerError(error.code, `table ${JSON.stringify(table)}: ${error.message}`, { cause: error });
    }
    throw error;
  }
  const ms = Math.round(performance.now() - started);
  options.onTableDone?.({ ...at, rowCount: profile.rowCount, sampledRows: profile.sampledRows ?? 0, ms });
  return profile;
}

/**
 * `profile` for every table, in their order, on the connector and on connections forked on the
 * same snapshot (PostgreSQL), up to `concurrency`: each takes the next table as it comes free. The
 * first failure stops the rest; the forks are closed either way.
 */
async function onLanes<T>(
  connector: Connector,
  tables: readonly string[],
  concurrency: number,
  profile: (lane: Connector, table: string, index: number) => Promise<T>,
): Promise<T[]> {
  const lanes: Connector[] = [connector];
  const results: T[] = [];
  const failures: unknown[] = [];
  let next = 0;
  try {
    while (connector.fork && lanes.length < Math.min(concurrency, tables.length)) {
      const lane = await connector.fork().catch(() => undefined); // e.g. no connection left: fewer lanes
      if (lane === undefined) break;
      lanes.push(lane);
    }
    const work = async (lane: Connector) => {
      while (failures.length === 0 && next < tables.length) {
        const index = next++;
        try {
          results[index] = await profile(lane, tables[index] ?? '', index);
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await Promise.all(lanes.map(work));
  } finally {
    for (const lane of lanes.slice(1)) await lane.close();
  }
  if (failures.length > 0) throw failures[0];
  return results;
}
