/** What a model has cost so far. */
export interface UsageSnapshot {
  /** Requests sent to the server (retries and repair attempts included; cache hits not). */
  calls: number;
  /** Answers served from the on-disk cache without a request. */
  cacheHits: number;
  /** Attempts that were retried after a 429, a 5xx or a connection error. */
  retries: number;
  /** Calls that finally failed (after retries and the repair attempt). */
  failures: number;
  promptTokens: number;
  completionTokens: number;
  /** Wall-clock milliseconds spent waiting for the server. */
  ms: number;
}

/** A running total of model usage; several models (a chat model and an embedder) may share one. */
export class UsageCounter implements UsageSnapshot {
  calls = 0;
  cacheHits = 0;
  retries = 0;
  failures = 0;
  promptTokens = 0;
  completionTokens = 0;
  ms = 0;

  /** A copy of the totals, `ms` rounded to a microsecond. */
  snapshot(): UsageSnapshot {
    return {
      calls: this.calls,
      cacheHits: this.cacheHits,
      retries: this.retries,
      failures: this.failures,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      ms: Math.round(this.ms * 1000) / 1000,
    };
  }

  reset(): void {
    this.calls = this.cacheHits = this.retries = this.failures = this.promptTokens = this.completionTokens = this.ms = 0;
  }
}
