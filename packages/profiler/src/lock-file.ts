/**
 * A lock file that knows its owner: the process (PID, and where the system tells, its start time
 * and the boot it runs in) and the machine. A lock whose owner is dead — no such process, another
 * process under a reused PID, or a PID of an earlier boot — is taken over at once rather than
 * waited out; the holder removes it when its work is done. It is not removed on a signal: the
 * work under a lock is often synchronous (word vectors derived for seconds), and a signal handler
 * would hold Ctrl+C until that work ended; a holder stopped in any way (SIGKILL too) leaves a lock
 * of a dead process, which the next taker takes over. A lock of another machine (a cache folder on a network share) cannot be judged by its PID: it is
 * judged by its age. Two processes taking over one dead lock at the same instant may both hold
 * it: the work under a lock must stand being done twice (a cache derived twice, written atomically).
 */
import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/** Who holds a lock, as the lock file says. */
export interface LockOwner {
  pid: number;
  host?: string;
  /** The boot the owner runs in (Linux's boot id). */
  boot?: string;
  /** The owner's start time, in clock ticks since boot (Linux), telling a reused PID apart. */
  started?: number;
}

export interface HeldLock {
  readonly path: string;
  /** Removes the lock (once; later calls do nothing). */
  release(): Promise<void>;
}

export type LockAttempt =
  | { state: 'taken'; lock: HeldLock }
  /** A live process holds it. */
  | { state: 'busy'; owner: LockOwner }
  /** The lock cannot be made here (a read-only folder): the work goes on without it. */
  | { state: 'unavailable'; reason: string };

/** A lock of another machine older than this is taken for a dead one's. */
const FOREIGN_LOCK_STALE_MS = 120_000;
/** Takeovers tried before a lock that keeps coming back is taken for a live one's. */
const TAKEOVER_ATTEMPTS = 3;
/** The 22nd field of /proc/<pid>/stat, the start time, counted after the command's closing parenthesis. */
const STAT_STARTTIME_FIELD = 19;

/** Takes the lock at `path` (its folder made first), taking over a dead owner's. */
export async function takeLock(path: string): Promise<LockAttempt> {
  try {
    await mkdir(dirname(path), { recursive: true });
  } catch (error) {
    return { state: 'unavailable', reason: codeOf(error) };
  }
  const temp = `${path}.${process.pid}.${Date.now()}.new`;
  try {
    // Written whole, then linked into place: a lock file is never seen empty.
    await writeFile(temp, `${JSON.stringify(lockOwner())}\n`, { flag: 'wx' });
  } catch (error) {
    return { state: 'unavailable', reason: codeOf(error) };
  }
  try {
    for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
      try {
        await link(temp, path);
        let released = false;
        const release = async () => {
          if (released) return;
          released = true;
          await rm(path, { force: true });
        };
        return { state: 'taken', lock: { path, release } };
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') return { state: 'unavailable', reason: codeOf(error) };
      }
      const owner = await readOwner(path);
      if (owner === 'gone') continue;
      if (owner !== undefined && (await ownerAlive(owner, path))) return { state: 'busy', owner };
      await rm(path, { force: true });
    }
    const owner = await readOwner(path);
    return { state: 'busy', owner: owner === 'gone' || owner === undefined ? { pid: 0 } : owner };
  } finally {
    await rm(temp, { force: true });
  }
}

/** Whether a live process holds the lock at `path` (false when there is none, or its owner is dead). */
export async function lockHeld(path: string): Promise<boolean> {
  const owner = await readOwner(path);
  if (owner === 'gone') return false;
  return owner !== undefined && ownerAlive(owner, path);
}

/** This process as a lock's owner. */
export function lockOwner(): LockOwner {
  const boot = bootId();
  const started = startTime(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(boot === undefined ? {} : { boot }),
    ...(started === undefined ? {} : { started }),
  };
}

/**
 * The owner the lock file names; undefined for one that names none (unreadable, or written by
 * something else): such a lock is taken for a dead one's. An older lock holding a bare PID reads
 * as that PID.
 */
async function readOwner(path: string): Promise<LockOwner | 'gone' | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return codeOf(error) === 'ENOENT' ? 'gone' : undefined;
  }
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text) };
  try {
    const json = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isSafeInteger(json.pid) || (json.pid as number) <= 0) return undefined;
    return {
      pid: json.pid as number,
      ...(typeof json.host === 'string' ? { host: json.host } : {}),
      ...(typeof json.boot === 'string' ? { boot: json.boot } : {}),
      ...(typeof json.started === 'number' ? { started: json.started } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether the owner still runs: on this machine by its PID, elsewhere by the lock's age. */
async function ownerAlive(owner: LockOwner, path: string): Promise<boolean> {
  if (owner.host !== undefined && owner.host !== hostname()) {
    const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
    return age < FOREIGN_LOCK_STALE_MS;
  }
  const boot = bootId();
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return false;
  if (!processExists(owner.pid)) return false;
  const started = startTime(owner.pid);
  return owner.started === undefined || started === undefined || owner.started === started;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return codeOf(error) === 'EPERM';
  }
  // A zombie has ended; its parent has not read its status yet.
  return readProcStat(pid)?.[0] !== 'Z';
}

/** The fields of /proc/<pid>/stat after the command (state first), where there is a /proc. */
function readProcStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function startTime(pid: number): number | undefined {
  const field = readProcStat(pid)?.[STAT_STARTTIME_FIELD];
  return field === undefined ? undefined : Number(field);
}

let boot: string | null | undefined;

/** This boot's id (Linux), read once. */
function bootId(): string | undefined {
  if (boot === undefined) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      boot = null;
    }
  }
  return boot ?? undefined;
}

function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
