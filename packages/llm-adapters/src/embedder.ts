/** The text-embedding contract, and the similarity measure used on its vectors. */

/** Turns texts into fixed-length vectors whose cosine similarity reflects relatedness. */
export interface Embedder {
  /** A stable identifier of the embedder (and its version): vectors of different ids don't mix. */
  readonly id: string;
  /** The length of every vector `embed` returns. */
  readonly dimensions: number;
  /** One vector per text, in input order. A text with no usable content may give a zero vector. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * Cosine similarity of two vectors of the same length, in [-1, 1]. Returns 0 when either vector
 * is all zeros (no similarity, rather than NaN). Throws when the lengths differ.
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) {
    throw new Error(`cosineSimilarity: vector lengths differ (${a.length} vs ${b.length}); were they produced by the same embedder?`);
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const cosine = dot / (Math.sqrt(normA) * Math.sqrt(normB));
  // Rounding can push identical vectors a hair past 1.
  return Math.max(-1, Math.min(1, cosine));
}
