import type { ColumnExpressions, Connector, Dialect, Scalar } from './connector.js';
import { declaredKind, isWholeFixedPoint } from './infer-type.js';
import { sketchHashes } from './sketch.js';
import type { InferredType, LengthStats, ValueFrequency, ValueSketch } from './types.js';
import { hashJsonList } from './value-list.js';

/** Text columns whose sample values are longer than this on average are not sketched (no join keys). */
export const MAX_SKETCH_MEAN_LENGTH = 64;

/** What the statement over a table's sample found for one column. */
export interface ColumnSample {
  /** Rows in the sample. */
  sampledRows: number;
  /** Non-null values in the sample. */
  nonNull: number;
  /** Distinct non-null values in the sample. */
  distinct: number;
  /** Values that occur exactly once in the sample. */
  singletons: number;
  length: LengthStats | null;
  /** Up to `candidates` most frequent values, most frequent first, ties by value. */
  top: ValueFrequency[];
  /**
   * Hashes of the sample's distinct values (a value may repeat: 5 and '5'), when the column may be
   * a join key and its values, as text, average at most `MAX_SKETCH_MEAN_LENGTH` characters.
   */
  hashes?: Uint32Array;
  /** Whether a number with a fractional part was among the hashed values. */
  fractional?: boolean;
}

export function num(value: Scalar | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  return 0;
}

/**
 * Whether a column of this declared type may be a join key, so that its sample is streamed whole
 * for a sketch: integer and text columns, fixed-point ones with no digits after the point
 * (`NUMBER(6)`, SQLite's `NUMERIC`), and those whose declared type names no kind (an untyped
 * SQLite column, `uuid`, `json`): the values decide after (`sketchable`).
 */
export function mayBeKey(declaredType: string): boolean {
  const kind = declaredKind(declaredType);
  return kind === undefined || kind === 'integer' || kind === 'text' || isWholeFixedPoint(declaredType);
}

/**
 * Whether a column's values, as the sample shows them, can be a join key: integers or text (an
 * untyped column: integers and strings, no fractional numbers), whose values, as text, average at
 * most `MAX_SKETCH_MEAN_LENGTH` characters (else the engine sent no values). Never reals, dates,
 * booleans, blobs.
 */
export function sketchable(inferredType: InferredType, sample: ColumnSample): boolean {
  if (sample.hashes === undefined) return false;
  if (inferredType === 'integer' || inferredType === 'text') return true;
  return inferredType === 'unknown' && sample.hashes.length > 0 && !sample.fractional;
}

/** The column's sketch: bottom-k hashes, plus a Bloom filter when the sample's values are all distinct. */
export function sketchOf(sample: ColumnSample): ValueSketch {
  return sketchHashes(sample.hashes ?? [], { bloom: sample.nonNull > 0 && sample.distinct === sample.nonNull });
}

/** What an empty sample shows. */
export function emptySample(sketch: boolean): ColumnSample {
  return {
    sampledRows: 0,
    nonNull: 0,
    distinct: 0,
    singletons: 0,
    length: null,
    top: [],
    ...(sketch ? { hashes: new Uint32Array(0), fractional: false } : {}),
  };
}

/** One column to sample: its expressions, and whether its distinct values are wanted (for a sketch). */
export interface SampledColumn {
  sql: ColumnExpressions;
  sketch: boolean;
}

/**
 * `sampleTable`, and when the engine runs out of memory for several columns at once (DuckDB, whose
 * read-only databases cannot spill), the same again for each half of them, down to one column.
 */
export async function sampleColumns(
  connector: Connector,
  columns: readonly SampledColumn[],
  from: string,
  options: { candidates: number; maxLength: number },
): Promise<ColumnSample[]> {
  const attempt = () => sampleTable(connector, columns, from, options);
  try {
    return await (connector.isolate ? connector.isolate(attempt) : attempt());
  } catch (error) {
    if (columns.length < 2 || !(error instanceof Error) || !/out of memory/i.test(error.message)) throw error;
    const half = Math.ceil(columns.length / 2);
    return [
      ...(await sampleColumns(connector, columns.slice(0, half), from, options)),
      ...(await sampleColumns(connector, columns.slice(half), from, options)),
    ];
  }
}

