import { byCodeUnit } from './code-unit.js';
import type { Dialect, Scalar } from './connector.js';
import type { ColumnProfile, ColumnValues, DatabaseProfile, InferredType, ValueFrequency } from './types.js';
import { buildValueFilter, hasValueKey, isNameLike, VALUE_MAX_LENGTH } from './value-keys.js';

/** Distinct values listed per column; a column with more gets a Bloom filter instead. */
export const DEFAULT_VALUE_LIST_MAX = 10_000;
/**
 * Rows of a table read for the values of a column with more than `valueListMax` of them: a
 * table up to this size is read whole (its filter is complete), a larger one through a sample
 * of this many rows drawn by the engine (its filter holds the sample's values).
 */
export const DEFAULT_VALUE_SCAN_ROWS = 250_000;

/** Last words of a column name that say it holds prose (`P_COMMENT`, `description`), as grounding reads them. */
const PROSE_WORDS = new Set([
  'body',
  'comment',
  'comments',
  'content',
  'desc',
  'description',
  'message',
  'note',
  'notes',
  'remark',
  'remarks',
  'review',
  'summary',
  'text',
]);

/** Whether a column's name says it holds prose: its last word (`L_COMMENT`, `orderNotes`). */
export function isProseColumn(name: string): boolean {
  return PROSE_WORDS.has(lastWord(name));
}

/**
 * The last word of a name, lower case: a number, a capital run or a capitalised word (`L_COMMENT` →
 * comment, `orderNotes` → notes, `notes_2` → 2). Only the ending is read, so the profiler needs
 * no word module (it stands alone); on the 17,433 column names of Spider, BIRD and Spider 2.0 its
 * prose answer is the same as the text package's splitter gives.
 */
function lastWord(name: string): string {
  return (/(\d+|[A-Z]+|[A-Z]?[a-z]+)[^A-Za-z\d]*$/.exec(name)?.[1] ?? '').toLowerCase();
}

/** Column names that say the values are secrets or generated identifiers, never asked about by value. */
const SECRET_NAME = /(hash|salt|password|passwd|secret|token|guid|uuid)$/i;

/**
 * Whether a column's values are worth listing, judging by its sample: text (or untyped) columns
 * whose name does not say prose or secret (`passwordsalt`, `rowguid`) and at least half of whose top sampled values look like names
 * (`isNameLike`: at most 50 characters and 4 words, a letter, no hash-like word). Codes without
 * letters, GUIDs, hashes, single letters and sentences are left out.
 */
export function wantsValues(name: string, inferredType: InferredType, top: readonly ValueFrequency[]): boolean {
  if (inferredType !== 'text' && inferredType !== 'unknown') return false;
  if (top.length === 0 || isProseColumn(name) || SECRET_NAME.test(name)) return false;
  const named = top.filter((t) => isNameLike(t.value)).length;
  return named * 2 >= top.length;
}

export interface ValueSettings {
  listMax: number;
  scanRows: number;
  hashed: boolean;
}

/** What the profile knows of a column before its values are read. */
export interface ValueColumn {
  name: string;
  quoted: string;
  declaredType: string;
  /** Distinct values: the sample's, and the estimate over the table. */
  sampleDistinct: number;
  distinct: number;
}

/** Columns read together in one statement over one FROM item. */
export interface ValueRead {
  columns: ValueColumn[];
  /** The whole table (every value is read) or a sample of `scanRows` rows. */
  whole: boolean;
}

/**
 * Which columns are read from where: every column of a table of at most `scanRows` rows from the
 * table; of a larger table, the columns whose sample shows at most `listMax` distinct values (and
 * whose estimate is at most twice that) from the table too, and the rest from a sample of
 * `scanRows` rows. Each group is read `perStatement` columns at a time.
 */
export function planValueReads(columns: readonly ValueColumn[], rows: number, settings: ValueSettings, perStatement: number): ValueRead[] {
  const small = (c: ValueColumn) =>
    rows <= settings.scanRows || (c.sampleDistinct <= settings.listMax && c.distinct <= 2 * settings.listMax);
  const reads: ValueRead[] = [];
  for (const whole of [true, false]) {
    const group = columns.filter((c) => small(c) === whole);
    for (let i = 0; i < group.length; i += perStatement) reads.push({ columns: group.slice(i, i + perStatement), whole });
  }
  return reads;
}

/**
 * Reads the distinct values of a group of columns in one statement over `from` (the table, or a
 * sample of it), each column's as one JSON array (`Dialect.distinctValues`): one pass over the
 * rows however many columns. Undefined for a column none of whose values can name anything.
 */
export async function readValueGroup(
  dialect: Dialect,
  query: (sql: string) => Promise<Scalar[][]>,
  from: string,
  read: ValueRead,
  settings: ValueSettings,
): Promise<(ColumnValues | undefined)[]> {
  if (!dialect.distinctValues || read.columns.length === 0) return read.columns.map(() => undefined);
  const [row] = await query(dialect.distinctValues(from, read.columns, VALUE_MAX_LENGTH));
  return read.columns.map((_, j) => {
    const json = row?.[j];
    const parsed: unknown = typeof json === 'string' ? JSON.parse(json) : [];
    const values = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
    return columnValues(values, read.whole, settings);
  });
}

/**
 * A column's values as the profile keeps them: those that can name something (`valueKeys`), at
 * most `listMax` of them listed and sorted; more, or `hashed`, as a Bloom filter over their keys.
 */
export function columnValues(values: readonly string[], complete: boolean, settings: ValueSettings): ColumnValues | undefined {
  const named = values.filter(hasValueKey);
  if (named.length === 0) return undefined;
  if (!settings.hashed && named.length <= settings.listMax) {
    return { complete, distinct: values.length, list: named.sort(byCodeUnit) };
  }
  const built = buildValueFilter(named);
  if (built === undefined) return undefined;
  return {
    complete: complete && !built.truncated,
    distinct: values.length,
    filter: built.filter,
    ...(settings.hashed ? { hashed: true } : {}),
  };
}

/**
 * `hashValues` for a column: no string stays readable (its values are in `values.filter` only);
 * numbers stay. A listed column's values become a filter (as complete as the list was).
 */
export function hideColumnStrings(profile: ColumnProfile): ColumnProfile {
  const hidden: ColumnProfile = { ...profile, sample: profile.sample.filter((s) => typeof s.value !== 'string') };
  if (profile.cleanSample) hidden.cleanSample = profile.cleanSample.filter((v) => typeof v !== 'string');
  if (typeof profile.min === 'string') hidden.min = null;
  if (typeof profile.max === 'string') hidden.max = null;
  const values = profile.values;
  if (values?.list) {
    const built = buildValueFilter(values.list);
    if (built)
      hidden.values = { complete: values.complete && !built.truncated, distinct: values.distinct, filter: built.filter, hashed: true };
    else delete hidden.values;
  } else if (values) {
    hidden.values = { ...values, hashed: true };
  }
  return hidden;
}

/**
 * A profile as `hashValues: true` would have written it, from one written without (e.g. before
 * building a graph to share): every listed value hashed into a filter, every string left out of
 * samples, `min` and `max`. Pure.
 */
export function hashProfileValues(profile: DatabaseProfile): DatabaseProfile {
  return { ...profile, tables: profile.tables.map((t) => ({ ...t, columns: t.columns.map(hideColumnStrings) })) };
}
