import { type ChildProcess, spawn } from 'node:child_process';
import { CLI, requireBuiltCli } from './cli.js';

/** `guided serve …` (or `guided demo --web …`) as a child process on a free port. */
export interface TestServer {
  url: string;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts the built CLI with `args` plus `--port 0` and resolves with the URL it prints on stderr. */
export function startTestServer(args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<TestServer> {
  requireBuiltCli();
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args, '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server printed no URL within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    child.stdout?.resume();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stderr: () => stderr, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its URL; stderr:\n${stderr}`));
    });
  });
}
