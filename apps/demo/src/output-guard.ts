/**
 * The last line of defence for credentials: everything the CLI writes on stdout and stderr
 * (progress, errors, help, JSON, the MCP protocol) passes through `redactSecrets`, so a password
 * from a URL argument, PGPASSWORD or MYSQL_PWD cannot be printed, even by a message no one
 * thought to redact (a driver's error, a URL echoed in a stack trace under GUIDED_DEBUG).
 */
import { redactSecrets } from '@guided-retrieval/profiler/secrets';

type Write = typeof process.stdout.write;

/** Routes `stream.write` through the redaction; strings and bytes alike (bytes as UTF-8). */
function guard(stream: NodeJS.WriteStream, secrets: readonly string[]): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string') return write(redactSecrets(chunk, secrets), ...rest);
    if (chunk instanceof Uint8Array) {
      const text = Buffer.from(chunk).toString('utf8');
      const clean = redactSecrets(text, secrets);
      return write(clean === text ? chunk : clean, ...rest);
    }
    return write(chunk, ...rest);
  }) as Write;
}

export function guardOutput(secrets: readonly string[]): void {
  guard(process.stdout, secrets);
  guard(process.stderr, secrets);
}
