/**
 * The one atomic writer, with real files and real processes: a file replaced whole, a failure
 * (no folder, a full disk) said in one line with nothing left behind, and a process stopped by a
 * signal mid-write (held at its fsync by strace) leaving the old file and no temporary file.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-file.js';
import { cannotSignalAtFsync, fullDisk, spawnSignalledAtFsync } from './faults.js';

const dir = mkdtempSync(join(tmpdir(), 'profiler-atomic-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIST = new URL('../dist/entry/files.js', import.meta.url).href;
const temps = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.tmp'));

describe('writeFileAtomic', () => {
  it('replaces the file whole, keeps its permissions and leaves no temporary file', async () => {
    const path = join(dir, 'out.json');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    await writeFileAtomic(path, '{"new": true}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"new": true}\n');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    await writeFileAtomic(join(dir, 'bytes.bin'), new Uint8Array([1, 2, 3]));
    expect([...readFileSync(join(dir, 'bytes.bin'))]).toEqual([1, 2, 3]);
    expect(temps(dir)).toEqual([]);
  });

  it('says in one line which file it cannot write and why, as the error class given', async () => {
    class SaveError extends Error {}
    const path = join(dir, 'no-such-folder', 'out.json');
    const failed = writeFileAtomic(path, 'x', { what: 'graph file', error: SaveError });
    await expect(failed).rejects.toThrow(new SaveError(`cannot write graph file ${path}: no such folder`));
    await expect(writeFileAtomic(dir, 'x')).rejects.toThrow(`cannot write file ${dir}: is a folder`);
    expect(temps(dir)).toEqual([]);
  });
});

const disk = fullDisk(dir);
afterAll(() => disk.remove());

describe(`writeFileAtomic on a full disk (${disk.how === 'tmpfs' ? 'a 200 KB tmpfs' : 'mounting refused: a writer limited by ulimit -f'})`, () => {
  it('fails in one line naming the file and the cause, keeps the old file, and frees what it took', async () => {
    const path = join(disk.dir, 'out.json');
    writeFileSync(path, 'old and whole\n');
    const big = 'x'.repeat(300 * 1024);
    if (disk.how === 'tmpfs') {
      disk.fill(16 * 1024);
      const free = disk.free();
      await expect(writeFileAtomic(path, big, { what: 'graph file' })).rejects.toThrow(
        `cannot write graph file ${path}: no space left on device (the disk is full)`,
      );
      expect(disk.free()).toBe(free);
      // The space it did not keep is there for the next write.
      await writeFileAtomic(path, 'new and whole\n');
      expect(readFileSync(path, 'utf8')).toBe('new and whole\n');
      return;
    }
    const script = `import { writeFileAtomic } from ${JSON.stringify(DIST)};
      writeFileAtomic(${JSON.stringify(path)}, 'x'.repeat(${big.length}), { what: 'graph file' }).then(() => console.log('written'), (e) => console.log(e.message));`;
    const [command, args] = disk.command([process.execPath, '--input-type=module', '-e', script], 64 * 1024);
    const out = await new Promise<string>((resolve) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', () => resolve(text.trim()));
    });
    expect(out).toBe(`cannot write graph file ${path}: file too large`);
    expect(readFileSync(path, 'utf8')).toBe('old and whole\n');
    expect(temps(disk.dir)).toEqual([]);
  });
});

const unsignalled = cannotSignalAtFsync();

describe.skipIf(unsignalled !== undefined)(
  `writeFileAtomic stopped by SIGTERM mid-write${unsignalled ? ` (skipped: ${unsignalled})` : ''}`,
  () => {
    /** A writer signalled with SIGTERM at its fsync: how it ended and what it printed. */
    async function signalMidWrite(
      path: string,
      ownHandler: boolean,
    ): Promise<{ code: number | null; signal: string | null; stdout: string }> {
      const handler = ownHandler ? `process.on('SIGTERM', () => console.log('stopping'));` : '';
      const script = `${handler} import { writeFileAtomic } from ${JSON.stringify(DIST)};
      writeFileAtomic(${JSON.stringify(path)}, 'new '.repeat(100000)).then(() => console.log('written'), (e) => console.log(e.message));`;
      const strace = spawnSignalledAtFsync([process.execPath, '--input-type=module', '-e', script], 'SIGTERM', {
        cwd: dir,
        env: process.env,
      });
      let stdout = '';
      strace.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      strace.stderr?.resume();
      const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        strace.on('close', (code, signal) => resolve({ code, signal })),
      );
      return { ...ended, stdout: stdout.trim() };
    }

    it('removes the temporary file, keeps the old one and ends the process by the signal', async () => {
      const path = join(dir, 'held.json');
      writeFileSync(path, 'old and whole\n');
      const { signal, stdout } = await signalMidWrite(path, false);
      // strace ends as its traced process did: by SIGTERM.
      expect(signal).toBe('SIGTERM');
      expect(stdout).toBe('');
      expect(readFileSync(path, 'utf8')).toBe('old and whole\n');
      expect(temps(dir)).toEqual([]);
    });

    it('a process that handles SIGTERM itself (a server) keeps its handler: the write fails, its temporary file removed', async () => {
      const path = join(dir, 'held.json');
      writeFileSync(path, 'old and whole\n');
      const { code, stdout } = await signalMidWrite(path, true);
      expect(code).toBe(0);
      expect(stdout.split('\n')[0]).toBe('stopping');
      expect(stdout.split('\n')[1]).toMatch(/^cannot write file .*held\.json: /);
      expect(readFileSync(path, 'utf8')).toBe('old and whole\n');
      expect(temps(dir)).toEqual([]);
    });
  },
);
