/**
 * Locks that know their owner, with real processes: a live holder makes others wait, a dead one's
 * lock (killed, stopped, of another boot, under a reused PID) is taken over at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockHeld, lockOwner, takeLock } from './lock-file.js';

const dir = mkdtempSync(join(tmpdir(), 'profiler-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIST = new URL('../dist/entry/files.js', import.meta.url).href;

/** A process that takes the lock at `path`, says `taken` and holds it until it is stopped. */
async function holder(path: string): Promise<{ child: ChildProcess; ended: Promise<string | null> }> {
  const script = `import { takeLock } from ${JSON.stringify(DIST)};
    const attempt = await takeLock(${JSON.stringify(path)});
    console.log(attempt.state); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = new Promise<string | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  const said = await new Promise<string>((resolve) => child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  expect(said).toBe('taken');
  return { child, ended };
}

describe('takeLock', () => {
  it('takes a free lock, says who holds it, and removes it on release', async () => {
    const path = join(dir, 'free.lock');
    const attempt = await takeLock(path);
    expect(attempt.state).toBe('taken');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(lockOwner());
    expect(await lockHeld(path)).toBe(true);
    if (attempt.state === 'taken') await attempt.lock.release();
    expect(existsSync(path)).toBe(false);
    expect(await lockHeld(path)).toBe(false);
  });

  it("is busy while a live process holds it, and takes a killed holder's lock at once", async () => {
    const path = join(dir, 'killed.lock');
    const { child, ended } = await holder(path);
    const busy = await takeLock(path);
    expect(busy).toMatchObject({ state: 'busy', owner: { pid: child.pid } });
    child.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');
    expect(existsSync(path)).toBe(true); // SIGKILL leaves it: nothing can remove it then
    expect(await lockHeld(path)).toBe(false);
    const taken = await takeLock(path);
    expect(taken.state).toBe('taken');
    if (taken.state === 'taken') await taken.lock.release();
  });

  it("a holder stopped by SIGTERM leaves a dead process's lock, taken over at once", async () => {
    const path = join(dir, 'stopped.lock');
    const { child, ended } = await holder(path);
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await lockHeld(path)).toBe(false);
    expect((await takeLock(path)).state).toBe('taken');
  });

  it('takes over a lock of an earlier boot, of a reused PID, or in the older bare-PID form of a dead process', async () => {
    const me = lockOwner();
    const cases = [{ ...me, boot: 'an-earlier-boot' }, ...(me.started === undefined ? [] : [{ ...me, started: me.started - 1 }])];
    for (const owner of cases) {
      const path = join(dir, 'stale.lock');
      writeFileSync(path, JSON.stringify(owner));
      const taken = await takeLock(path);
      expect(taken.state, JSON.stringify(owner)).toBe('taken');
      if (taken.state === 'taken') await taken.lock.release();
    }
    const { child, ended } = await holder(join(dir, 'other.lock'));
    child.kill('SIGKILL');
    await ended;
    const path = join(dir, 'bare.lock');
    writeFileSync(path, String(child.pid));
    expect((await takeLock(path)).state).toBe('taken');
  });

  it('is unavailable where no lock can be made (the folder is a file)', async () => {
    writeFileSync(join(dir, 'a-file'), '');
    expect(await takeLock(join(dir, 'a-file', 'x.lock'))).toMatchObject({ state: 'unavailable' });
  });
});
