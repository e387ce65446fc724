/**
 * Fault: the disk fills while `guided build -o` or `guided profile -o` writes. One line names the
 * file and says the disk is full; the file there before is left whole (a build still reads the
 * old profile); nothing is left behind (the space is free again), and the next run there, once the
 * user has made room, succeeds. A 200 KB tmpfs where this machine lets the tests mount one (root),
 * else the writer's file size limited with `ulimit -f` (each test's name says which).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullDisk } from '@guided-retrieval/profiler/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, graphData, requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, listing, oneLine, start, tinyDatabase } from '../test-support/faults.js';

const box = sandbox('fault-full-disk');
const disk = fullDisk(box.root);
let database: string;
/** A one-table database: an earlier run's small, whole output. */
let tiny: string;

beforeAll(() => {
  requireBuiltCli();
  database = chinook(box);
  tiny = tinyDatabase(box);
});
afterAll(() => {
  disk.remove();
  box.remove();
});

/** Room left on the tmpfs, or the file size allowed under `ulimit -f`: less than any whole Chinook graph or profile. */
const ROOM = 16 * 1024;
const how = disk.how === 'tmpfs' ? 'a 200 KB tmpfs' : 'mounting refused: a writer limited by ulimit -f';
const temps = () => listing(disk.dir).filter((f) => f.endsWith('.tmp'));

describe(`a full disk (${how})`, () => {
  for (const [command, what, file] of [
    ['build', 'graph file', 'out.json'],
    ['profile', 'profile file', 'profile.json'],
  ] as const) {
    it(`guided ${command} -o on it: one line naming the file, the old file whole, nothing left behind, the next run unaffected`, async () => {
      const target = join(disk.dir, file);
      // A whole file from an earlier run (one small table), then the disk filled.
      const earlier = await start(box, [command, tiny, '-o', join(box.work, file)]).ended;
      expect(earlier.code, earlier.stderr).toBe(0);
      writeFileSync(target, readFileSync(join(box.work, file)));
      const before = readFileSync(target);
      if (disk.how === 'tmpfs') disk.fill(ROOM);
      const free = disk.how === 'tmpfs' ? disk.free() : 0;

      const [program = '', ...args] = disk.command([process.execPath, CLI, '-q', command, database, '-o', target], ROOM).flat();
      const run = await start(box, [], { command: [program, ...args] }).ended;
      expect(run.code, run.stderr).toBe(1);
      const cause = disk.how === 'tmpfs' ? 'no space left on device (the disk is full)' : 'file too large';
      expect(oneLine(run)).toBe(`guided: error: cannot write ${what} ${target}: ${cause}`);
      expect(readFileSync(target).equals(before)).toBe(true);
      expect(temps()).toEqual([]);
      if (disk.how === 'tmpfs') expect(disk.free()).toBe(free);
      if (command === 'profile') {
        const rebuilt = await start(box, ['build', target, '-o', join(box.work, 'from-profile.json')]).ended;
        expect(rebuilt.code, rebuilt.stderr).toBe(0);
      }

      // Room made, the next run there writes the whole file (Chinook's profile, 540 KB, fits no 200 KB
      // disk: two of its tables are profiled).
      if (disk.how === 'tmpfs') writeFileSync(join(disk.dir, 'filler'), '');
      const fits = command === 'build' ? [] : ['--tables', 'Artist,Album'];
      const next = await start(box, [command, database, '-o', target, ...fits]).ended;
      expect(next.code, next.stderr).toBe(0);
      if (command === 'build') expect(graphData(target).tables).toHaveLength(11);
      else expect((JSON.parse(readFileSync(target, 'utf8')) as { tables: unknown[] }).tables).toHaveLength(2);
      expect(temps()).toEqual([]);
      rmSync(target);
    });
  }
});
