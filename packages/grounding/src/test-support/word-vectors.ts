import type { WordEmbeddingSource } from '../word-vectors/store.js';

/** A source of a few words in three dimensions, most frequent first, with entries the store must skip. */
export function tinySource(vectors: Record<string, number[]>, extra: readonly string[] = []): WordEmbeddingSource {
  return { dimensions: 3, words: [...extra, ...Object.keys(vectors)], vector: (w) => vectors[w] };
}
