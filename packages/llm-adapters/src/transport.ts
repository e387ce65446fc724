import { connectionCode, ModelError, redact, retryableStatus } from './errors.js';
import type { UsageCounter } from './usage.js';

/** How an adapter talks to its server: timeouts and retries. */
export interface TransportOptions {
  /** Per attempt, in milliseconds (default 60 000); a request's own `timeoutMs` wins. */
  timeoutMs?: number;
  /** Further attempts after a 429, a 5xx or a connection error (default 3). */
  retries?: number;
  /** First backoff delay in milliseconds, doubled on each retry (default 500, at most 8 000). */
  backoffMs?: number;
  /** The longest single backoff (default 8 000 ms). */
  maxBackoffMs?: number;
}

export interface ResolvedTransport {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export function resolveTransport(options: TransportOptions = {}): ResolvedTransport {
  return {
    timeoutMs: options.timeoutMs ?? 60_000,
    retries: Math.max(0, options.retries ?? 3),
    backoffMs: options.backoffMs ?? 500,
    maxBackoffMs: options.maxBackoffMs ?? 8_000,
  };
}

/**
 * Runs `attempt` with a per-attempt timeout and the caller's signal, retrying retryable
 * `ModelError`s with exponential backoff (honouring a `retryAfterMs` the error carries).
 * Every attempt counts as one call in `usage`; its time is added to `usage.ms`.
 */
export async function withRetries<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  options: {
    transport: ResolvedTransport;
    usage: UsageCounter;
    signal?: AbortSignal;
    timeoutMs?: number;
    secrets?: readonly (string | undefined)[];
    what: string;
  },
): Promise<T> {
  const { transport, usage } = options;
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs;
  for (let n = 0; ; n++) {
    if (options.signal?.aborted) throw new ModelError('aborted', `${options.what}: aborted`, { cause: options.signal.reason });
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const started = performance.now();
    usage.calls++;
    let error: ModelError;
    try {
      return await attempt(signal);
    } catch (e) {
      error = classify(e, {
        what: options.what,
        timeoutMs,
        timedOut: timeout.aborted,
        aborted: options.signal?.aborted ?? false,
        secrets: options.secrets ?? [],
      });
    } finally {
      usage.ms += performance.now() - started;
    }
    if (!error.retryable || n >= transport.retries) {
      usage.failures++;
      throw n > 0 && error.retryable ? new ModelError(error.kind, `${error.message} (after ${n + 1} attempts)`, error.details) : error;
    }
    usage.retries++;
    const hinted = (error as ModelError & { retryAfterMs?: number }).retryAfterMs;
    const delay = Math.min(transport.maxBackoffMs, hinted ?? transport.backoffMs * 2 ** n);
    await sleep(delay, options.signal);
  }
}

function classify(
  e: unknown,
  context: { what: string; timeoutMs: number; timedOut: boolean; aborted: boolean; secrets: readonly (string | undefined)[] },
): ModelError {
  if (context.aborted) return new ModelError('aborted', `${context.what}: aborted`);
  if (context.timedOut) return new ModelError('timeout', `${context.what}: no answer within ${context.timeoutMs} ms`);
  if (e instanceof ModelError) {
    const message = redact(e.message, context.secrets);
    if (message === e.message) return e;
    const copy = new ModelError(e.kind, message, { ...e.details, cause: undefined });
    return Object.assign(copy, { retryAfterMs: (e as ModelError & { retryAfterMs?: number }).retryAfterMs });
  }
  const code = connectionCode(e);
  if (code) return new ModelError('connection', `${context.what}: cannot reach the server (${code})`, { retryable: true });
  const message = e instanceof Error ? e.message : String(e);
  return new ModelError('connection', redact(`${context.what}: ${message}`, context.secrets), { retryable: false });
}

/** An HTTP error as a `ModelError`: status, the server's message (trimmed, redacted), retryability. */
export function httpError(
  what: string,
  status: number,
  body: string,
  secrets: readonly (string | undefined)[],
  retryAfter?: string | null,
): ModelError {
  let message = body;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    const err = parsed.error;
    if (typeof err === 'string') message = err;
    else if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string')
      message = (err as { message: string }).message;
  } catch {
    // not JSON: keep the text
  }
  message = redact(message.replace(/\s+/g, ' ').trim().slice(0, 300), secrets);
  const retryable = retryableStatus(status);
  const error = new ModelError('http', `${what}: HTTP ${status}${message ? ` ${message}` : ''}`, { status, retryable });
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) Object.assign(error, { retryAfterMs: seconds * 1000 });
  return error;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError('aborted', 'aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError('aborted', 'aborted while waiting to retry'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
