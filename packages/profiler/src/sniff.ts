/**
 * A file's engine told by its first bytes, with nothing but the file read: its own module, so the
 * CLI's source and graph-file checks load no connector.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { errorCode, ProfilerError } from './errors.js';
import type { ConnectorEngine } from './types.js';

/** The engine a file's first bytes name: `SQLite format 3\0`, DuckDB's `DUCK` at offset 8, Parquet's `PAR1`. */
export async function sniffFile(path: string): Promise<ConnectorEngine | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new ProfilerError('not-found', `database file not found: ${path}`, { cause: error });
    if (code === 'EACCES') throw new ProfilerError('permission-denied', `permission denied: ${path}`, { cause: error });
    if (code === 'EISDIR') return undefined;
    throw new ProfilerError('not-found', `cannot open ${path}: ${code ?? 'error'}`, { cause: error });
  }
  try {
    const buffer = Buffer.alloc(16);
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, 0, 16, 0));
    } catch (error) {
      if (errorCode(error) === 'EISDIR') return undefined; // Linux opens a folder; reading it fails
      throw new ProfilerError('not-found', `cannot read ${path}: ${errorCode(error) ?? 'error'}`, { cause: error });
    }
    const head = buffer.subarray(0, bytesRead);
    if (head.toString('latin1').startsWith('SQLite format 3\0')) return 'sqlite';
    if (head.subarray(8, 12).toString('latin1') === 'DUCK') return 'duckdb';
    if (head.subarray(0, 4).toString('latin1') === 'PAR1') return 'duckdb';
    return undefined;
  } finally {
    await handle.close();
  }
}
