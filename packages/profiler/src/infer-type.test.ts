import { describe, expect, it } from 'vitest';
import { declaredKind, inferType } from './infer-type.js';

describe('declaredKind', () => {
  it.each([
    ['INTEGER', 'integer'],
    ['bigint', 'integer'],
    ['UNSIGNED BIG INT', 'integer'],
    ['TINYINT(1)', 'integer'],
    ['VARCHAR(25)', 'text'],
    ['NCHAR(55)', 'text'],
    ['CLOB', 'text'],
    ['text', 'text'],
    ['BLOB', 'blob'],
    ['REAL', 'real'],
    ['FLOAT', 'real'],
    ['DOUBLE PRECISION', 'real'],
    ['DECIMAL(15,2)', 'real'],
    ['NUMERIC', 'real'],
    ['NUMBER(10)', 'real'],
    ['DATE', 'date'],
    ['DATETIME', 'date'],
    ['TIMESTAMP', 'date'],
    ['BOOLEAN', 'boolean'],
    ['bool', 'boolean'],
  ] as const)('%s → %s', (declared, kind) => {
    expect(declaredKind(declared)).toBe(kind);
  });

  // PostgreSQL's own spellings (format_type), including the ones substring matching misread.
  it.each([
    ['interval', 'unknown'],
    ['interval day to second', 'unknown'],
    ['point', 'unknown'],
    ['polygon', 'unknown'],
    ['int4range', 'unknown'],
    ['int8range', 'unknown'],
    ['numrange', 'unknown'],
    ['tstzrange', 'unknown'],
    ['int4multirange', 'unknown'],
    ['time with time zone', 'unknown'],
    ['time without time zone', 'unknown'],
    ['time(3) with time zone', 'unknown'],
    ['timestamp with time zone', 'date'],
    ['timestamp(3) without time zone', 'date'],
    ['text[]', 'unknown'],
    ['character varying(20)[]', 'unknown'],
    ['integer[]', 'unknown'],
    ['json', 'unknown'],
    ['jsonb', 'unknown'],
    ['tsvector', 'unknown'],
    ['xml', 'text'],
    ['money', 'real'],
    ['bytea', 'blob'],
    ['bit(1)', 'boolean'],
    ['bit(8)', 'unknown'],
    ['bit varying(8)', 'unknown'],
    ['double precision', 'real'],
    ['numeric(10,2)', 'real'],
  ] as const)('PostgreSQL %s → %s', (declared, kind) => {
    expect(declaredKind(declared)).toBe(kind);
  });

  // DuckDB's spellings (duckdb_columns().data_type).
  it.each([
    ['INTEGER[]', 'unknown'],
    ['VARCHAR[3]', 'unknown'],
    ['STRUCT(a INTEGER, b VARCHAR)', 'unknown'],
    ['MAP(VARCHAR, INTEGER)', 'unknown'],
    ['UNION(num INTEGER, str VARCHAR)', 'unknown'],
    ['HUGEINT', 'integer'],
    ['UHUGEINT', 'integer'],
    ['INTERVAL', 'unknown'],
    ['TIME WITH TIME ZONE', 'unknown'],
    ['TIME', 'unknown'],
    ['TIMESTAMP WITH TIME ZONE', 'date'],
    ['BLOB', 'blob'],
    ["ENUM('int', 'point')", 'text'],
    ['JSON', 'unknown'],
    ['DOUBLE', 'real'],
    ['BIT', 'unknown'],
  ] as const)('DuckDB %s → %s', (declared, kind) => {
    expect(declaredKind(declared)).toBe(kind);
  });

  // MySQL/MariaDB's spellings (information_schema.COLUMNS.COLUMN_TYPE), for the MySQL connector.
  it.each([
    ['tinyint(1)', 'integer'], // 0/1 by convention, but any byte fits: an integer
    ['tinyint(3) unsigned', 'integer'],
    ["enum('a','b')", 'text'],
    ["enum('interval','point')", 'text'], // the listed words never decide
    ["set('red','green')", 'text'],
    ['json', 'unknown'],
    ['year', 'integer'], // four digits, compared and grouped as numbers
    ['year(4)', 'integer'],
    ['datetime', 'date'],
    ['datetime(6)', 'date'],
    ['timestamp', 'date'],
    ['time', 'unknown'], // a time of day (or a duration up to 838 h): not a date
    ['bit(1)', 'boolean'],
    ['bit(64)', 'unknown'],
    ['geometry', 'unknown'],
    ['point', 'unknown'],
    ['multipolygon', 'unknown'],
    ['decimal(10,2)', 'real'],
    ['mediumtext', 'text'],
    ['longtext', 'text'],
    ['varbinary(16)', 'blob'],
    ['mediumint(8) unsigned', 'integer'],
  ] as const)('MySQL %s → %s', (declared, kind) => {
    expect(declaredKind(declared)).toBe(kind);
  });

  it('keeps SQLite-style integer affinity for INT spellings that are not special', () => {
    expect(declaredKind('INT8')).toBe('integer');
    expect(declaredKind('UNSIGNED BIG INT')).toBe('integer');
    expect(declaredKind('MEDIUMINT')).toBe('integer');
  });

  it('names no kind for an empty or unrecognised declared type', () => {
    expect(declaredKind('')).toBeUndefined();
    expect(declaredKind('UUID')).toBeUndefined();
  });
});

