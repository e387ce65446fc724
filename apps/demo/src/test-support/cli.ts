import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContextGraphData, parseGraph } from '@guided-retrieval/context-graph';
import { expect } from 'vitest';

/** The built CLI that these tests run: `apps/demo/dist/cli.js`. */
export const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'cli.js');

/** What a graph file holds, read as the CLI reads it: the file itself is compact (format version 2), not the data's own shape. */
export function graphData(file: string): ContextGraphData {
  return parseGraph(readFileSync(file, 'utf8'), file).toData();
}

/** Fails with a useful message when the CLI has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: build the workspace first (npx -y pnpm@12.4.2 build)`);
}

export interface CliRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A scratch directory for one test file: `cache` is its GUIDED_CACHE_DIR, `work` its working directory. */
export interface Sandbox {
  root: string;
  cache: string;
  work: string;
  run(args: readonly string[]): CliRun;
  remove(): void;
}

export function sandbox(prefix: string): Sandbox {
  const root = mkdtempSync(join(tmpdir(), `guided-${prefix}-`));
  const cache = join(root, 'cache');
  const work = join(root, 'work');
  mkdirSync(work);
  const env: NodeJS.ProcessEnv = { ...process.env, GUIDED_CACHE_DIR: cache, XDG_CACHE_HOME: join(root, 'xdg') };
  delete env.GUIDED_DEBUG; // it would print stack traces
  delete env.FORCE_COLOR;
  return {
    root,
    cache,
    work,
    run(args) {
      const child = spawnSync(process.execPath, [CLI, ...args], { cwd: work, env, encoding: 'utf8', timeout: 120_000 });
      if (child.error) throw child.error;
      return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** A failed run that printed one line on stderr, nothing on stdout, and no stack trace. */
export function expectOneLineError(run: CliRun, ...mentions: readonly string[]): string {
  expect(run.status, `expected a non-zero exit; stderr: ${run.stderr}`).not.toBe(0);
  expect(run.status).not.toBeNull();
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines, `expected one stderr line, got:\n${run.stderr}`).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  const line = lines[0] ?? '';
  expect(line).toMatch(/^guided: error: /);
  for (const mention of mentions) expect(line).toContain(mention);
  return line;
}
