import { connectionCode, ModelError } from './errors.js';

/**
 * The lines of a streamed HTTP body (NDJSON or server-sent events), decoded as UTF-8: a line
 * or a character split across network chunks is put back together; `\r\n` is accepted. A body
 * that breaks off (socket reset, `terminated`) becomes a retryable `connection` error; an abort
 * or timeout is passed through as it is, for `withRetries` to classify.
 */
export async function* readLines(body: ReadableStream<Uint8Array>, what: string, signal: AbortSignal): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  const reader = body.getReader();
  let buffer = '';
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal.aborted) throw e;
        throw new ModelError(
          'connection',
          `${what}: the stream broke off before the answer was complete (${connectionCode(e) ?? (e instanceof Error ? e.message : String(e))})`,
          { retryable: true, cause: e },
        );
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        yield buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
      }
    }
    buffer += decoder.decode();
    if (buffer) yield buffer.replace(/\r$/, '');
  } finally {
    reader.releaseLock();
    // stop reading the rest (after an error, or when the caller stopped early)
    await body.cancel().catch(() => undefined);
  }
}

/** The error for a stream that ended cleanly but without its final message. Retryable. */
export function truncatedStream(what: string, marker: string, received: number): ModelError {
  return new ModelError(
    'connection',
    `${what}: the stream ended before ${marker} (after ${received} characters): the answer is incomplete`,
    { retryable: true },
  );
}

/** Calls the caller's `onToken`; an exception there fails the request (not retried). */
export function emit(onToken: ((chunk: string) => void) | undefined, chunk: string, what: string): void {
  if (!onToken || chunk === '') return;
  try {
    onToken(chunk);
  } catch (e) {
    throw new ModelError('config', `${what}: onToken threw: ${e instanceof Error ? e.message : String(e)}`, { retryable: false, cause: e });
  }
}
