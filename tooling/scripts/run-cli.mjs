#!/usr/bin/env node
// `run-cli.mjs <app> [args…]` runs apps/<app>'s CLI (`demo` is `guided`, `eval` is `guided-eval`) from the repo root, building the workspace first when needed. Build
// output goes to stderr so that `pnpm demo --json …` prints nothing but JSON on stdout.
//
// SIGINT, SIGTERM and SIGHUP sent to this wrapper are passed on to the child it runs (the build,
// then the CLI), and the wrapper ends as the child did: its exit code, or the same signal. So
// `kill <pid of pnpm guided serve>` stops the server, and no child outlives the command.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const [app = 'demo', ...args] = process.argv.slice(2);
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Runs a child with the wrapper's signals forwarded to it; resolves with how it ended. */
function run(command, commandArgs, options) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, options);
    const forward = (signal) => child.kill(signal);
    for (const signal of SIGNALS) process.on(signal, forward);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code, signal) => {
      for (const s of SIGNALS) process.off(s, forward);
      resolve({ code, signal, output: Buffer.concat(output).toString('utf8') });
    });
  });
}

/** Ends this process as the child ended: by the same signal (handlers removed, so it is not caught again), else its code. */
function endAs({ code, signal }) {
  if (signal) {
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

const build = await run(
  process.execPath,
  [
    join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
    'run',
    'build',
    `--filter=@guided-retrieval/${app}...`,
    '--output-logs=errors-only',
    '--log-prefix=none',
  ],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
);
if (build.signal || build.code !== 0) {
  if (!build.signal) process.stderr.write(`${build.output}guided: the workspace did not build (above)\n`);
  endAs(build);
} else {
  endAs(
    await run(process.execPath, [join(root, 'apps', app, 'dist', 'cli.js'), ...args], {
      // biome-ignore lint/suspicious/noUndeclaredEnvVars: pnpm sets INIT_CWD to the folder the command was typed in.
      cwd: process.env.INIT_CWD ?? process.cwd(),
      env,
      stdio: 'inherit',
    }),
  );
}
