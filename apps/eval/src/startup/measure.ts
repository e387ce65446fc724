/**
 * Timing `guided` as a user meets it: a fresh process run to its end, a server asked question after
 * question, and a server stopped through the process that started it. Each is wall time on this
 * machine, beside `node -e 0` in the same run (what the machine's load adds to any process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/** Milliseconds of wall time of `node args…` run to its end, `runs` times; throws on a failed run. */
export async function timeRuns(args: readonly string[], runs: number, cwd: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { code, stderr } = await runToEnd(process.execPath, args, cwd);
    if (code !== 0) throw new Error(`node ${args.join(' ')} failed (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`);
    times.push(performance.now() - started);
  }
  return times;
}

function runToEnd(command: string, args: readonly string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  /** Milliseconds from the spawn to the URL on stderr. */
  ms: number;
  exited: Promise<void>;
}

/** Starts `command args…` and resolves once it printed `http://127.0.0.1:<port>/…` on stderr. */
export function startServer(command: string, args: readonly string[], cwd: string, timeoutMs = 300_000): Promise<Started> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} printed no URL within ${timeoutMs / 1000} s:\n${stderr}`));
    }, timeoutMs);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(stderr)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, ms: performance.now() - started, exited });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited before serving:\n${stderr}`));
    });
  });
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

/**
 * Milliseconds from `signal` sent to the server's first process (npx, pnpm) to its port refusing
 * connections; undefined when it still listens after `boundMs` (the server under it is then killed).
 */
export async function timeStop(server: Started, signal: NodeJS.Signals, boundMs: number, killAll: () => void): Promise<number | undefined> {
  const port = Number(new URL(server.url).port);
  const sent = performance.now();
  server.child.kill(signal);
  while (performance.now() - sent < boundMs) {
    if (!(await portOpen(port))) return performance.now() - sent;
    await new Promise((r) => setTimeout(r, 20));
  }
  killAll();
  return undefined;
}

/** `POST /api/retrieve` without a row preview: the retrieval's own time (`trace.timings.total`), in ms. */
export async function askServer(url: string, question: string): Promise<number> {
  const response = await fetch(new URL('api/retrieve', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question, preview: false }),
  });
  const body = (await response.json()) as { trace?: { timings?: { total?: number } }; error?: string };
  const total = body.trace?.timings?.total;
  if (!response.ok || typeof total !== 'number') throw new Error(`${url}: "${question}": ${body.error ?? response.status}`);
  return total;
}
