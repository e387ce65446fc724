import type { ValueFrequency } from './types.js';

/**
 * Values that stand for "no value" rather than being one, compared trimmed and case-insensitively.
 * Strings made only of whitespace and punctuation (`''`, `'-'`, `'--'`, `'?'`, `'***'`) are
 * placeholders too.
 */
export const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'n/a',
  'na',
  'n.a.',
  '#n/a',
  'null',
  '(null)',
  'nil',
  'none',
  'undefined',
  'nan',
  'unknown',
  'tbd',
  '0000-00-00',
  '0000-00-00 00:00:00',
  '00/00/0000',
  '1900-01-01',
  '9999-12-31',
]);

const ONLY_PUNCTUATION = /^[\s\p{P}\p{S}]*$/u;

/** Whether a value is a blank or a placeholder (`PLACEHOLDERS`). Numbers never are. Pure. */
export function isPlaceholder(value: string | number): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  const v = value.trim().toLowerCase();
  return ONLY_PUNCTUATION.test(v) || PLACEHOLDERS.has(v);
}

/** Longest string kept as representative; longer ones are free text, not examples. */
export const MAX_REPRESENTATIVE_LENGTH = 200;

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/** Tukey's fences [Q1 − 1.5·IQR, Q3 + 1.5·IQR] over distinct values; `undefined` for fewer than 4 values or IQR 0. */
export function tukeyFences(values: readonly number[]): [number, number] | undefined {
  if (values.length < 4) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const iqr = q3 - q1;
  if (!(iqr > 0)) return undefined;
  return [q1 - 1.5 * iqr, q3 + 1.5 * iqr];
}

/**
 * A sample's values without what does not represent the column, in the sample's order (most
 * frequent first), at most `limit` of them. Removed, in this order:
 * 1. blanks and placeholders (`isPlaceholder`);
 * 2. values of the minority kind when one kind (number or string) holds ≥ 80% of the occurrences
 *    (a stray `'n.k.'` among numbers, a stray `0` among names);
 * 3. numeric outliers outside Tukey's fences (1.5 × IQR beyond the quartiles of the distinct
 *    numeric values, when there are at least 4 and the IQR is not 0);
 * 4. strings longer than `MAX_REPRESENTATIVE_LENGTH` characters, or longer than four times the
 *    median length plus 16 (length outliers).
 * Pure and deterministic.
 */
export function cleanSample(values: readonly ValueFrequency[], limit = values.length): (string | number)[] {
  let kept = values.filter((v) => !isPlaceholder(v.value));
  const total = kept.reduce((s, v) => s + v.count, 0);
  const numeric = kept.filter((v) => typeof v.value === 'number').reduce((s, v) => s + v.count, 0);
  if (total > 0 && numeric / total >= 0.8) kept = kept.filter((v) => typeof v.value === 'number');
  else if (total > 0 && (total - numeric) / total >= 0.8) kept = kept.filter((v) => typeof v.value === 'string');

  const fences = tukeyFences(kept.flatMap((v) => (typeof v.value === 'number' ? [v.value] : [])));
  if (fences) {
    const [lo, hi] = fences;
    kept = kept.filter((v) => typeof v.value !== 'number' || (v.value >= lo && v.value <= hi));
  }
  const lengths = kept.flatMap((v) => (typeof v.value === 'string' ? [v.value.length] : [])).sort((a, b) => a - b);
  if (lengths.length > 0) {
    const longest = Math.min(MAX_REPRESENTATIVE_LENGTH, 4 * quantile(lengths, 0.5) + 16);
    kept = kept.filter((v) => typeof v.value !== 'string' || v.value.length <= longest);
  }
  return kept.slice(0, Math.max(0, limit)).map((v) => v.value);
}
