import { describe, expect, it } from 'vitest';
import { deriveSeed, Rng } from './prng.js';

describe("the scale generator's draws", () => {
  it('draws whole numbers in range, permutations and distinct samples, the same for the same seed', () => {
    expect(Array.from({ length: 5 }, () => new Rng(7).float())).toEqual(Array.from({ length: 5 }, () => new Rng(7).float()));
    const rng = new Rng(1);
    const ints = Array.from({ length: 500 }, () => rng.int(3, 6));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5, 6]));
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect([...rng.shuffle(items)].sort((x, y) => x - y)).toEqual(items);
    const sample = rng.sample(items, 5);
    expect(new Set(sample).size).toBe(5);
    expect(rng.sample(items, 50)).toHaveLength(20);
    expect(rng.weighted(['never', 'always'], (x) => (x === 'always' ? 1 : 0))).toBe('always');
  });

  it('derives distinct seeds per label', () => {
    expect(deriveSeed(42, 'schema/snowflake:50')).toBe(deriveSeed(42, 'schema/snowflake:50'));
    expect(deriveSeed(42, 'schema/snowflake:50')).not.toBe(deriveSeed(42, 'schema/snowflake:200'));
    expect(deriveSeed(42, 'x')).not.toBe(deriveSeed(43, 'x'));
  });
});
