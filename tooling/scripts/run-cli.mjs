#!/usr/bin/env node
// `run-cli.mjs <app> [args…]` runs apps/<app>'s CLI (`demo` is `guided`, `eval` is `guided-eval`)
// for the root scripts (`pnpm demo`, `pnpm demo:web`, `pnpm eval …`): it builds what the app needs
// first (turbo, cached), saying on stderr which package it builds as each one starts (the first
// build takes half a minute; a cached one says nothing), then runs the CLI in this same process.
// So there is no child to pass signals to: SIGINT or SIGTERM reaches the CLI itself, and the
// CLI stops when a launcher above it (pnpm, npx) has ended (apps/demo/src/launchers.ts).
// Everything but the CLI's own output goes to stderr, so `pnpm demo --json …` prints JSON alone.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [app = 'demo', ...args] = process.argv.slice(2);
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const say = (line) => process.stderr.write(`${line}\n`);

/** Builds the app and the packages it depends on; resolves with how turbo ended. Signals to this process are passed on to it. */
function build() {
  return new Promise((resolve) => {
    const started = performance.now();
    const turbo = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
        'run',
        'build',
        `--filter=@guided-retrieval/${app}...`,
        '--output-logs=new-only',
      ],
      { cwd: root, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const forward = (signal) => turbo.kill(signal);
    for (const signal of SIGNALS) process.on(signal, forward);
    const output = [];
    let built = 0;
    let rest = '';
    const read = (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const miss = /^(\S+):build: cache miss/.exec(line);
        if (miss) {
          built++;
          say(`guided: building ${miss[1]}…`);
        }
      }
    };
    turbo.stdout.setEncoding('utf8').on('data', read);
    turbo.stderr.setEncoding('utf8').on('data', read);
    turbo.once('error', (error) => output.push(error.message));
    turbo.once('close', (code, signal) => {
      for (const s of SIGNALS) process.off(s, forward);
      if (rest) output.push(rest);
      if (code === 0 && built > 0)
        say(`guided: built ${built} package${built === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve({ code, signal, output: output.join('\n') });
    });
  });
}

const built = await build();
if (built.signal) process.kill(process.pid, built.signal);
else if (built.code !== 0) {
  process.stderr.write(`${built.output}\nguided: the workspace did not build (above)\n`);
  process.exitCode = built.code ?? 1;
} else {
  // pnpm runs a root script in the root; INIT_CWD is where the command was typed, which relative paths mean.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: pnpm sets INIT_CWD.
  process.chdir(process.env.INIT_CWD ?? process.cwd());
  const cli = join(root, 'apps', app, 'dist', 'cli.js');
  process.argv = [process.argv[0] ?? process.execPath, cli, ...args];
  await import(pathToFileURL(cli).href);
}