/** The name the sample goes by inside the statement. */
const SAMPLE = 'guided_sample';

/**
 * One statement over a table's sample for several columns. The sample is drawn once (a
 * materialized CTE) and grouped by value once per column (another); per column, one UNION ALL
 * branch ranks its `candidates` + 1 top groups (the NULL group last, then by frequency, ties by
 * value) and another totals its groups: sample rows, non-null values, distinct values,
 * singletons, text lengths and, for a column with `sketch`, every distinct value as one JSON
 * array (`Dialect.valueList`: values of `maxLength` characters or more are left out, and no list
 * is sent when the values average more than `MAX_SKETCH_MEAN_LENGTH` characters). Only those few
 * rows reach Node, and the values are hashed and dropped column by column: memory stays bounded
 * by the sample.
 *
 * Values are hashed as the engine spells them as text (`canonicalValue` through `hashValue`): an
 * integer hashes the same as INTEGER, BIGINT (beyond 2^53 too), REAL 5.0 or TEXT '5'; PostgreSQL
 * `character(n)` values lose their blank padding in the cast to text. Branches whose values have
 * the same SQL type (`ColumnExpressions.type`) share a result column; a first, empty branch gives
 * every result column its type.
 */
export async function sampleTable(
  connector: Connector,
  columns: readonly SampledColumn[],
  from: string,
  options: { candidates: number; maxLength: number },
): Promise<ColumnSample[]> {
  const { dialect } = connector;
  const results = columns.map(({ sketch }) => emptySample(sketch && dialect.valueList !== undefined));
  if (columns.length === 0) return results;
  const slots = slotsOf(columns);
  const rows = await connector.query(sampleStatement(dialect, columns, from, slots, options));
  return readSampleRows(rows, results, slots, options.candidates);
}

/** The statement's value columns: one per SQL type (`types`, in order of first use) and each column's among them (`slot`). */
interface Slots {
  types: string[];
  slot: number[];
}

function slotsOf(columns: readonly SampledColumn[]): Slots {
  const types: string[] = [];
  const slot = columns.map(({ sql }) => {
    const key = sql.type ?? '';
    if (!types.includes(key)) types.push(key);
    return types.indexOf(key);
  });
  return { types, slot };
}

const STANDARD_TYPES = { bigint: 'BIGINT', integer: 'INTEGER', text: 'TEXT' };
/** `n` typed NULLs and a cast to BIGINT, as the dialect spells the types. */
function casts(dialect: Dialect) {
  const types = dialect.castTypes ?? STANDARD_TYPES;
  const nulls = (n: number, type: keyof typeof STANDARD_TYPES = 'bigint') =>
    Array.from({ length: n }, () => `CAST(NULL AS ${types[type]})`).join(', ');
  return { nulls, big: (e: string) => `CAST(${e} AS ${types.bigint})` };
}
/** The NULL group last, then by frequency, ties by value. */
const TOP_ORDER = 'CASE WHEN v IS NULL THEN 1 ELSE 0 END, n DESC, v';
/** A column's totals over its groups: sample rows, non-null values, distinct values, singletons, lengths (min, max, sum, count). */
const TOTALS = [
  'SUM(n)',
  'SUM(CASE WHEN v IS NOT NULL THEN n ELSE 0 END)',
  'COUNT(v)',
  'SUM(CASE WHEN v IS NOT NULL AND n = 1 THEN 1 ELSE 0 END)',
  'MIN(lmin)',
  'MAX(lmax)',
  'SUM(lsum)',
  'SUM(lcnt)',
];

