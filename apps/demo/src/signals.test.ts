/**
 * Stopping a server stops it: SIGTERM or SIGINT to the command a user started (the wrapper that
 * `pnpm guided` runs, tooling/scripts/run-cli.mjs) or to the CLI itself ends every process it
 * started, closes the port, and the wrapper exits as the CLI did. Waits are on events and polling
 * with generous bounds (a hung process fails the test; a slow machine does not).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';
import { sandboxEnv } from './test-support/mcp.js';

const WRAPPER = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'tooling', 'scripts', 'run-cli.mjs');
const BOUND_MS = 60_000;
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

/** Runs `command args…` and resolves once it printed `http://127.0.0.1:<port>` on stderr. */
function start(args: readonly string[], box: Sandbox): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: box.work, env: sandboxEnv(box), stdio: ['ignore', 'ignore', 'pipe'] });
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
    void exited.then(({ code, signal }) => fail(new Error(`exited (${code ?? signal}) before serving:\n${stderr}`)));
  });
}

describe.runIf(linux)('a signal stops the server and every process under it', () => {
  let box: Sandbox;
  let graph: string;
  beforeAll(() => {
    requireBuiltCli();
    // The wrapper's turbo build looks pnpm up on PATH, as `pnpm guided` and `pnpm test` put it there.
    const onPath = (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, 'pnpm')));
    if (!onPath) throw new Error('pnpm is not on PATH: run the tests through pnpm (npx -y pnpm@12.4.2 exec vitest run …)');
    box = sandbox('signals');
    for (const args of [
      ['tpch', '-o', 'small.sqlite', '--scale-factor', '0.001'],
      ['build', 'small.sqlite', '-o', 'small.graph.json'],
    ]) {
      const run = box.run(args);
      if (run.status !== 0) throw new Error(`guided ${args.join(' ')}: ${run.stderr}`);
    }
    graph = join(box.work, 'small.graph.json');
  });
  afterAll(() => box?.remove());

  const servers: [string, () => string[]][] = [
    ['serve --database', () => ['serve', '--database', join(box.work, 'small.sqlite'), '--port', '0']],
    ['mcp --http', () => ['mcp', '--http', '--graph', graph, '--port', '0']],
  ];

  for (const [name, args] of servers) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      it(`${signal} to the wrapper (pnpm guided ${name}) closes the port and leaves no child`, async () => {
        const server = await start([WRAPPER, 'demo', ...args()], box);
        const pid = server.process.pid ?? 0;
        const under = descendants(pid);
        expect(under.length, 'the wrapper runs the CLI as its child').toBeGreaterThan(0);
        expect(await portOpen(server.port)).toBe(true);
        server.process.kill(signal);
        const ended = await server.exited;
        // The CLI stops cleanly on a signal: exit 0, and the wrapper ends as its child did.
        expect(ended).toEqual({ code: 0, signal: null });
        await until('every process under the wrapper has ended', () => under.every((p) => !alive(p)));
        expect(await portOpen(server.port)).toBe(false);
      });
    }

    it(`SIGTERM to the CLI under the wrapper (${name}) ends both, with the CLI's status`, async () => {
      const server = await start([WRAPPER, 'demo', ...args()], box);
      const cli = childrenOf(server.process.pid ?? 0);
      expect(cli).toHaveLength(1);
      process.kill(cli[0] ?? 0, 'SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      await until('the CLI has ended', () => !alive(cli[0] ?? 0));
      expect(await portOpen(server.port)).toBe(false);
    });
  }

  it('a command killed by a signal it does not catch ends the wrapper by that signal', async () => {
    const server = await start([WRAPPER, 'demo', 'serve', '--database', join(box.work, 'small.sqlite'), '--port', '0'], box);
    const cli = childrenOf(server.process.pid ?? 0);
    process.kill(cli[0] ?? 0, 'SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await portOpen(server.port)).toBe(false);
  });
});
