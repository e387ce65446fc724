/** Why a model call failed. */
export type ModelErrorKind =
  /** Bad configuration: an unparseable spec, a missing API key, an unknown provider. */
  | 'config'
  /** The server could not be reached (refused, reset, DNS). Retried. */
  | 'connection'
  /** The server answered with an HTTP error (429 and 5xx are retried). */
  | 'http'
  /** No answer within `timeoutMs`. */
  | 'timeout'
  /** The caller's `AbortSignal` fired. */
  | 'aborted'
  /** The answer was not JSON, or did not match the schema, even after the repair retry. */
  | 'invalid-output'
  /** A local model folder or an optional package is missing. */
  | 'missing-model';

/** Every failure of an adapter. Messages never contain API keys (they are redacted). */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly details: { status?: number; retryable?: boolean; model?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** Whether another attempt may succeed: 429, 5xx and connection failures. */
  get retryable(): boolean {
    return this.details.retryable ?? false;
  }
}

/** Replaces every occurrence of each secret (of 4+ characters) in `text` by `mask` (`[redacted]` unless told). */
export function redact(text: string, secrets: readonly (string | undefined)[], mask = '[redacted]'): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(mask);
  }
  return out;
}

/** Whether an HTTP status is worth retrying. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The network error code of a failed `fetch` (undici puts it on `cause`), if any. */
export function connectionCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return code;
  }
  if (error instanceof TypeError && /fetch failed|terminated|other side closed/i.test(error.message)) return 'fetch failed';
  return undefined;
}
