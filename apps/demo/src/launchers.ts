/**
 * A command started through a package manager (`npx guided serve`, `npx -y pnpm@12.4.2 guided
 * serve`, `pnpm exec guided …`, `pnpm demo:web`) runs under launcher processes that do not pass
 * signals on: SIGTERM to the process the user or a supervisor started (npx) ends that process
 * alone, and the server under it would be re-parented and keep its port. So the CLI notes the
 * chain of launchers above it when it starts and, once any of them is gone, stops as on SIGTERM.
 * A process started directly (`node dist/cli.js`, a global install's `guided`) watches nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** How often the launchers are looked at, in milliseconds. */
const WATCH_INTERVAL_MS = 500;
/** A tick this many intervals late means the process was suspended (or the machine stalled): wake-ups are counted afresh. */
const LATE_TICK = 4;
/** Ancestors looked at, at most (a launcher chain is 2–5 long). */
const MAX_DEPTH = 12;

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, as the process shows it (npm sets its title: `npm exec …`). */
  args: readonly string[];
}

const PACKAGE_MANAGERS = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'pn', 'pnx', 'yarn', 'bun', 'bunx', 'corepack']);
const PACKAGE_MANAGER_SCRIPTS = /(^|[/\\])(npm-cli|npx-cli|pnpm|pnpx|yarn)\.(c|m)?js$/;
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh']);

/** Whether `args` is a package manager, run directly or by Node. */
export function isLauncher(args: readonly string[]): boolean {
  const [first = '', second = ''] = args;
  const command = basename(first).replace(/\.(exe|cmd)$/i, '');
  if (PACKAGE_MANAGERS.has(command)) return true;
  return /^node(js)?$/.test(command) && PACKAGE_MANAGER_SCRIPTS.test(second);
}

/** Whether `args` is a shell running one command line (`sh -c 'pnpm' …`): a launcher's go-between. */
function isShellCommand(args: readonly string[]): boolean {
  return SHELLS.has(basename(args[0] ?? '')) && args[1] === '-c';
}

/**
 * The launchers above a process, nearest first, given its ancestors nearest first: every
 * ancestor up to the farthest launcher of an unbroken run of launchers and the shells between
 * them. A shell above the last launcher (the user's terminal) is not one.
 */
export function launcherChain(ancestors: readonly ProcessInfo[]): ProcessInfo[] {
  let end = 0;
  for (const [i, ancestor] of ancestors.entries()) {
    if (isLauncher(ancestor.args)) end = i + 1;
    else if (!isShellCommand(ancestor.args)) break;
  }
  return ancestors.slice(0, end);
}

/** What the system says of a process. */
export interface ProcessState {
  ppid: number;
  /** A zombie: it has ended, its parent has not read its status yet. */
  ended: boolean;
  args: string[];
  /** How often it has been woken (context switches), where the system says (Linux). */
  wakeups?: number;
}

/** The state of each of `pids` still there. */
type Reader = (pids: readonly number[]) => Map<number, ProcessState>;

/** Linux: /proc/<pid>/stat, cmdline and status. */
const readProc: Reader = (pids) => {
  const found = new Map<number, ProcessState>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const switches = readFileSync(`/proc/${pid}/status`, 'utf8').match(/ctxt_switches:\s*\d+/g) ?? [];
      // npm writes its title over argv with spaces ("npm exec pnpm@12.4.2 guided serve").
      const words = args.length === 1 ? (args[0] ?? '').trim().split(/\s+/) : args;
      const wakeups = switches.reduce((sum, line) => sum + Number(line.replace(/\D+/, '')), 0);
      found.set(pid, { ppid: Number(ppid), ended: state === 'Z' || state === 'X', args: words, wakeups });
    } catch {
      // gone
    }
  }
  return found;
};

/** Elsewhere (macOS, the BSDs): one `ps` for them all. */
const readPs: Reader = (pids) => {
  const found = new Map<number, ProcessState>();
  const ps = spawnSync('ps', ['-o', 'pid=,ppid=,stat=,args=', '-p', pids.join(',')], { encoding: 'utf8' });
  for (const line of (ps.stdout ?? '').split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (match)
      found.set(Number(match[1]), {
        ppid: Number(match[2]),
        ended: (match[3] ?? '').startsWith('Z'),
        args: (match[4] ?? '').trim().split(/\s+/),
      });
  }
  return found;
};

/**
 * Why the launchers no longer stand, or undefined while they do: one has ended, or was handed to
 * another parent (the launcher above it ended), or a shell between them was woken. Such a shell
 * sleeps in wait() until its command ends, so a wake-up is a signal: npm passes SIGINT to the
 * shell it runs pnpm through, which holds it until pnpm ends, and pnpm never gets it. The farthest
 * launcher's own parent (a terminal's shell, a supervisor) is not watched: `nohup npx guided
 * serve &` outlives its terminal. `woken` holds each shell's wake-ups when watching started.
 */
export function launchersGone(
  chain: readonly ProcessInfo[],
  now: ReadonlyMap<number, ProcessState>,
  woken: ReadonlyMap<number, number>,
): string | undefined {
  for (const [i, launcher] of chain.entries()) {
    const state = now.get(launcher.pid);
    const name = `${basename(launcher.args[0] ?? '?')} (pid ${launcher.pid})`;
    if (state === undefined || state.ended) return `${name} has ended`;
    if (i < chain.length - 1 && state.ppid !== launcher.ppid) return `${name} lost the process that started it`;
    const before = woken.get(launcher.pid);
    if (before !== undefined && state.wakeups !== undefined && state.wakeups !== before) return `${name} was signalled`;
  }
  return undefined;
}

/**
 * Starts watching the launchers above this process, if any; `stop(reason)` is called once, when
 * they no longer stand (`launchersGone`) or this process got another parent. The timer never keeps
 * the process alive. A tick that comes late (the whole job was suspended with Ctrl+Z, and woken on
 * `fg`) starts the count of wake-ups over. Windows has no such chain to watch.
 */
export function watchLaunchers(stop: (reason: string) => void): void {
  if (process.platform === 'win32') return;
  const read: Reader = existsSync('/proc/self/stat') ? readProc : readPs;
  const ancestors: ProcessInfo[] = [];
  for (let pid = process.ppid; pid > 1 && ancestors.length < MAX_DEPTH; ) {
    const info = read([pid]).get(pid);
    if (!info) break;
    ancestors.push({ pid, ppid: info.ppid, args: info.args });
    pid = info.ppid;
  }
  const chain = launcherChain(ancestors);
  if (chain.length === 0) return;
  const parent = process.ppid;
  const shells = chain.filter((launcher) => isShellCommand(launcher.args)).map((launcher) => launcher.pid);
  const wakeupsOf = (states: ReadonlyMap<number, ProcessState>) =>
    new Map(shells.flatMap((pid) => (states.get(pid)?.wakeups === undefined ? [] : [[pid, states.get(pid)!.wakeups!] as const])));
  let woken = wakeupsOf(read(shells));
  let last = performance.now();
  const timer = setInterval(() => {
    const now = read(chain.map((launcher) => launcher.pid));
    const late = performance.now() - last > LATE_TICK * WATCH_INTERVAL_MS;
    last = performance.now();
    if (late) woken = wakeupsOf(now);
    const reason = process.ppid === parent ? launchersGone(chain, now, woken) : 'the process that started guided has ended';
    if (reason === undefined) return;
    clearInterval(timer);
    stop(reason);
  }, WATCH_INTERVAL_MS);
  timer.unref();
}
