import type { InferredType } from './types.js';

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * Declared types whose values are structured or not one scalar — arrays (`text[]`, `INTEGER[]`,
 * DuckDB `LIST`), composites (`STRUCT`, `MAP`, `UNION`, `ROW`), ranges (`int4range`,
 * `tstzrange`), geometry (`point`, `polygon`, MySQL `geometry`), `interval`, documents (`json`,
 * `jsonb`, `tsvector`, `xml`'s cousins) — and times of day (`time`, `time with time zone`, `timetz`):
 * neither numbers, nor dates, nor names. Matched on the type's base name (its arguments dropped),
 * before the substring rules, which would read `INTERVAL`, `POINT` and `INT4RANGE` as integers.
 */
const OPAQUE =
  /\[\d*\]$|\bARRAY\b|^INTERVAL\b|^(LIST|STRUCT|MAP|UNION|ROW|RECORD|(INT4|INT8|NUM|TS|TSTZ|DATE)(MULTI)?RANGE|ANYRANGE|POINT|LINE|LSEG|BOX|PATH|POLYGON|CIRCLE|GEOMETRY|GEOGRAPHY|MULTIPOINT|LINESTRING|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION|JSON|JSONB|TSVECTOR|TSQUERY|TIME|TIMETZ|TIME WITH(OUT)? TIME ZONE|VARIANT|OBJECT|SUPER|HLLSKETCH)$/;

/** `ENUM('a','b')`, MySQL `SET(…)`: one of listed words. */
const LISTED = /^(ENUM|SET)$/;

/**
 * The type's name without its arguments (`VARCHAR(25)` → `VARCHAR`, `timestamp(3) with time zone`
 * → `TIMESTAMP WITH TIME ZONE`, `enum('point','int')` → `ENUM`), upper case, spaces collapsed.
 */
function baseName(declaredType: string): string {
  let depth = 0;
  let out = '';
  for (const ch of declaredType) {
    if (ch === '(' || ch === '<') depth += 1;
    else if (ch === ')' || ch === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * The kind a declared type names. First the types the substring rules would misread:
 * structured and non-scalar ones (`OPAQUE`: arrays, ranges, geometry, `interval`, JSON, times of
 * day) are `unknown`; `ENUM(…)` and MySQL `SET(…)` are text; `money` is real; `bit(1)` is boolean
 * (MySQL's flag type), other `bit` strings `unknown`. Then, on the base name, by substring in the
 * spirit of SQLite's affinity rules (checked in this order, case-insensitively): INT → integer
 * (MySQL `tinyint(1)` stays an integer: its values are 0 and 1 but also any other byte, and
 * `year` is read as an integer: four digits, compared and grouped as numbers); CHAR, CLOB, TEXT →
 * text; BLOB → blob; REAL, FLOA, DOUB → real; DATE, TIME → date (`datetime`, `timestamp`, with or
 * without time zone); BOOL → boolean; DEC, NUM → real. `undefined` when the declared type is
 * empty or names none of these (`UUID`, a PostgreSQL enum's or domain's own name, …): the values decide.
 */
export function declaredKind(declaredType: string): InferredType | undefined {
  const t = baseName(declaredType);
  if (OPAQUE.test(t)) return 'unknown';
  if (LISTED.test(t)) return 'text';
  if (t === 'MONEY') return 'real';
  if (t === 'YEAR') return 'integer';
  if (t === 'BIT' || t === 'BIT VARYING' || t === 'VARBIT' || t === 'BITSTRING')
    return t === 'BIT' && /\(\s*1\s*\)/.test(declaredType) ? 'boolean' : 'unknown';
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT') || t === 'XML' || t === 'STRING') return 'text';
  if (t.includes('BLOB') || t === 'BYTEA' || t.includes('BINARY')) return 'blob';
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
 * A fixed-point type with no digits after the point: `NUMERIC`, `NUMBER(6)`, `DECIMAL(10, 0)` —
 * Oracle's and SQLite's way of declaring an integer (`NUMBER(6)` is an Oracle key), not
 * `DECIMAL(8,2)`.
 */
export function isWholeFixedPoint(declaredType: string): boolean {
  const match = /^\s*(NUMERIC|NUMBER|DECIMAL|DEC)\s*(?:\(\s*\d+\s*(?:,\s*(\d+)\s*)?\))?\s*$/i.exec(declaredType);
  return match !== null && (match[2] === undefined || Number(match[2]) === 0);
}

/**
 * The broad kind of a column: from its declared type, refined by sampled (non-null, non-blob)
 * values. A text column whose sampled values all start `YYYY-MM-DD` is a date column; a
 * fixed-point column with no digits after the point (`isWholeFixedPoint`) whose sampled values are
 * all integers is an integer column; a column whose declared type names no kind takes the kind of
 * its values. Pure and deterministic.
 */
export function inferType(declaredType: string, values: readonly (string | number)[]): InferredType {
  const declared = declaredKind(declaredType);
  if (declared === undefined) return kindOfValues(values);
  if (declared === 'text' && values.length > 0 && allDates(values)) return 'date';
  if (declared === 'real' && values.length > 0 && isWholeFixedPoint(declaredType) && kindOfValues(values) === 'integer') return 'integer';
  return declared;
}