describe('inferType', () => {
  it('keeps the declared kind when values do not refine it', () => {
    expect(inferType('INTEGER', [1, 2, 3])).toBe('integer');
    expect(inferType('BOOLEAN', [0, 1])).toBe('boolean');
    expect(inferType('DECIMAL(15,2)', [100, 20])).toBe('real');
    expect(inferType('BLOB', [])).toBe('blob');
    expect(inferType('DATE', [])).toBe('date');
    expect(inferType('TEXT', [])).toBe('text');
  });

  it('reads a fixed-point type with no digits after the point as integers when its values are', () => {
    expect(inferType('NUMERIC', [10, 20])).toBe('integer');
    expect(inferType('NUMBER(6)', [100, 206])).toBe('integer');
    expect(inferType('DECIMAL(10, 0)', [1])).toBe('integer');
    expect(inferType('NUMERIC', [10.5, 20])).toBe('real');
    expect(inferType('NUMERIC', [])).toBe('real');
    expect(inferType('DECIMAL(8,2)', [100, 20])).toBe('real');
  });

  it('refines text to date when every sampled value starts YYYY-MM-DD', () => {
    expect(inferType('TEXT', ['2024-03-01', '2024-03-02T10:00:00', '1999-12-31 23:59'])).toBe('date');
    expect(inferType('VARCHAR(10)', ['2024-03-01', 'soon'])).toBe('text');
    expect(inferType('TEXT', ['24-03-01'])).toBe('text');
    expect(inferType('TEXT', ['x2024-03-01'])).toBe('text');
  });

  it('takes the kind of the values when the declared type names none', () => {
    expect(inferType('', [1, 2, 3])).toBe('integer');
    expect(inferType('', [1, 2.5])).toBe('real');
    expect(inferType('', ['a', 'b'])).toBe('text');
    expect(inferType('', ['2024-01-01', '2024-01-02'])).toBe('date');
    expect(inferType('UUID', ['0b9e6c54-1a1f-4b47-8d5e-6a7f0e2f6d7a'])).toBe('text');
    expect(inferType('mpaa_rating', ['PG', 'R'])).toBe('text'); // a PostgreSQL enum by its own name
    expect(inferType('year', [2006])).toBe('integer'); // Sakila's domain over integer
  });

  it('keeps structured values and times of day out of the scalar kinds, whatever the values', () => {
    expect(inferType('JSON', ['{"a":1}'])).toBe('unknown');
    expect(inferType('interval', ['1 day'])).toBe('unknown');
    expect(inferType('int4range', ['[1,5)'])).toBe('unknown');
    expect(inferType('time with time zone', ['10:30:00+02'])).toBe('unknown');
  });

  it('is unknown for an untyped column with no values or with mixed values', () => {
    expect(inferType('', [])).toBe('unknown');
    expect(inferType('', [2.5, 7, 'x'])).toBe('unknown');
  });
});
