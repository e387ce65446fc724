import { type ChildProcess, spawn } from 'node:child_process';
import { CLI, requireBuiltCli } from './cli.js';

/** `guided serve …` (or `guided demo --web …`) as a child process on a free port. */
export interface TestServer {
  url: string;
  stderr: () => string;
  /** Settles once the server has written a line matching `pattern` on stderr (at once if it already has). */
  printed(pattern: RegExp): Promise<void>;
  /** SIGTERM, then waits for the process to exit: how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface TestServerOptions {
  /** How long the server may take to print its URL (default 120 s): a bound for a hung start only. */
  timeoutMs?: number;
  /**
   * The server writes `test-server: forked <module>` on stderr each time it forks a child process
   * (a row preview), so that a test can wait for that event (`printed`) instead of a while.
   */
  announceForks?: boolean;
}

/** Preloaded with --import: wraps child_process.fork (the ESM binding preview.ts imports too) to say on stderr what it forks. */
const ANNOUNCE_FORKS = [
  "import childProcess from 'node:child_process';",
  "import { syncBuiltinESMExports } from 'node:module';",
  'const fork = childProcess.fork;',
  'childProcess.fork = function (...args) {',
  '  const child = fork.apply(this, args);',
  "  process.stderr.write('test-server: forked ' + String(args[0]) + '\\n');",
  '  return child;',
  '};',
  'syncBuiltinESMExports();',
].join('\n');

/** Starts the built CLI with `args` plus `--port 0` and resolves with the URL it prints on stderr. */
export function startTestServer(args: readonly string[], env: NodeJS.ProcessEnv, options: TestServerOptions = {}): Promise<TestServer> {
  requireBuiltCli();
  const timeoutMs = options.timeoutMs ?? 120_000;
  const preload = options.announceForks ? ['--import', `data:text/javascript,${encodeURIComponent(ANNOUNCE_FORKS)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...preload, CLI, ...args, '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const watchers: { pattern: RegExp; resolve: () => void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const printed = (pattern: RegExp) =>
    pattern.test(stderr) ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ pattern, resolve }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server printed no URL within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    child.stdout?.resume();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      for (const w of watchers.filter((w) => w.pattern.test(stderr))) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve();
      }
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stderr: () => stderr, printed, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its URL; stderr:\n${stderr}`));
    });
  });
}
