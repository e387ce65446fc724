/** What went wrong, for callers that react differently (the CLI prints the message either way). */
export type ProfilerErrorCode =
  | 'bad-connection'
  | 'not-found'
  | 'not-a-database'
  | 'unreachable'
  | 'auth-failed'
  | 'permission-denied'
  | 'no-such-table'
  | 'no-tables'
  | 'driver-missing'
  | 'query-failed'
  /** A dbt manifest or catalog, or a catalog export, that cannot be read as one. */
  | 'bad-schema-file';

/** An error with a one-line message that never contains a password. */
export class ProfilerError extends Error {
  override name = 'ProfilerError';
  constructor(
    readonly code: ProfilerErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message.split('\n')[0] ?? message, options);
  }
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
