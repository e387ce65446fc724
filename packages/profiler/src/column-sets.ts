/**
 * Statistics of column sets taken together (`ColumnSetProfile`): how many rows hold a value in every
 * column, how many distinct tuples they make, and a sketch of those tuples — what tells whether a
 * pair such as `(playerID, yearID)` is unique in its table and whether another table's pairs lie
 * inside it, which no statistic of the columns one by one can. The engine groups the sample by the
 * columns; only the groups (the sample's distinct tuples and their counts) reach Node, where they
 * are hashed and dropped.
 */
import type { Connector, Dialect } from './connector.js';
import { estimateDistinct } from './estimate.js';
import { canonicalValue, hashValue, sketchHashes } from './sketch.js';
import type { ColumnSetProfile, DatabaseProfile, TableProfile } from './types.js';

/** A set of columns of one table whose statistics together are wanted. */
export interface ColumnSetRequest {
  table: string;
  columns: readonly string[];
}

/**
 * Chooses, from a profile whose columns are profiled, the column sets to profile together: join
 * inference's `columnSetsToProfile` is one. Sets of fewer than two columns, of columns the table
 * does not have, or asked twice are ignored.
 */
export type ColumnSetPlanner = (profile: DatabaseProfile) => readonly ColumnSetRequest[];

/** Separates a tuple's values before it is hashed: a code unit no identifier or key holds. */
const SEPARATOR = '\u001f';

/** The hash of a tuple of values: each canonical (`canonicalValue`), joined. Pure. */
export function hashTuple(values: readonly (string | number | bigint)[]): number {
  return hashValue(values.map((v) => canonicalValue(v)).join(SEPARATOR));
}

/** The requests that name two or more distinct columns of a table of the profile, each once (an order is a request of its own: tuples hash in order). */
function validRequests(profile: DatabaseProfile, requests: readonly ColumnSetRequest[]): Map<TableProfile, string[][]> {
  const tables = new Map(profile.tables.map((t) => [t.name, t]));
  const out = new Map<TableProfile, string[][]>();
  const seen = new Set<string>();
  for (const request of requests) {
    const table = tables.get(request.table);
    if (!table || table.rowCount === 0) continue;
    const position = new Map(table.columns.map((c, i) => [c.name, i]));
    const columns = [...new Set(request.columns)];
    if (columns.length < 2 || columns.some((c) => !position.has(c))) continue;
    const id = JSON.stringify([table.name, columns]);
    if (seen.has(id)) continue;
    seen.add(id);
    const list = out.get(table) ?? [];
    list.push(columns);
    out.set(table, list);
  }
  return out;
}

/**
 * The profile with `columnSets` filled in for each valid request (one statement each over the
 * table's sample, as many as the sample draws): read-only, like every statement of the profiler.
 * Tables without requests are returned as they are.
 */
export async function profileColumnSets(
  connector: Connector,
  profile: DatabaseProfile,
  requests: readonly ColumnSetRequest[],
  sampleRows: number,
): Promise<DatabaseProfile> {
  const wanted = validRequests(profile, requests);
  if (wanted.size === 0) return profile;
  const tables: TableProfile[] = [];
  for (const table of profile.tables) {
    const sets = wanted.get(table);
    if (!sets) {
      tables.push(table);
      continue;
    }
    const source = await connector.sampleSource(table.name, table.rowCount, sampleRows);
    const profiled: ColumnSetProfile[] = [];
    for (const columns of sets) {
      const rows = await connector.query(groupStatement(connector.dialect, table, columns, source.from));
      profiled.push(columnSetProfile(columns, rows, table.rowCount, table.sampledRows ?? table.rowCount));
    }
    tables.push({ ...table, columnSets: [...(table.columnSets ?? []), ...profiled] });
  }
  return { ...profile, tables };
}

/** The sample's distinct tuples of the columns, NULLs left out, each with its rows: `v0, …, vk, n`. */
function groupStatement(dialect: Dialect, table: TableProfile, columns: readonly string[], from: string): string {
  const values = columns.map((name) => {
    const declared = table.columns.find((c) => c.name === name)?.declaredType ?? '';
    return dialect.column(dialect.quoteIdentifier(name), declared).value;
  });
  const notNull = values.map((v) => `(${v}) IS NOT NULL`).join(' AND ');
  const list = values.join(', ');
  return `SELECT ${list}, COUNT(*) FROM ${from} WHERE ${notNull} GROUP BY ${list}`;
}

/**
 * One set's statistics from its groups (over a sample of `sampledRows` of the table's `rowCount`
 * rows): rows holding every column and distinct tuples, exact when the sample was the whole
 * table, else scaled up and estimated (Haas–Stokes, as for one column); the tuples' sketch, with a
 * Bloom filter when every sampled tuple is distinct. Pure.
 */
export function columnSetProfile(
  columns: readonly string[],
  groups: readonly (readonly unknown[])[],
  rowCount: number,
  sampledRows: number,
): ColumnSetProfile {
  const k = columns.length;
  const hashes = new Set<number>();
  let sampled = 0;
  let singletons = 0;
  for (const row of groups) {
    const n = Number(row[k]);
    sampled += n;
    if (n === 1) singletons++;
    hashes.add(hashTuple(row.slice(0, k) as (string | number)[]));
  }
  const distinct = groups.length;
  const exact = sampledRows >= rowCount;
  const count = exact || sampledRows <= 0 ? sampled : Math.max(sampled, Math.round((sampled * rowCount) / sampledRows));
  return {
    columns: [...columns],
    count,
    distinct: exact ? distinct : estimateDistinct({ sampleNonNull: sampled, sampleDistinct: distinct, singletons, totalNonNull: count }),
    distinctExact: exact,
    ...(distinct > 0 ? { sketch: sketchHashes(hashes, { bloom: distinct === sampled }) } : {}),
  };
}
