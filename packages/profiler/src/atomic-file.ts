/**
 * The one way the tools write a file (a graph, a profile, a joins file, a cache): whole or not at
 * all. The bytes go to a temporary file in the target's folder (so that the rename stays on one
 * file system), are flushed to the disk, and the temporary file is renamed over the target. On
 * any failure, and on SIGINT or SIGTERM meanwhile (`signal-cleanup.ts`), the temporary file is
 * removed: a full disk is not kept full by what failed to fit. The error is one line naming the
 * file and the cause.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeOnSignal } from './signal-cleanup.js';

export interface WriteFileAtomicOptions {
  /** What the file is, for the error: `cannot write graph file out.json: …` (default `file`). */
  what?: string;
  /** The error class thrown, with its one-line message (default `Error`). */
  error?: new (
    message: string,
  ) => Error;
}

/** Bytes of randomness in a temporary file's name: two writers in one process never share one. */
const TEMP_NAME_BYTES = 4;
/** A new file's permissions before the umask, as `fs.writeFile` gives them. */
const NEW_FILE_MODE = 0o666;
/** The permission bits of a mode. */
const PERMISSION_BITS = 0o7777;

/**
 * Writes `data` to `path` atomically: a temporary file beside it (`<path>.<pid>.<random>.tmp`),
 * fsync, rename. An existing file keeps its permissions; it is replaced only once the new one is
 * whole on the disk. Throws one line, `cannot write <what> <path>: no space left on device`, with
 * the temporary file removed.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteFileAtomicOptions = {}): Promise<void> {
  const Failure = options.error ?? Error;
  const temp = `${path}.${process.pid}.${randomBytes(TEMP_NAME_BYTES).toString('hex')}.tmp`;
  const forget = removeOnSignal(temp);
  try {
    const mode = await stat(path).then(
      (existing) => existing.mode & PERMISSION_BITS,
      () => NEW_FILE_MODE,
    );
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new Failure(`cannot write ${options.what ?? 'file'} ${path}: ${writeProblem(error)}`);
  } finally {
    forget();
  }
  await syncFolder(dirname(path));
}

/** The rename made durable too, where the system allows a folder to be flushed (not Windows). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file is whole either way; only its surviving a power cut is at stake.
  }
}

/** A write's failure in words: the disk full, no permission, … (the system's code when it is none of these). */
export function writeProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOSPC':
      return 'no space left on device (the disk is full)';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'no such folder';
    case 'EISDIR':
      return 'is a folder';
    case 'EFBIG':
      return 'file too large';
    case 'EIO':
      return 'input/output error';
    default:
      return code ?? ((error instanceof Error ? error.message : String(error)).split('\n')[0] || 'unknown error');
  }
}
