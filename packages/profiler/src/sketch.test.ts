import { describe, expect, it } from 'vitest';
import { buildSketch, canonicalValue, hashValue, isCompleteSketch, readBloom, SKETCH_HASH } from './sketch.js';

describe('canonicalValue', () => {
  it('spells an integer the same whatever type stores it', () => {
    expect(canonicalValue(5)).toBe('5');
    expect(canonicalValue(5.0)).toBe('5');
    expect(canonicalValue('5')).toBe('5');
    expect(canonicalValue('005')).toBe('005');
    expect(canonicalValue(5n)).toBe('5');
    expect(canonicalValue(-12)).toBe('-12');
    expect(canonicalValue(2.5)).toBe('2.5');
  });
  it('keeps strings exactly', () => {
    expect(canonicalValue('ABC ')).toBe('ABC ');
    expect(hashValue('abc')).not.toBe(hashValue('ABC'));
  });
});

describe('buildSketch', () => {
  it('keeps the k smallest distinct hashes, ascending', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i % 500);
    const sketch = buildSketch(values, { k: 64 });
    expect(sketch.hash).toBe(SKETCH_HASH);
    expect(sketch.distinct).toBe(500);
    expect(sketch.minHashes).toHaveLength(64);
    const all = [...new Set(values.map(hashValue))].sort((a, b) => a - b);
    expect(sketch.minHashes).toEqual(all.slice(0, 64));
    expect(isCompleteSketch(sketch)).toBe(false);
    expect(isCompleteSketch(buildSketch([1, 2, 3], { k: 64 }))).toBe(true);
  });

  it('builds a Bloom filter with every value and few false positives', () => {
    const sketch = buildSketch(
      Array.from({ length: 5000 }, (_, i) => `K${i}`),
      { bloom: true },
    );
    const bloom = readBloom(sketch.bloom!);
    for (let i = 0; i < 5000; i++) expect(bloom.has(hashValue(`K${i}`))).toBe(true);
    let falsePositives = 0;
    for (let i = 5000; i < 15000; i++) if (bloom.has(hashValue(`K${i}`))) falsePositives++;
    expect(falsePositives / 10000).toBeLessThan(0.03);
  });

  it('sketches an empty column as empty', () => {
    expect(buildSketch([], { bloom: true })).toEqual({ hash: SKETCH_HASH, distinct: 0, minHashes: [] });
  });
});
