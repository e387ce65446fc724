/**
 * The repository's one seeded PRNG (mulberry32) and the helpers the generator needs. Every random
 * value the generator writes comes from here (never from the platform RNG), so a seed fixes the
 * whole database; other packages' tests and benchmarks draw from the same generator through
 * `@guided-retrieval/tpch/random` (`mulberry32`, `shuffled`).
 */
import { fmix32 } from '@guided-retrieval/profiler/hash';

/**
 * Mixes a seed (any safe integer) and a list of stream ids into one 32-bit state, so that each
 * table (and each order) draws from its own independent stream of the same seed.
 */
export function mixSeed(seed: number, ...streams: number[]): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
  let h = fmix32(lo ^ 0x9e3779b9);
  h = fmix32(h ^ Math.imul(hi, 0x27d4eb2f) ^ 0x165667b1);
  for (const s of streams) {
    h = fmix32((h ^ fmix32((s >>> 0) + 0x7f4a7c15)) + 0x6a09e667);
  }
  return h;
}

/** mulberry32 from a 32-bit state: unsigned 32-bit values, the same sequence on every platform. */
function mulberry32Words(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** mulberry32 from a 32-bit seed: floats uniform in [0, 1), the same sequence on every platform. */
export function mulberry32(seed: number): () => number {
  const next = mulberry32Words(seed);
  return () => next() / 0x1_0000_0000;
}

/** A shuffled copy of `items` (Fisher–Yates from the last place down), drawn from `random` (floats in [0, 1)). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export class Rng {
  /** The next unsigned 32-bit value (mulberry32). */
  readonly nextUint32: () => number;

  constructor(seed: number, ...streams: number[]) {
    this.nextUint32 = mulberry32Words(mixSeed(seed, ...streams));
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 0x1_0000_0000;
  }

  /** An integer uniform in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) {
      throw new RangeError(`Rng.int: bad range [${lo}, ${hi}]`);
    }
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A decimal with 2 places uniform over [lo, hi] (step 0.01), returned as integer cents. */
  cents(lo: number, hi: number): number {
    return this.int(Math.round(lo * 100), Math.round(hi * 100));
  }

  /** A decimal with 2 places uniform over [lo, hi] (step 0.01). */
  decimal(lo: number, hi: number): number {
    return this.cents(lo, hi) / 100;
  }

  /** `count` distinct elements of `items`, in the order drawn (a partial Fisher-Yates shuffle). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count > items.length) throw new RangeError('Rng.sample: count exceeds items');
    const pool = items.slice();
    for (let i = 0; i < count; i++) {
      const j = this.int(i, pool.length - 1);
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, count);
  }
}
