/**
 * How the trace and the reports round what they show: milliseconds to the microsecond, and scores,
 * probabilities and features to four decimals. For people and files; no decision reads a rounded value.
 */

/** Milliseconds to the microsecond. */
export function milliseconds(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** A score, probability or feature to four decimals. */
export function fourDecimals(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