function sampleStatement(
  dialect: Dialect,
  columns: readonly SampledColumn[],
  from: string,
  { types, slot }: Slots,
  options: { candidates: number; maxLength: number },
): string {
  const { nulls } = casts(dialect);
  const as = dialect.materializedCte === false ? 'AS' : 'AS MATERIALIZED';
  const ctes = [
    `${SAMPLE} ${as} (SELECT ${columns.map(({ sql }, j) => `${sql.value} AS v${j}, ${sql.length ?? nulls(1, 'integer')} AS l${j}`).join(', ')} FROM ${from})`,
    ...columns.map(
      (_, j) =>
        `g${j} ${as} (SELECT v${j} AS v, COUNT(*) AS n, MIN(l${j}) AS lmin, MAX(l${j}) AS lmax, SUM(l${j}) AS lsum, COUNT(l${j}) AS lcnt FROM ${SAMPLE} GROUP BY v${j})`,
    ),
  ];
  // The first branch only types the result columns: k, rank, one value column per type, n, 8 totals, values.
  const typed = types.map((_, t) => {
    const j = slot.indexOf(t);
    return columns[j]?.sql.clip(`v${j}`, options.maxLength) ?? 'NULL';
  });
  // Every other column is typed explicitly (BIGINT, TEXT), as PostgreSQL types a UNION pairwise.
  const branches = [`SELECT ${nulls(2)}, ${typed.join(', ')}, ${nulls(9)}, ${nulls(1, 'text')} FROM ${SAMPLE} WHERE 1 = 0`];
  for (const [j, column] of columns.entries()) branches.push(...columnBranches(dialect, j, column, { types, slot }, options));
  return `WITH ${ctes.join(', ')} ${branches.join(' UNION ALL ')}`;
}

/** Column `j`'s two branches: its `candidates` + 1 top groups ranked, and its totals (with its values, for a sketch). */
function columnBranches(
  dialect: Dialect,
  j: number,
  { sql, sketch }: SampledColumn,
  { types, slot }: Slots,
  options: { candidates: number; maxLength: number },
): [string, string] {
  const { nulls, big } = casts(dialect);
  const cells = types.map((_, t) => (t === slot[j] ? sql.clip('v', options.maxLength) : 'NULL')).join(', ');
  const values = sketch && dialect.valueList ? dialect.valueList('v', 'n', options.maxLength, MAX_SKETCH_MEAN_LENGTH) : nulls(1, 'text');
  return [
    `SELECT ${j}, ${big(`ROW_NUMBER() OVER (ORDER BY ${TOP_ORDER})`)}, ${cells}, ${big('n')}, ${nulls(8)}, ${nulls(1, 'text')} ` +
      `FROM (SELECT v, n FROM g${j} ORDER BY ${TOP_ORDER} LIMIT ${options.candidates + 1}) AS t${j}`,
    `SELECT ${j}, ${big('0')}, ${types.map(() => 'NULL').join(', ')}, ${nulls(1)}, ${TOTALS.map(big).join(', ')}, ${values} FROM g${j}`,
  ];
}

/** The statement's rows into `results`: a ranked row is a top value (up to `candidates`), rank 0 a column's totals. */
function readSampleRows(rows: readonly Scalar[][], results: ColumnSample[], { types, slot }: Slots, candidates: number): ColumnSample[] {
  const tops: [number, ValueFrequency][][] = results.map(() => []);
  for (const row of rows) {
    const j = num(row[0]);
    const result = results[j];
    if (result === undefined) continue;
    const rank = num(row[1]);
    if (rank === 0) {
      readTotals(result, row.slice(3 + types.length));
      continue;
    }
    const value = row[2 + (slot[j] ?? 0)];
    if (value !== null && value !== undefined && rank <= candidates) tops[j]?.push([rank, { value, count: num(row[2 + types.length]) }]);
  }
  for (const [j, result] of results.entries()) result.top = (tops[j] ?? []).sort((a, b) => a[0] - b[0]).map(([, top]) => top);
  return results;
}

/** A totals row's cells after the value columns and n: the eight `TOTALS`, then the values as one JSON list. */
function readTotals(result: ColumnSample, cells: readonly Scalar[]): void {
  const t = cells.slice(0, TOTALS.length).map(num);
  result.sampledRows = t[0] ?? 0;
  result.nonNull = t[1] ?? 0;
  result.distinct = t[2] ?? 0;
  result.singletons = t[3] ?? 0;
  result.length = (t[7] ?? 0) > 0 ? { min: t[4] ?? 0, max: t[5] ?? 0, mean: Math.round(((t[6] ?? 0) / (t[7] ?? 1)) * 100) / 100 } : null;
  const list = cells[TOTALS.length];
  if (result.hashes === undefined) return;
  if (typeof list !== 'string') {
    delete result.hashes; // longer values on average: no join key
    delete result.fractional;
    return;
  }
  Object.assign(result, hashJsonList(list));
}
