/**
 * How a user's SQLite file is named to SQLite so that reading it writes nothing beside it. SQLite
 * opens a WAL-mode file (byte 18 of its header is 2) by creating `-wal` and `-shm` files in its
 * folder, even read-only: a write into the user's folder, and, where the folder is not writable,
 * `attempt to write a readonly database`. A read-only URI (`mode=ro`) with `immutable=1` reads the
 * file alone, with no lock and no side file: used when no `-wal` file stands beside it (no process
 * has it open in WAL mode, so it does not change during the read). With a `-wal` file there (a
 * writer has it open, or crashed), its committed pages are read the usual way, read-only; a file
 * in the rollback-journal mode never gets a side file from a reader. Needs a better-sqlite3 built
 * with URI filenames (`SQLITE_USE_URI=1`, as this repository builds it); with another, the plain
 * path is read-only as before.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseConstructor } from './driver.js';

/** The offset of the header's "file format read version": 2 for WAL mode. */
const READ_VERSION_OFFSET = 18;
const WAL_VERSION = 2;

/** Whether the file's header says WAL mode (false for anything unreadable: SQLite says what it is). */
function walMode(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const header = Buffer.alloc(READ_VERSION_OFFSET + 1);
    return readSync(fd, header, 0, header.length, 0) === header.length && header[READ_VERSION_OFFSET] === WAL_VERSION;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const uriSupport = new WeakMap<DatabaseConstructor, boolean>();

/** Whether this better-sqlite3 reads `file:` names as URIs (its SQLite says `USE_URI` among its compile options). */
function readsUris(Database: DatabaseConstructor): boolean {
  let known = uriSupport.get(Database);
  if (known === undefined) {
    const db = new Database(':memory:');
    try {
      known = (db.pragma('compile_options', { simple: false }) as { compile_options: string }[]).some(
        (o) => o.compile_options === 'USE_URI',
      );
    } finally {
      db.close();
    }
    uriSupport.set(Database, known);
  }
  return known;
}

/**
 * What to hand `new Database(…, { readonly: true, fileMustExist: true })` for `path`: a read-only
 * URI (`immutable=1` for a WAL-mode file with no `-wal` beside it), or the path itself where URIs
 * are not read.
 */
export function sqliteReadOnlySource(path: string, Database: DatabaseConstructor): string {
  if (!readsUris(Database)) return path;
  const absolute = resolve(path);
  const encoded = absolute
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  const immutable = walMode(absolute) && !existsSync(`${absolute}-wal`);
  return `file:${encoded}?mode=ro${immutable ? '&immutable=1' : ''}`;
}
