import type { InferredType } from './types.js';

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * The kind a declared type names, by substring in the spirit of SQLite's affinity rules (checked
 * in this order, case-insensitively): INT → integer; CHAR, CLOB, TEXT → text; BLOB → blob;
 * REAL, FLOA, DOUB → real; DATE, TIME → date; BOOL → boolean; DEC, NUM → real.
 * `undefined` when the declared type is empty or names none of these (`JSON`, `UUID`, …).
 */
export function declaredKind(declaredType: string): InferredType | undefined {
  const t = declaredType.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text';
  if (t.includes('BLOB') || t === 'BYTEA') return 'blob';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  if (t.includes('DATE') || t.includes('TIME')) return 'date';
  if (t.includes('BOOL')) return 'boolean';
  if (t.includes('DEC') || t.includes('NUM')) return 'real';
  return undefined;
}

function allDates(values: readonly (string | number)[]): boolean {
  return values.every((v) => typeof v === 'string' && DATE_PREFIX.test(v));
}

/** The kind the values themselves show: `unknown` when there are none or they mix strings and numbers. */
function kindOfValues(values: readonly (string | number)[]): InferredType {
  if (values.length === 0) return 'unknown';
  if (values.every((v) => typeof v === 'number')) {
    return values.every((v) => Number.isInteger(v)) ? 'integer' : 'real';
  }
  if (values.every((v) => typeof v === 'string')) return allDates(values) ? 'date' : 'text';
  return 'unknown';
}

/**
 * The broad kind of a column: from its declared type, refined by sampled (non-null, non-blob)
 * values. A text column whose sampled values all start `YYYY-MM-DD` is a date column; a column
 * whose declared type names no kind takes the kind of its values. Pure and deterministic.
 */
export function inferType(declaredType: string, values: readonly (string | number)[]): InferredType {
  const declared = declaredKind(declaredType);
  if (declared === undefined) return kindOfValues(values);
  if (declared === 'text' && values.length > 0 && allDates(values)) return 'date';
  return declared;
}
