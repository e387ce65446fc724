export interface LatencySummary {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles of a list of milliseconds, rounded to microseconds. */
export function summarizeLatency(values: readonly number[]): LatencySummary {
  if (values.length === 0) return { p50: 0, p95: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]!) };
}
