import { describe, expect, it } from 'vitest';
import { estimateContainment, isDenseIntegerKey } from './containment.js';
import { defaultJoinParams } from './params.js';
import { columnFromValues } from './profile-from-values.js';

const P = defaultJoinParams();

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

describe('estimateContainment', () => {
  it('is exact against a complete sketch', () => {
    const key = columnFromValues('id', range(100));
    expect(estimateContainment(columnFromValues('ref', [1, 2, 3, 3, 50]), key, P)).toEqual({
      value: 1,
      method: 'complete sketch',
      checked: 4,
    });
    expect(estimateContainment(columnFromValues('ref', [1, 2, 300, 400]), key, P)!.value).toBe(0.5);
  });

  it("probes the Bloom filter of a large key with the referencing column's bottom-k hashes", () => {
    const key = columnFromValues('id', range(20_000));
    const inside = estimateContainment(columnFromValues('ref', range(5_000, 10_000)), key, P)!;
    expect(inside.method).toBe('bloom filter');
    expect(inside.checked).toBe(256);
    expect(inside.value).toBeGreaterThan(0.95);
    const half = estimateContainment(columnFromValues('ref', range(5_000, 17_501)), key, P)!;
    expect(half.value).toBeGreaterThan(0.35);
    expect(half.value).toBeLessThan(0.65);
  });

  it('compares two bottom-k sketches when the referenced column is not unique', () => {
    const big = columnFromValues('k', [...range(5_000), ...range(5_000)]);
    expect(big.sketch!.bloom).toBeUndefined();
    const estimate = estimateContainment(columnFromValues('r', range(4_000)), big, P)!;
    expect(estimate.method).toBe('bottom-k sketch');
    expect(estimate.value).toBe(1);
    expect(estimateContainment(columnFromValues('r', range(4_000, 20_000)), big, P)!.value).toBeLessThan(0.2);
  });

  it('divides out a referenced sample smaller than its table', () => {
    const key = { ...columnFromValues('id', range(1_000)), count: 2_000, distinct: 2_000, rowCount: 2_000 };
    expect(estimateContainment(columnFromValues('ref', range(2_000)), key, P)!.value).toBeGreaterThan(0.9);
  });

  it('falls back to a dense key range, then to sampled values, without sketches', () => {
    const strip = <T extends { sketch?: unknown }>(c: T): T => ({ ...c, sketch: undefined });
    const dense = strip(columnFromValues('id', range(1_000)));
    expect(isDenseIntegerKey(dense)).toBe(true);
    expect(estimateContainment(strip(columnFromValues('r', [3, 999])), dense, P)).toMatchObject({ value: 1, method: 'dense key range' });
    expect(estimateContainment(strip(columnFromValues('r', [3, 1_001])), dense, P)).toMatchObject({ value: 0 });
    const codes = strip(columnFromValues('code', ['AD', 'AE', 'AF']));
    expect(estimateContainment(strip(columnFromValues('c', ['AD', 'AF', 'ZZ', 'AD'])), codes, P)).toMatchObject({
      method: 'sample values',
      value: 2 / 3,
    });
    expect(
      estimateContainment(strip(columnFromValues('c', ['x'])), strip(columnFromValues('name', range(60).map(String))), P),
    ).toBeUndefined();
  });
});
