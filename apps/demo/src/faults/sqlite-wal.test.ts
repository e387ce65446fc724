/**
 * Fault: a user's WAL-mode SQLite file. `guided build` reads it without writing beside it — no
 * `-wal`, no `-shm` in the user's folder — both as root (who could write there) and as a user who
 * may not (run as nobody when the tests run as root; else the folder made read-only), and the
 * next run reads it alike.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, graphData, requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, listing, start } from '../test-support/faults.js';

const box = sandbox('fault-wal');
const root = process.getuid?.() === 0;
/** Folders any user can enter: the user's (database) and one they may write to (output, caches). */
const shared = mkdtempSync(join(tmpdir(), 'guided-fault-wal-'));
const folder = join(shared, 'user-data');
const writable = join(shared, 'writable');
let database: string;

beforeAll(() => {
  requireBuiltCli();
  chmodSync(shared, 0o755);
  mkdirSync(folder, { mode: 0o755 });
  mkdirSync(writable, { mode: 0o777 });
  chmodSync(writable, 0o777);
  database = chinook(box, folder);
  const db = new Database(database);
  db.pragma('journal_mode = WAL');
  db.close();
  expect(listing(folder)).toEqual(['Chinook.sqlite']);
});
afterAll(() => {
  chmodSync(folder, 0o755);
  rmSync(shared, { recursive: true, force: true });
  box.remove();
});

describe('a WAL-mode SQLite file', () => {
  it('is built from with no -wal or -shm left beside it', async () => {
    const run = await start(box, ['build', database, '-o', join(writable, 'owner.json')]).ended;
    expect(run.code, run.stderr).toBe(0);
    expect(graphData(join(writable, 'owner.json')).tables).toHaveLength(11);
    expect(listing(folder)).toEqual(['Chinook.sqlite']);
  });

  it(`is built from by a user who may not write in its folder (${root ? 'run as nobody' : 'the folder made read-only'}), twice`, async () => {
    if (!root) chmodSync(folder, 0o555);
    for (const output of ['reader.json', 'reader-again.json']) {
      const run = await start(box, [], {
        command: root
          ? [
              'setpriv',
              '--reuid=65534',
              '--regid=65534',
              '--clear-groups',
              process.execPath,
              CLI,
              'build',
              database,
              '-o',
              join(writable, output),
            ]
          : [process.execPath, CLI, 'build', database, '-o', join(writable, output)],
        env: { GUIDED_CACHE_DIR: join(writable, 'cache'), HOME: writable, XDG_CACHE_HOME: join(writable, 'xdg') },
      }).ended;
      expect(run.code, run.stderr).toBe(0);
      expect(graphData(join(writable, output)).tables).toHaveLength(11);
      expect(listing(folder)).toEqual(['Chinook.sqlite']);
    }
  });
});
