/**
 * The draws the scale generator needs, from the repository's seeded generator (mulberry32,
 * `@guided-retrieval/tpch/random`). Same seed, same sequence, on every platform: no Math.random
 * anywhere in generation.
 */
import { mulberry32, shuffled } from '@guided-retrieval/tpch/random';

/** Mixes a seed with a label, so that each schema and question set draws its own sequence. */
export function deriveSeed(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  }
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(): number {
    return this.next();
  }

  /** A whole number in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An item drawn with probability proportional to its weight (weights ≥ 0, not all 0). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((s, item) => s + weight(item), 0);
    if (!(total > 0)) return this.pick(items);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    return shuffled(items, this.next);
  }

  /** k distinct items (all of them when there are fewer), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, k));
  }
}
