/**
 * Stopping a server stops it, however it was started: the README's forms (`npx -y pnpm@12.4.2
 * guided serve …`, `npx -y pnpm@12.4.2 exec guided …`, `npx guided …`, `npx -y pnpm@12.4.2
 * demo:web`) run the CLI under launchers (npm, pnpm, a shell) that pass no signal on. A user's
 * Ctrl+C, a supervisor's SIGTERM or the death of the process they started goes to that first
 * process (npx) alone: the server under it must stop and free its port all the same. The CLI run
 * directly stops cleanly (exit 0) on SIGTERM or SIGINT. Waits are on events and polling with
 * generous bounds (a hung process fails the test; a slow machine does not): the time a server
 * takes to stop is measured by `guided-eval --bench startup`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';
import { sandboxEnv } from './test-support/mcp.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BOUND_MS = 120_000;
const linux = existsSync('/proc/self/stat');

/** The PIDs whose parent is `pid`, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function descendants(pid: number): number[] {
  const all: number[] = [];
  for (const child of childrenOf(pid)) all.push(child, ...descendants(child));
  return all;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^\S+ \([^)]*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); // a zombie has ended
  } catch {
    return false;
  }
};

async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + BOUND_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${BOUND_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });

interface Started {
  process: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `command args…` in `cwd` and resolves once it printed `http://127.0.0.1:<port>` on stderr. */
function start(command: string, args: readonly string[], cwd: string, box: Sandbox): Promise<Started> {
  const child = spawn(command, args, { cwd, env: sandboxEnv(box), stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let stderr = '';
  return new Promise((done, fail) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr)?.[1];
      if (port) done({ process: child, port: Number(port), exited });
    });
    void exited.then(({ code, signal }) =>
      fail(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before serving:\n${stderr}`)),
    );
  });
}

describe.runIf(linux)('a server started through npx or pnpm stops when the first process is signalled or dies', () => {
  let box: Sandbox;
  let database: string;
  let graph: string;
  beforeAll(() => {
    requireBuiltCli();
    box = sandbox('signals');
    for (const args of [
      ['tpch', '-o', 'small.sqlite', '--scale-factor', '0.001'],
      ['build', 'small.sqlite', '-o', 'small.graph.json'],
    ]) {
      const run = box.run(args);
      if (run.status !== 0) throw new Error(`guided ${args.join(' ')}: ${run.stderr}`);
    }
    database = join(box.work, 'small.sqlite');
    graph = join(box.work, 'small.graph.json');
  });
  afterAll(() => box?.remove());

  /** The command a user types, from the clone's root: [command, ...args]. */
  const forms: [string, NodeJS.Signals, () => string[]][] = [
    [
      'npx -y pnpm@12.4.2 guided serve',
      'SIGTERM',
      () => ['npx', '-y', 'pnpm@12.4.2', 'guided', 'serve', '--database', database, '--port', '0'],
    ],
    [
      'npx -y pnpm@12.4.2 guided serve',
      'SIGINT',
      () => ['npx', '-y', 'pnpm@12.4.2', 'guided', 'serve', '--database', database, '--port', '0'],
    ],
    [
      'npx -y pnpm@12.4.2 guided serve',
      'SIGKILL',
      () => ['npx', '-y', 'pnpm@12.4.2', 'guided', 'serve', '--database', database, '--port', '0'],
    ],
    [
      'npx -y pnpm@12.4.2 exec guided mcp --http',
      'SIGTERM',
      () => ['npx', '-y', 'pnpm@12.4.2', 'exec', 'guided', 'mcp', '--http', '--graph', graph, '--port', '0'],
    ],
    ['npx guided serve', 'SIGTERM', () => ['npx', 'guided', 'serve', '--graph', graph, '--port', '0']],
    ['npx guided serve', 'SIGINT', () => ['npx', 'guided', 'serve', '--graph', graph, '--port', '0']],
    ['npx -y pnpm@12.4.2 demo:web', 'SIGTERM', () => ['npx', '-y', 'pnpm@12.4.2', 'demo:web', '--port', '0']],
  ];

  for (const [form, signal, command] of forms) {
    it(`${signal} to the first process of \`${form}\` stops the server under it and frees the port`, async () => {
      const [program = 'npx', ...args] = command();
      const server = await start(program, args, ROOT, box);
      const first = server.process.pid ?? 0;
      const under = descendants(first);
      expect(under.length, 'npx runs the CLI under launchers').toBeGreaterThan(1);
      expect(await portOpen(server.port)).toBe(true);
      server.process.kill(signal);
      await server.exited;
      await until('every process under the first one has ended', () => under.every((pid) => !alive(pid)));
      expect(await portOpen(server.port)).toBe(false);
    }, 240_000);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the CLI run directly closes the port and exits 0`, async () => {
      const server = await start(process.execPath, [CLI, 'serve', '--graph', graph, '--port', '0'], box.work, box);
      server.process.kill(signal);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await portOpen(server.port)).toBe(false);
    });
  }
});
