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
    ['time', 'date'],
    ['BOOLEAN', 'boolean'],
    ['bool', 'boolean'],
  ] as const)('%s → %s', (declared, kind) => {
    expect(declaredKind(declared)).toBe(kind);
  });

  it('names no kind for an empty or unrecognised declared type', () => {
    expect(declaredKind('')).toBeUndefined();
    expect(declaredKind('JSON')).toBeUndefined();
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
    expect(inferType('JSON', ['{"a":1}'])).toBe('text');
  });

  it('is unknown for an untyped column with no values or with mixed values', () => {
    expect(inferType('', [])).toBe('unknown');
    expect(inferType('', [2.5, 7, 'x'])).toBe('unknown');
  });
});
