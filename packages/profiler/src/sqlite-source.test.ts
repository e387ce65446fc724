/**
 * A user's WAL-mode SQLite file read with nothing written beside it: no `-wal` or `-shm` file made
 * (as root, who could), read by a user who may not write in its folder, and a `-wal` file a writer
 * left open read with its committed rows.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBetterSqlite3 } from './driver.js';
import { profileSqlite } from './sqlite.js';
import { openReadOnlySqlite, sqliteReadOnlySource } from './sqlite-source.js';

const dir = mkdtempSync(join(tmpdir(), 'profiler-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIST = new URL('../dist/index.js', import.meta.url).href;

/** A WAL-mode database closed cleanly (no -wal left), in a folder of its own. */
async function walDatabase(name: string): Promise<{ folder: string; path: string }> {
  const folder = join(dir, name);
  const Sqlite = await loadBetterSqlite3();
  spawnSync('mkdir', ['-p', folder]);
  const path = join(folder, 'shop.sqlite');
  const db = new Sqlite(path);
  db.pragma('journal_mode = WAL');
  db.exec("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo')");
  db.close();
  expect(readdirSync(folder)).toEqual(['shop.sqlite']);
  return { folder, path };
}

describe('a WAL-mode SQLite file', () => {
  it('is opened through a read-only, immutable URI: profiling it leaves no -wal or -shm file beside it', async () => {
    const { folder, path } = await walDatabase('as-owner');
    expect(sqliteReadOnlySource(path)).toBe(`file:${path}?mode=ro&immutable=1`);
    const profile = await profileSqlite(path);
    expect(profile.tables.map((t) => [t.name, t.rowCount])).toEqual([['customer', 2]]);
    expect(readdirSync(folder)).toEqual(['shop.sqlite']);
  });

  const root = process.getuid?.() === 0;
  it(`is read by a user who may not write in its folder (${root ? 'run as nobody' : 'the folder made read-only'})`, async () => {
    const { folder, path } = await walDatabase('read-only-folder');
    chmodSync(dir, 0o755);
    chmodSync(folder, root ? 0o755 : 0o555);
    const script = `import { profileSqlite } from ${JSON.stringify(DIST)};
      profileSqlite(${JSON.stringify(path)}).then((p) => console.log(p.tables[0].rowCount), (e) => console.log(e.message));`;
    // A file, not `-e`: `--input-type` would pass on to the profiler's worker thread.
    const file = join(dir, 'profile.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], {
      encoding: 'utf8',
      ...(root ? { uid: 65534, gid: 65534 } : {}),
    });
    chmodSync(folder, 0o755);
    expect(run.stdout.trim(), run.stderr).toBe('2');
    expect(readdirSync(folder)).toEqual(['shop.sqlite']);
  });

  it('with a -wal file a writer holds open, is read with the rows committed to it, and no file is added', async () => {
    const { folder, path } = await walDatabase('open-writer');
    const Sqlite = await loadBetterSqlite3();
    const writer = new Sqlite(path);
    try {
      writer.pragma('wal_autocheckpoint = 0');
      writer.exec("INSERT INTO customer VALUES (3, 'Cy')");
      const before = readdirSync(folder).sort();
      expect(before).toEqual(['shop.sqlite', 'shop.sqlite-shm', 'shop.sqlite-wal']);
      expect(sqliteReadOnlySource(path)).toBe(`file:${path}?mode=ro`);
      const profile = await profileSqlite(path);
      expect(profile.tables[0]?.rowCount).toBe(3);
      expect(readdirSync(folder).sort()).toEqual(before);
    } finally {
      writer.close();
    }
  });

  it('names a path with characters a URI reserves', async () => {
    expect(sqliteReadOnlySource('/no/such/a b?c#d%e.sqlite')).toBe('file:/no/such/a%20b%3Fc%23d%25e.sqlite?mode=ro');
  });

  it("is opened by its path, read-only, by a better-sqlite3 that reads no URIs (npm's build): nothing is made beside a rollback-journal file", async () => {
    const Sqlite = await loadBetterSqlite3();
    // What a driver built with SQLITE_USE_URI=0 does with a `file:` name: takes it as a file's name.
    const WithoutUris = class extends Sqlite {
      constructor(name: string, options?: ConstructorParameters<typeof Sqlite>[1]) {
        super(name.startsWith('file:') ? `./${name}` : name, options);
      }
    } as unknown as typeof Sqlite;
    const folder = join(dir, 'no-uris');
    spawnSync('mkdir', ['-p', folder]);
    const path = join(folder, 'shop.sqlite');
    const writer = new Sqlite(path);
    writer.exec("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customer VALUES (1, 'Ada')");
    writer.close();
    for (const round of [1, 2]) {
      const { db, source } = openReadOnlySqlite(path, WithoutUris);
      try {
        expect(source, `open ${round}`).toBe(path);
        expect(db.prepare('SELECT name FROM customer').pluck().all()).toEqual(['Ada']);
        expect(() => db.exec("INSERT INTO customer VALUES (2, 'Bo')")).toThrow(/readonly/);
      } finally {
        db.close();
      }
    }
    expect(readdirSync(folder)).toEqual(['shop.sqlite']);
    const usual = openReadOnlySqlite(path, Sqlite);
    usual.db.close();
    expect(usual.source).toBe(`file:${path}?mode=ro`);
  });
});
