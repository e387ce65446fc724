import { describe, expect, it } from 'vitest';
import { cleanSample, isPlaceholder, tukeyFences } from './clean.js';
import { estimateDistinct } from './estimate.js';
import { mergeProfiles } from './merge.js';
import { tagOntology } from './ontology.js';
import type { DatabaseProfile, TableProfile, ValueFrequency } from './types.js';

const vf = (...values: (string | number)[]): ValueFrequency[] => values.map((value) => ({ value, count: 1 }));

describe('isPlaceholder', () => {
  it.each(['', '  ', '-', '--', '?', 'N/A', 'n/a', 'NULL', 'null', 'None', 'nan', '0000-00-00', 'unknown', '***'])(
    '%j is a placeholder',
    (v) => {
      expect(isPlaceholder(v)).toBe(true);
    },
  );
  it.each(['Ann', '0', 'NA-1', '2024-01-01', 'none of these'])('%j is a value', (v) => {
    expect(isPlaceholder(v)).toBe(false);
  });
  it('never takes a finite number for a placeholder', () => {
    expect(isPlaceholder(0)).toBe(false);
    expect(isPlaceholder(Number.NaN)).toBe(true);
  });
});

describe('cleanSample', () => {
  it('drops placeholders, keeps order and the limit', () => {
    expect(cleanSample(vf('N/A', 'Ann', '-', 'Bob', 'null', 'Cid'), 2)).toEqual(['Ann', 'Bob']);
  });
  it('drops numeric outliers outside Tukey fences', () => {
    expect(tukeyFences([1, 2, 3, 4])).toEqual([-0.5, 5.5]);
    expect(cleanSample(vf(10, 11, 12, 13, 14, 9999))).toEqual([10, 11, 12, 13, 14]);
    expect(tukeyFences([5, 5, 5, 5])).toBeUndefined();
  });
  it('drops the minority kind and very long strings', () => {
    expect(cleanSample(vf('a', 'b', 'c', 'd', 'e', 7))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(cleanSample(vf('abc', 'abd', 'x'.repeat(300)))).toEqual(['abc', 'abd']);
  });
});

describe('tagOntology', () => {
  const tag = (name: string, ...values: (string | number)[]) => tagOntology({ name, values: vf(...values) });
  it.each([
    ['email', ['a@b.com', 'c@d.org', 'N/A']],
    ['url', ['https://a.com', 'http://b.org/x', 'www.c.net']],
    ['datetime', ['2024-01-01 10:00:00', '2024-01-02T11:30:00Z']],
    ['date', ['2024-01-01', '1999-12-31']],
    ['phone', ['+1 555-0100', '(555) 010-2000', '555-010-3000']],
    ['currency', ['EUR', 'USD', 'JPY']],
    ['country', ['France', 'GERMANY', 'Japan']],
    ['country', ['FR', 'DE', 'JP']],
    ['boolean', ['yes', 'no']],
    ['boolean', [0, 1]],
    ['year', [1999, 2001, 2005, 2010, 2020]],
  ] as const)('%s', (expected, values) => {
    expect(tag('col', ...values)).toBe(expected);
  });
  it('names identifiers by key or by uniqueness, and nothing for plain text', () => {
    expect(tagOntology({ name: 'id', values: vf(1, 2, 3), primaryKey: true })).toBe('identifier');
    expect(tagOntology({ name: 'sku', values: vf('A-1', 'B-2'), distinct: 10, count: 10 })).toBe('identifier');
    expect(tagOntology({ name: 'qty', values: vf(1, 2, 3), distinct: 3, count: 10 })).toBeNull();
    expect(tag('comment', 'hello there', 'fine words')).toBeNull();
    expect(tag('x')).toBeNull();
    expect(tag('amount', 1999, 2000)).toBeNull();
  });
});

describe('estimateDistinct', () => {
  it('is exact for a full sample, N for keys, d for repeating values', () => {
    expect(estimateDistinct({ sampleNonNull: 10, sampleDistinct: 4, singletons: 1, totalNonNull: 10 })).toBe(4);
    expect(estimateDistinct({ sampleNonNull: 100, sampleDistinct: 100, singletons: 100, totalNonNull: 10_000 })).toBe(10_000);
    expect(estimateDistinct({ sampleNonNull: 100, sampleDistinct: 3, singletons: 0, totalNonNull: 10_000 })).toBe(3);
    expect(estimateDistinct({ sampleNonNull: 0, sampleDistinct: 0, singletons: 0, totalNonNull: 0 })).toBe(0);
  });
});

describe('mergeProfiles', () => {
  const table = (name: string, rowCount: number): TableProfile => ({ name, rowCount, columns: [], primaryKey: [], foreignKeys: [] });
  const profile = (...tables: TableProfile[]): DatabaseProfile => ({ formatVersion: 1, engine: 'sqlite', database: 'db', tables });
  it('replaces only the tables profiled again, adds new ones, keeps name order', () => {
    const merged = mergeProfiles(profile(table('a', 1), table('c', 1)), profile(table('c', 2), table('b', 2)));
    expect(merged.tables.map((t) => [t.name, t.rowCount])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
    ]);
  });
  it('refuses to merge different databases', () => {
    expect(() => mergeProfiles(profile(), { ...profile(), engine: 'duckdb' })).toThrow('cannot merge profiles of different databases');
  });
});
