/**
 * For the fault tests: a folder on a full disk (a small tmpfs where the machine lets this process
 * mount one, else a writer limited in file size by `ulimit -f`), and a child process signalled at
 * its first fsync by strace (so that the signal reaches it mid-write, whatever the machine's speed).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of the small file system the full-disk tests write to. */
export const FULL_DISK_BYTES = 200 * 1024;

export interface FullDisk {
  dir: string;
  /** `tmpfs`, or `fsize` (mounting was refused: the writer's file size is limited instead). */
  how: 'tmpfs' | 'fsize';
  /** Fills what is left of the disk but `spare` bytes (tmpfs only). */
  fill(spare: number): void;
  /** Bytes free now (tmpfs only). */
  free(): number;
  /** The command line that runs `argv` as a writer on this disk: under `ulimit -f` for `fsize`. */
  command(argv: readonly string[], limitBytes: number): [string, string[]];
  remove(): void;
}

/** A folder on a full disk under `root`: a 200 KB tmpfs where mounting is allowed (root), else plain with `fsize`. */
export function fullDisk(root: string): FullDisk {
  const dir = join(root, 'full');
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${FULL_DISK_BYTES}`, 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
  const filler = join(dir, 'filler');
  return {
    dir,
    how: mounted ? 'tmpfs' : 'fsize',
    fill(spare) {
      const free = this.free();
      writeFileSync(filler, Buffer.alloc(Math.max(0, free - spare)));
    },
    free() {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    command(argv, limitBytes) {
      if (mounted) return [argv[0] ?? '', argv.slice(1)];
      const quoted = argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
      // bash counts `ulimit -f` in KiB; Node ignores SIGXFSZ, so a write past it fails with EFBIG.
      return ['bash', ['-c', `ulimit -f ${Math.ceil(limitBytes / 1024)} && exec ${quoted}`]];
    },
    remove() {
      if (mounted) spawnSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Why a signal cannot be sent at a process's fsync here, or undefined when it can (strace installed, ptrace allowed). */
export function cannotSignalAtFsync(): string | undefined {
  const probe = spawnSync('strace', ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=fsync', 'true'], { stdio: 'ignore' });
  if (probe.error) return 'strace is not installed';
  if (probe.status !== 0) return 'strace cannot trace here (ptrace refused)';
  return undefined;
}

/**
 * Runs `argv` under strace, which sends it `signal` as it enters its first fsync: a writer is
 * stopped exactly mid-write (its temporary file written, not yet flushed nor renamed into place),
 * whatever the machine's speed. The strace process is returned: it ends as the traced one does
 * (by the same signal, or with the same exit code).
 */
export function spawnSignalledAtFsync(
  argv: readonly string[],
  signal: NodeJS.Signals,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ChildProcess {
  return spawn(
    'strace',
    ['-f', '-qq', '--seccomp-bpf', '-o', '/dev/null', '-e', 'trace=fsync', '-e', `inject=fsync:signal=${signal}:when=1`, ...argv],
    { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Resolves once `check()` holds, looked at again every 50 ms: a wait for an event (a file, a line), never for a duration. */
export async function until(check: () => boolean, what: string, boundMs = 120_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
