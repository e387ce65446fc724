import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './embedder.js';

describe('cosineSimilarity', () => {
  it('is 1 for parallel vectors, -1 for opposite ones, 0 for orthogonal ones', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 2, 3], [-1, -2, -3])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
  });

  it('accepts Float32Arrays and stays within [-1, 1]', () => {
    const v = new Float32Array([0.1, 0.7, 0.3, 0.9]);
    const s = cosineSimilarity(v, Float32Array.from(v));
    expect(s).toBeLessThanOrEqual(1);
    expect(s).toBeCloseTo(1, 6);
    expect(cosineSimilarity(new Float32Array([3, 4]), [4, 3])).toBeCloseTo(24 / 25, 6);
  });

  it('is 0, not NaN, when either vector is all zeros', () => {
    expect(cosineSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
    expect(cosineSimilarity([1, 2, 3], new Float32Array(3))).toBe(0);
    expect(cosineSimilarity([], [])).toBe(0);
  });

  it('throws a clear error when the lengths differ', () => {
    expect(() => cosineSimilarity([1, 2, 3], [1, 2])).toThrow(/lengths differ \(3 vs 2\)/);
  });
});
