import type { ColumnProfile, ValueSketch } from '@guided-retrieval/profiler';
import {
  BLOOM_FALSE_POSITIVE_RATE,
  type BloomReader,
  buildSketch,
  canonicalValue,
  isCompleteSketch,
  readBloom,
} from '@guided-retrieval/profiler/values';
import type { JoinParams } from './params.js';

/** What estimating containment takes of the parameters. */
type ContainmentParams = Pick<JoinParams, 'minCoordinatedHashes' | 'densityProbes'>;

/** An estimate of the share of `from`'s distinct values that `to` also holds. */
export interface Containment {
  /** In [0, 1]. */
  value: number;
  /** How it was estimated, for the edge's evidence. */
  method: 'bloom filter' | 'complete sketch' | 'bottom-k sketch' | 'dense key range' | 'sample values';
  /** How many of `from`'s values were looked up. */
  checked: number;
}

/** Decoded Bloom filters, cached per sketch object: one referenced key is probed by many columns. */
const blooms = new WeakMap<ValueSketch, BloomReader>();

function bloomOf(sketch: ValueSketch): BloomReader | undefined {
  if (!sketch.bloom) return undefined;
  let reader = blooms.get(sketch);
  if (!reader) {
    reader = readBloom(sketch.bloom);
    blooms.set(sketch, reader);
  }
  return reader;
}

const sets = new WeakMap<ValueSketch, Set<number>>();

function setOf(sketch: ValueSketch): Set<number> {
  let set = sets.get(sketch);
  if (!set) {
    set = new Set(sketch.minHashes);
    sets.set(sketch, set);
  }
  return set;
}

/**
 * Estimates inclusion of `from`'s values in `to`'s, most exact method first: the referenced
 * column's Bloom filter or complete sketch probed with `from`'s bottom-k hashes (a uniform sample
 * of its distinct values); two bottom-k sketches compared below the smaller threshold; a dense
 * integer key range (`to` holds every integer from its min to its max); the sampled values when
 * `to`'s are all known. A referenced sample smaller than its table lowers the share found by the
 * same factor, which is divided out. Undefined when nothing can tell.
 */
export function estimateContainment(from: ColumnProfile, to: ColumnProfile, params: ContainmentParams): Containment | undefined {
  const sketched = from.sketch && to.sketch ? sketchContainment(from.sketch, to.sketch, to.distinct, params) : undefined;
  if (sketched) return sketched;
  if (
    isDenseIntegerKey(to) &&
    typeof from.min === 'number' &&
    typeof from.max === 'number' &&
    Number.isInteger(from.min) &&
    Number.isInteger(from.max)
  ) {
    const inside = from.min >= (to.min as number) && from.max <= (to.max as number);
    return { value: inside ? 1 : 0, method: 'dense key range', checked: 2 };
  }
  if (to.sample.length > 0 && to.sample.length >= to.distinct && from.sample.length > 0) {
    const known = new Set(to.sample.map((s) => canonicalValue(s.value)));
    const hits = from.sample.filter((s) => known.has(canonicalValue(s.value))).length;
    return { value: hits / from.sample.length, method: 'sample values', checked: from.sample.length };
  }
  return undefined;
}

/**
 * The share of `a`'s values that `b`'s hold, from their sketches alone (`b` sketching `bDistinct`
 * values in all, more when its sample was smaller than its table): `b`'s Bloom filter or complete
 * sketch probed with `a`'s bottom-k hashes, else the two bottom-k sketches below the smaller
 * threshold. Undefined when they cannot tell (other hashes, too few hashes in common range).
 */
export function sketchContainment(a: ValueSketch, b: ValueSketch, bDistinct: number, params: ContainmentParams): Containment | undefined {
  if (a.hash !== b.hash || a.minHashes.length === 0) return undefined;
  const coverage = bDistinct > 0 ? Math.min(1, b.distinct / bDistinct) : 1;
  const bloom = bloomOf(b);
  if (bloom && !isCompleteSketch(b)) {
    const hits = a.minHashes.filter((h) => bloom.has(h)).length / a.minHashes.length;
    const share = Math.max(0, (hits - BLOOM_FALSE_POSITIVE_RATE) / (1 - BLOOM_FALSE_POSITIVE_RATE));
    return { value: Math.min(1, share / coverage), method: 'bloom filter', checked: a.minHashes.length };
  }
  const set = setOf(b);
  if (isCompleteSketch(b)) {
    const hits = a.minHashes.filter((h) => set.has(h)).length;
    return { value: Math.min(1, hits / a.minHashes.length / coverage), method: 'complete sketch', checked: a.minHashes.length };
  }
  const threshold = b.minHashes[b.minHashes.length - 1] ?? 0;
  const eligible = a.minHashes.filter((h) => h <= threshold);
  if (eligible.length < params.minCoordinatedHashes) return undefined;
  const hits = eligible.filter((h) => set.has(h)).length;
  return { value: Math.min(1, hits / eligible.length / coverage), method: 'bottom-k sketch', checked: eligible.length };
}

/** A unique integer column holding every integer between its min and max. */
export function isDenseIntegerKey(column: ColumnProfile): boolean {
  const { min, max } = column;
  return (
    typeof min === 'number' &&
    typeof max === 'number' &&
    Number.isInteger(min) &&
    Number.isInteger(max) &&
    column.distinct === column.count &&
    column.count > 0 &&
    max - min + 1 === column.distinct
  );
}

/**
 * The share of the integers in `[min, max]` that the key column `to` holds, from its Bloom filter or
 * complete sketch (up to `densityProbes` integers probed, evenly spaced): near 1 for a surrogate key counting
 * through the range, lower for a sparse one. Undefined without a sketch to probe or for a range
 * that is not of integers.
 */
export function rangeDensity(to: ColumnProfile, min: unknown, max: unknown, params: ContainmentParams): number | undefined {
  const b = to.sketch;
  if (!b || typeof min !== 'number' || typeof max !== 'number' || !Number.isInteger(min) || !Number.isInteger(max) || max < min)
    return undefined;
  const span = max - min + 1;
  const { densityProbes } = params;
  const probes = Array.from({ length: Math.min(span, densityProbes) }, (_, i) =>
    span <= densityProbes ? min + i : min + Math.round((i * (span - 1)) / (densityProbes - 1)),
  );
  // The profiler hashes values one way for every sketch: a sketch of the probes holds their hashes.
  const hashes = buildSketch(probes, { k: probes.length }).minHashes;
  const coverage = to.distinct > 0 ? Math.min(1, b.distinct / to.distinct) : 1;
  if (isCompleteSketch(b)) {
    const set = setOf(b);
    return Math.min(1, hashes.filter((h) => set.has(h)).length / hashes.length / coverage);
  }
  const bloom = bloomOf(b);
  if (!bloom) return undefined;
  const hits = hashes.filter((h) => bloom.has(h)).length / hashes.length;
  return Math.min(1, Math.max(0, (hits - BLOOM_FALSE_POSITIVE_RATE) / (1 - BLOOM_FALSE_POSITIVE_RATE)) / coverage);
}
