/** What the engine counted in one column's sample. */
export interface SampleCounts {
  /** Non-null values in the sample. */
  sampleNonNull: number;
  /** Distinct non-null values in the sample. */
  sampleDistinct: number;
  /** Values that occur exactly once in the sample. */
  singletons: number;
  /** Non-null values in the whole table. */
  totalNonNull: number;
}

/**
 * Distinct values in the whole table estimated from a sample with the Haas–Stokes "Duj1"
 * estimator, D = n·d / (n − f1 + f1·n/N): exact when the sample is the whole column, N for a
 * column whose sampled values are all different (a key), d for one whose values all repeat.
 * The result is rounded and kept within [d, N]. Pure.
 */
export function estimateDistinct({ sampleNonNull: n, sampleDistinct: d, singletons: f1, totalNonNull: N }: SampleCounts): number {
  if (n <= 0 || d <= 0) return 0;
  if (n >= N) return d;
  const denominator = n - f1 + (f1 * n) / N;
  const estimate = denominator > 0 ? (n * d) / denominator : N;
  return Math.round(Math.min(N, Math.max(d, estimate)));
}
