/** An error the user can act on: printed as one line, never with a stack trace. */
export class UserError extends Error {
  override name = 'UserError';
}

/** The one line to print for any error: the message alone, and the stack only when asked for. */
export function describeError(error: unknown): string {
  if (process.env.GUIDED_DEBUG && error instanceof Error && error.stack) return error.stack;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unknown error';
}
