#!/usr/bin/env node
// `run-cli.mjs <app> [args…]` runs apps/<app>'s CLI (`demo` is `guided`, `eval` is `guided-eval`) from the repo root, building the workspace first when needed. Build
// output goes to stderr so that `pnpm demo --json …` prints nothing but JSON on stdout.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const [app = 'demo', ...args] = process.argv.slice(2);
const build = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
    'run',
    'build',
    `--filter=@guided-retrieval/${app}...`,
    '--output-logs=errors-only',
    '--log-prefix=none',
  ],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
);
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}guided: the workspace did not build (above)\n`);
  process.exit(build.status ?? 1);
}
const cli = spawnSync(process.execPath, [join(root, 'apps', app, 'dist', 'cli.js'), ...args], {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: pnpm sets INIT_CWD to the folder the command was typed in.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env,
  stdio: 'inherit',
});
process.exit(cli.status ?? 1);
