/**
 * The deterministic offline embedder: lexical feature hashing, no model and no network.
 *
 * Each text becomes a bag of weighted features (`extractLexicalFeatures`): its word stems
 * (weight 1), related words from the concept lexicon (0.5 each) and stem bigrams (0.3). Every
 * feature is hashed (FNV-1a, 32-bit) to one index of the vector (`hash mod dimensions`) with a
 * sign taken from another bit of the mixed hash, its weight added there; the vector is then
 * L2-normalised. Same text, same vector, on every machine and in every process.
 */
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { fmix32 } from '@guided-retrieval/profiler/hash';
import { stem } from '@guided-retrieval/text';
import { CONCEPTS } from '../lexicon/concepts.js';
import { remembering } from '../memo.js';
import { lexicalStems } from './lexical-stems.js';

export const OFFLINE_EMBEDDER_ID = 'offline-lexical-v3';
export const DEFAULT_OFFLINE_DIMENSIONS = 512;

/** Weight of a stem that occurs in the text (per occurrence). */
export const STEM_WEIGHT = 1.0;
/** Weight of a related word the concept lexicon adds for a stem (per occurrence). */
export const CONCEPT_WEIGHT = 0.5;
/** Weight of two consecutive stems (per occurrence). */
export const BIGRAM_WEIGHT = 0.3;

export interface OfflineEmbedderOptions {
  /** Length of the vectors; default 512. A positive integer. */
  dimensions?: number;
}

/** The concept lexicon keyed and valued by stems; entries with the same stem are merged. */
const CONCEPT_STEMS: ReadonlyMap<string, readonly string[]> = (() => {
  const merged = new Map<string, Set<string>>();
  for (const [word, related] of Object.entries(CONCEPTS)) {
    const key = stem(word);
    const set = merged.get(key) ?? new Set<string>();
    for (const r of related) {
      const s = stem(r);
      if (s !== key) set.add(s);
    }
    merged.set(key, set);
  }
  return new Map([...merged].map(([key, set]) => [key, [...set].sort()]));
})();

/**
 * The weighted features of a text, as the offline embedder sees them: each stem, each related
 * word of each stem, and each bigram `"stem stem"`. Exposed for explaining why two texts match.
 */
export function extractLexicalFeatures(text: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number): void => {
    features.set(feature, (features.get(feature) ?? 0) + weight);
  };
  const stems = lexicalStems(text);
  stems.forEach((s, i) => {
    add(s, STEM_WEIGHT);
    for (const related of CONCEPT_STEMS.get(s) ?? []) add(related, CONCEPT_WEIGHT);
    const next = stems[i + 1];
    if (next !== undefined) add(`${s} ${next}`, BIGRAM_WEIGHT);
  });
  return features;
}

const encoder = new TextEncoder();

/** FNV-1a, 32-bit, over the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A feature's hash, with its sign from the finalised hash (so that it doesn't depend on `hash mod
 * dimensions`): worked out once per feature, as every table's context repeats the schema's words.
 */
const hashOf = remembering((feature: string): { hash: number; sign: 1 | -1 } => {
  const hash = fnv1a32(feature);
  return { hash, sign: (fmix32(hash) & 1) === 0 ? 1 : -1 };
}, 200_000);

/** The hashed, L2-normalised vector of a text; all zeros when it has no features. */
function embedOne(text: string, dimensions: number): Float32Array {
  const sums = new Float64Array(dimensions);
  for (const [feature, weight] of extractLexicalFeatures(text)) {
    const { hash, sign } = hashOf(feature);
    const index = hash % dimensions;
    sums[index] = (sums[index] ?? 0) + sign * weight;
  }
  let norm = 0;
  for (const x of sums) norm += x * x;
  norm = Math.sqrt(norm);
  const vector = new Float32Array(dimensions);
  if (norm === 0) return vector;
  for (let i = 0; i < dimensions; i++) vector[i] = (sums[i] ?? 0) / norm;
  return vector;
}

/**
 * The offline lexical embedder (`offline-lexical-v3`). Deterministic and local: it needs no model
 * weights and no network, so it always works; it captures shared words, identifier parts and a
 * little general business vocabulary, not meaning.
 */
export class OfflineEmbedder implements Embedder {
  readonly id = OFFLINE_EMBEDDER_ID;
  readonly dimensions: number;

  constructor(options: OfflineEmbedderOptions = {}) {
    const dimensions = options.dimensions ?? DEFAULT_OFFLINE_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions <= 0) {
      throw new RangeError(`OfflineEmbedder: dimensions must be a positive integer, got ${dimensions}`);
    }
    this.dimensions = dimensions;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => embedOne(text, this.dimensions));
  }
}
