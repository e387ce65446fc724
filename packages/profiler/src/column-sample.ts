import type { ColumnExpressions, Connector, Scalar } from './connector.js';
import { declaredKind } from './infer-type.js';
import { hashValue, sketchHashes } from './sketch.js';
import type { InferredType, LengthStats, ValueFrequency, ValueSketch } from './types.js';

/** Text columns whose sample values are longer than this on average are not sketched (no join keys). */
export const MAX_SKETCH_MEAN_LENGTH = 64;

/** What one statement over a column's sample found. */
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
  /** Hashes of every distinct value of the sample, when it was streamed for a sketch. */
  hashes?: Set<number>;
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
 * for a sketch: integer and text columns, and those whose declared type names no kind (an
 * untyped SQLite column, `uuid`, `json`): the values decide after (`sketchable`).
 */
export function mayBeKey(declaredType: string): boolean {
  const kind = declaredKind(declaredType);
  return kind === undefined || kind === 'integer' || kind === 'text';
}

/**
 * Whether a column's values, as the sample shows them, can be a join key: integers or text of at
 * most `MAX_SKETCH_MEAN_LENGTH` characters on average (an untyped column: integers and short
 * strings, no fractional numbers). Never reals, dates, booleans, blobs.
 */
export function sketchable(inferredType: InferredType, sample: ColumnSample): boolean {
  if (sample.hashes === undefined) return false;
  const short = (sample.length?.mean ?? 0) <= MAX_SKETCH_MEAN_LENGTH;
  if (inferredType === 'integer' || inferredType === 'text') return short;
  return inferredType === 'unknown' && sample.hashes.size > 0 && !sample.fractional && short;
}

/** The column's sketch: bottom-k hashes, plus a Bloom filter when the sample's values are all distinct. */
export function sketchOf(sample: ColumnSample): ValueSketch {
  return sketchHashes(sample.hashes ?? [], { bloom: sample.nonNull > 0 && sample.distinct === sample.nonNull });
}

/**
 * One statement over a table's sample for one column: the sample grouped by value, every row
 * carrying the totals as window aggregates over the groups, the NULL group last. Without
 * `sketch`, only the `candidates` top groups come back. With `sketch`, every group does, streamed
 * in batches: the first `candidates` are still the top values, and every value is hashed on the
 * way (values of `maxLength` characters or more, possibly cut, are skipped), so memory stays
 * bounded by the sample's distinct values and the sample is read once. Values are hashed as the
 * driver returns them, through `canonicalValue` (`hashValue`): an integer hashes the same as
 * INTEGER, BIGINT (a decimal string beyond 2^53), REAL 5.0 or TEXT '5'; PostgreSQL
 * `character(n)` values arrive without their blank padding, as `clip` casts them to text.
 */
export async function sampleColumn(
  connector: Connector,
  sql: ColumnExpressions,
  from: string,
  options: { candidates: number; maxLength: number; sketch: boolean },
): Promise<ColumnSample> {
  const length = sql.length ?? 'CAST(NULL AS INTEGER)';
  const inner = `SELECT ${sql.value} AS v, ${length} AS l FROM ${from}`;
  const statement =
    `SELECT ${sql.clip('v', options.maxLength)}, n, SUM(n) OVER (), SUM(CASE WHEN v IS NOT NULL THEN n ELSE 0 END) OVER (), ` +
    'COUNT(v) OVER (), SUM(CASE WHEN v IS NOT NULL AND n = 1 THEN 1 ELSE 0 END) OVER (), ' +
    'MIN(lmin) OVER (), MAX(lmax) OVER (), SUM(lsum) OVER (), SUM(lcnt) OVER () ' +
    `FROM (SELECT v, COUNT(*) AS n, MIN(l) AS lmin, MAX(l) AS lmax, SUM(l) AS lsum, COUNT(l) AS lcnt FROM (${inner}) AS q GROUP BY v) AS g ` +
    `ORDER BY CASE WHEN v IS NULL THEN 1 ELSE 0 END, n DESC, v` +
    (options.sketch ? '' : ` LIMIT ${options.candidates + 1}`);

  let summary: Scalar[] | undefined;
  const top: ValueFrequency[] = [];
  const hashes = options.sketch ? new Set<number>() : undefined;
  let fractional = false;
  const take = (rows: Scalar[][]) => {
    for (const row of rows) {
      summary ??= row.slice(2);
      const value = row[0];
      if (value === null || value === undefined) continue;
      if (top.length < options.candidates) top.push({ value, count: num(row[1]) });
      if (hashes === undefined) continue;
      if (typeof value === 'string') {
        if (value.length >= options.maxLength) continue;
        hashes.add(hashValue(value));
      } else {
        if (!Number.isInteger(value)) fractional = true;
        hashes.add(hashValue(value));
      }
    }
  };
  if (options.sketch && connector.stream) {
    for await (const batch of connector.stream(statement)) take(batch);
  } else {
    take(await connector.query(statement));
  }

  const s = summary ?? [];
  const lengthCount = num(s[7]);
  return {
    sampledRows: num(s[0]),
    nonNull: num(s[1]),
    distinct: num(s[2]),
    singletons: num(s[3]),
    length:
      lengthCount > 0
        ? { min: num(s[4]), max: num(s[5]), mean: Math.round((num(s[6]) / lengthCount) * 100) / 100 }
        : null,
    top,
    ...(hashes ? { hashes, fractional } : {}),
  };
}
