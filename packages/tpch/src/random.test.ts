import { describe, expect, it } from 'vitest';
import { mulberry32, Rng, shuffled } from './random.js';
import { commentText, vString } from './text.js';

describe('Rng', () => {
  it('is deterministic per seed and stream, and differs across them', () => {
    const draw = (r: Rng) => Array.from({ length: 20 }, () => r.nextUint32());
    expect(draw(new Rng(1))).toEqual(draw(new Rng(1)));
    expect(draw(new Rng(1))).not.toEqual(draw(new Rng(2)));
    expect(draw(new Rng(1, 0))).not.toEqual(draw(new Rng(1, 1)));
    expect(draw(new Rng(1, 5, 1))).not.toEqual(draw(new Rng(1, 5, 2)));
    // seeds that differ only above 32 bits are different seeds
    expect(draw(new Rng(1))).not.toEqual(draw(new Rng(1 + 2 ** 32)));
  });

  it('int stays in range and reaches both ends; decimal has 2 places', () => {
    const r = new Rng(42);
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i++) {
      const v = r.int(-3, 3);
      expect(Number.isInteger(v) && v >= -3 && v <= 3).toBe(true);
      seen.add(v);
      const d = r.decimal(-999.99, 9999.99);
      expect(d).toBeGreaterThanOrEqual(-999.99);
      expect(d).toBeLessThanOrEqual(9999.99);
      expect(Math.round(d * 100) / 100).toBe(d);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(() => r.int(2, 1)).toThrow(RangeError);
  });

  it('pick and sample draw from the items; sample draws distinct items', () => {
    const r = new Rng(3);
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (let i = 0; i < 200; i++) {
      expect(items).toContain(r.pick(items));
      const s = r.sample(items, 5);
      expect(new Set(s).size).toBe(5);
      expect(s.every((x) => items.includes(x))).toBe(true);
    }
    expect(() => r.pick([])).toThrow(RangeError);
  });
});

describe('text', () => {
  it('comments and v-strings have lengths in the asked range', () => {
    const r = new Rng(9);
    for (let i = 0; i < 500; i++) {
      const c = commentText(r, 10, 43);
      expect(c.length).toBeGreaterThanOrEqual(10);
      expect(c.length).toBeLessThanOrEqual(43);
      expect(c).toMatch(/^[a-z ,.;:?!-]+$/);
      const v = vString(r, 10, 40);
      expect(v.length).toBeGreaterThanOrEqual(10);
      expect(v.length).toBeLessThanOrEqual(40);
    }
  });
});

describe('mulberry32 and shuffled', () => {
  it('draw the reference sequence of a seed, the same on every platform', () => {
    const random = mulberry32(7);
    expect([random(), random(), random()]).toEqual([0.011704753153026104, 0.06195825757458806, 0.97690763277933]);
    expect(shuffled([1, 2, 3, 4, 5, 6], mulberry32(7))).toEqual([5, 2, 3, 4, 6, 1]);
  });

  it('shuffle a copy: every item once, the input left alone', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffled(items, mulberry32(3));
    expect(out).not.toEqual(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(items[0]).toBe(0);
  });
});
