import { fmix32 } from './hash.js';
import type { ValueSketch } from './types.js';

/** Identifies how values are canonicalised and hashed; sketches with another id are not comparable. */
export const SKETCH_HASH = 'fmix32-fnv1a-v1';
/** Hashes kept in a bottom-k sketch: a column with at most this many distinct values is sketched whole. */
export const SKETCH_K = 256;
/** False-positive rate the Bloom filter of a key-like column is sized for. */
export const BLOOM_FALSE_POSITIVE_RATE = 0.01;

/**
 * The text a value is hashed as, so that the same value compares equal across storage types:
 * an integer stored as INTEGER, REAL (`5.0`) or TEXT (`'5'`) is `5`; other numbers use their
 * shortest round-trip form; strings are kept exactly (case, spaces and leading zeros matter to
 * a join: the code `'01'` is not the number 1).
 */
export function canonicalValue(value: string | number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return value;
}

/** 32-bit FNV-1a over UTF-16 code units, finished with MurmurHash3's fmix32 to spread the bits. */
export function hashValue(value: string | number | bigint): number {
  const text = canonicalValue(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** The second hash of Kirsch–Mitzenmacher double hashing: probe i of a hash is at `(hash + i·step) mod bits`. */
function bloomStep(hash: number): number {
  return fmix32(hash ^ 0x9e3779b9) | 1;
}

export interface SketchOptions {
  /** Bottom-k size (default SKETCH_K). */
  k?: number;
  /** Also build a Bloom filter over every distinct value (for columns whose sample values are all distinct). */
  bloom?: boolean;
  /** Bloom filter false-positive rate (default BLOOM_FALSE_POSITIVE_RATE). */
  falsePositiveRate?: number;
}

/**
 * Sketches a column's distinct non-null values: the k smallest hashes (a bottom-k / KMV sketch,
 * whose hashes are a uniform sample of the distinct values, coordinated across columns), and
 * optionally a Bloom filter over all of them. Pure; the values are hashed, never stored.
 */
export function buildSketch(values: Iterable<string | number | bigint>, options: SketchOptions = {}): ValueSketch {
  const unique = new Set<number>();
  for (const value of values) unique.add(hashValue(value));
  return sketchHashes(unique, options);
}

/** `buildSketch` from the values' hashes (`hashValue`), e.g. collected while streaming them. */
export function sketchHashes(hashes: Iterable<number>, options: SketchOptions = {}): ValueSketch {
  const k = options.k ?? SKETCH_K;
  const unique = hashes instanceof Set ? (hashes as Set<number>) : new Set(hashes);
  const sorted = Float64Array.from(unique).sort();
  const sketch: ValueSketch = { hash: SKETCH_HASH, distinct: unique.size, minHashes: Array.from(sorted.subarray(0, k)) };
  if (options.bloom && unique.size > 0) {
    const p = options.falsePositiveRate ?? BLOOM_FALSE_POSITIVE_RATE;
    const bits = Math.max(64, Math.ceil((-unique.size * Math.log(p)) / Math.LN2 ** 2 / 8) * 8);
    const hashes = Math.max(1, Math.round((bits / unique.size) * Math.LN2));
    const data = new Uint8Array(bits / 8);
    for (const hash of unique) {
      const step = bloomStep(hash);
      for (let i = 0; i < hashes; i++) {
        const at = ((hash + Math.imul(i, step)) >>> 0) % bits;
        data[at >>> 3]! |= 1 << (at & 7);
      }
    }
    sketch.bloom = { bits, hashes, data: Buffer.from(data).toString('base64') };
  }
  return sketch;
}

/** A Bloom filter decoded once, for many membership tests. */
export interface BloomReader {
  has(hash: number): boolean;
}

export function readBloom(bloom: NonNullable<ValueSketch['bloom']>): BloomReader {
  const data = Buffer.from(bloom.data, 'base64');
  return {
    has(hash) {
      // Probed once per referencing value for every candidate key: a plain loop, no iterator.
      const step = bloomStep(hash);
      for (let i = 0; i < bloom.hashes; i++) {
        const at = ((hash + Math.imul(i, step)) >>> 0) % bloom.bits;
        if (((data[at >>> 3] ?? 0) & (1 << (at & 7))) === 0) return false;
      }
      return true;
    },
  };
}

/** Whether the bottom-k hashes are every distinct value's hash. */
export function isCompleteSketch(sketch: ValueSketch): boolean {
  return sketch.minHashes.length >= sketch.distinct;
}
