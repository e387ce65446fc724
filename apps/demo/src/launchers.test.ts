import { describe, expect, it } from 'vitest';
import { isLauncher, launcherChain, launchersGone, type ProcessInfo, type ProcessState } from './launchers.js';

/** Ancestors nearest first, as /proc shows them under each way of starting `guided serve` (pids made up). */
const chain = (...args: string[][]): ProcessInfo[] => args.map((a, i) => ({ pid: 100 + i, ppid: 101 + i, args: a }));

describe('the launchers above the CLI', () => {
  it('are npm, npx, pnpm, yarn and bun, run directly or by Node, and nothing else', () => {
    for (const args of [
      ['npm', 'exec', 'guided'],
      ['pnpm', 'guided'],
      ['/usr/local/bin/pnpm', 'exec'],
      ['node', '/usr/lib/node_modules/npm/bin/npx-cli.js'],
      ['node', '/x/pnpm/bin/pnpm.cjs'],
      ['yarn'],
      ['bunx', 'guided'],
    ])
      expect(isLauncher(args), args.join(' ')).toBe(true);
    for (const args of [
      ['node', '/x/vitest/vitest.mjs'],
      ['bash'],
      ['sh', '-c', 'pnpm'],
      ['systemd'],
      ['node', 'dist/cli.js'],
      ['turbo', 'run', 'test'],
    ])
      expect(isLauncher(args), args.join(' ')).toBe(false);
  });

  it('npx -y pnpm@12.4.2 guided serve: pnpm, the shell npx ran it through, and npx; not the terminal above', () => {
    const ancestors = chain(
      ['pnpm', 'guided', 'serve'],
      ['sh', '-c', 'pnpm', 'guided', 'serve'],
      ['npm', 'exec', 'pnpm@12.4.2', 'guided', 'serve'],
      ['-bash'],
      ['sshd'],
    );
    expect(launcherChain(ancestors).map((p) => p.args[0])).toEqual(['pnpm', 'sh', 'npm']);
  });

  it('npx guided serve: the shell and npx', () => {
    const ancestors = chain(
      ['sh', '-c', 'guided', 'serve'],
      ['npm', 'exec', 'guided', 'serve'],
      ['node', '/x/vitest/dist/workers/forks.js'],
    );
    expect(launcherChain(ancestors).map((p) => p.args[0])).toEqual(['sh', 'npm']);
  });

  it('pnpm demo:web: the script shell and pnpm (the CLI runs inside run-cli.mjs)', () => {
    const ancestors = chain(['sh', '-c', 'node tooling/scripts/run-cli.mjs demo demo --web'], ['pnpm', 'demo:web'], ['bash']);
    expect(launcherChain(ancestors).map((p) => p.args[0])).toEqual(['sh', 'pnpm']);
  });

  it('none when the CLI is started directly, by a shell script or a supervisor', () => {
    expect(launcherChain(chain(['bash'], ['sshd']))).toEqual([]);
    expect(launcherChain(chain(['sh', '-c', 'node dist/cli.js serve'], ['systemd']))).toEqual([]);
    expect(launcherChain(chain(['node', '/x/vitest/vitest.mjs'], ['pnpm', 'test']))).toEqual([]);
  });
});

describe('whether the launchers still stand', () => {
  const launchers = launcherChain(chain(['pnpm', 'guided', 'serve'], ['sh', '-c', 'pnpm'], ['npm', 'exec', 'pnpm@12.4.2'], ['bash']));
  const states = (change: (pid: number, state: ProcessState) => ProcessState | undefined = (_, s) => s) =>
    new Map(
      launchers.flatMap((p) => {
        const state = change(p.pid, { ppid: p.ppid, ended: false, args: [...p.args], wakeups: 2 });
        return state ? [[p.pid, state] as const] : [];
      }),
    );
  const woken = new Map([[101, 2]]); // the shell's wake-ups when watching started

  it('stand while every launcher runs under the same parent and the shell sleeps', () => {
    expect(launchersGone(launchers, states(), woken)).toBeUndefined();
    // npx and pnpm wake for their own reasons: only the shell's wake-ups count.
    expect(
      launchersGone(
        launchers,
        states((pid, s) => ({ ...s, wakeups: pid === 101 ? 2 : 99 })),
        woken,
      ),
    ).toBeUndefined();
  });

  it('fall when one has ended, even before its parent read its status', () => {
    expect(
      launchersGone(
        launchers,
        states((pid, s) => (pid === 102 ? undefined : s)),
        woken,
      ),
    ).toBe('npm (pid 102) has ended');
    expect(
      launchersGone(
        launchers,
        states((pid, s) => (pid === 100 ? { ...s, ended: true } : s)),
        woken,
      ),
    ).toBe('pnpm (pid 100) has ended');
  });

  it('fall when one was handed to another parent, but not when the farthest one was (nohup)', () => {
    expect(
      launchersGone(
        launchers,
        states((pid, s) => (pid === 101 ? { ...s, ppid: 1 } : s)),
        woken,
      ),
    ).toBe('sh (pid 101) lost the process that started it');
    expect(
      launchersGone(
        launchers,
        states((pid, s) => (pid === 102 ? { ...s, ppid: 1 } : s)),
        woken,
      ),
    ).toBeUndefined();
  });

  it('fall when the shell between them was woken: a signal it holds for a command that never gets it', () => {
    expect(
      launchersGone(
        launchers,
        states((pid, s) => (pid === 101 ? { ...s, wakeups: 3 } : s)),
        woken,
      ),
    ).toBe('sh (pid 101) was signalled');
  });
});
