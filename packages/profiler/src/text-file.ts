import { readFile, stat } from 'node:fs/promises';

export interface ReadTextFileOptions {
  /** The error class thrown, with its one-line message (default `Error`). */
  error?: new (
    message: string,
  ) => Error;
  /** A message when a file of this many bytes is refused: the size is then checked before reading. */
  refuseSize?: (bytes: number) => string | undefined;
}

/**
 * A UTF-8 file's text, or one line naming the file and what is wrong: `cannot read joins file
 * x.json: no such file` (`what` is `joins file`; also `permission denied`, `is a directory`).
 */
export async function readTextFile(path: string, what: string, options: ReadTextFileOptions = {}): Promise<string> {
  const Failure = options.error ?? Error;
  let refused: string | undefined;
  try {
    if (options.refuseSize) refused = options.refuseSize((await stat(path)).size);
    if (refused === undefined) return await readFile(path, 'utf8');
  } catch (error) {
    throw new Failure(`cannot read ${what} ${path}: ${why((error as NodeJS.ErrnoException).code)}`);
  }
  throw new Failure(refused);
}

function why(code: string | undefined): string {
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return code ?? 'unreadable';
}
