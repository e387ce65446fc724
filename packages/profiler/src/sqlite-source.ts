/**
 * How a user's SQLite file is named to SQLite so that reading it writes nothing beside it. SQLite
 * opens a WAL-mode file (byte 18 of its header is 2) by creating `-wal` and `-shm` files in its
 * folder, even read-only: a write into the user's folder, and, where the folder is not writable,
 * `attempt to write a readonly database`. A read-only URI (`mode=ro`) with `immutable=1` reads the
 * file alone, with no lock and no side file: used when no `-wal` file stands beside it (no process
 * has it open in WAL mode, so it does not change during the read). With a `-wal` file there (a
 * writer has it open, or crashed), its committed pages are read the usual way, read-only; a file
 * in the rollback-journal mode never gets a side file from a reader. Needs a better-sqlite3 built
 * with URI filenames (`SQLITE_USE_URI=1`, as this repository builds it); with another (npm's), the
 * plain path is opened read-only instead, and a WAL-mode file gets its side files as SQLite makes them.
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

/** Drivers found not to read `file:` names as URIs (built with `SQLITE_USE_URI=0`, as npm's is). */
const withoutUris = new WeakSet<DatabaseConstructor>();

/**
 * What to hand `new Database(…, { readonly: true, fileMustExist: true })` for `path` where the
 * driver reads URIs: a read-only URI (`immutable=1` for a WAL-mode file with no `-wal` beside it).
 */
export function sqliteReadOnlySource(path: string): string {
  const absolute = resolve(path);
  const encoded = absolute
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  const immutable = walMode(absolute) && !existsSync(`${absolute}-wal`);
  return `file:${encoded}?mode=ro${immutable ? '&immutable=1' : ''}`;
}

/**
 * Opens `path` read-only and says by which name (for a second connection to open the same): the
 * read-only URI, or, where this better-sqlite3 does not read URIs (its SQLite lists `USE_URI` among
 * its compile options either way, so only opening tells), the path itself. Neither creates a file:
 * a read-only open never does. Throws the error of the last name tried.
 */
export function openReadOnlySqlite(path: string, Database: DatabaseConstructor): { db: InstanceType<DatabaseConstructor>; source: string } {
  const options = { readonly: true, fileMustExist: true };
  if (!withoutUris.has(Database)) {
    const source = sqliteReadOnlySource(path);
    try {
      return { db: new Database(source, options), source };
    } catch (error) {
      const db = new Database(path, options);
      // The path opens where its URI did not: this driver reads `file:` names as file names.
      if ((error as { code?: unknown }).code === 'SQLITE_CANTOPEN') withoutUris.add(Database);
      return { db, source: path };
    }
  }
  return { db: new Database(path, options), source: path };
}
