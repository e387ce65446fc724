/**
 * For the fault suite (`src/faults/`): the Chinook sample in a sandbox, the built CLI as a child
 * process whose output is collected, and what a folder holds (the "nothing left behind" checks).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { CLI, type Sandbox } from './cli.js';
import { sandboxEnv } from './mcp.js';

/** Chinook (11 tables) as `Chinook.sqlite` in the sandbox's working folder: its path. */
export function chinook(box: Sandbox, folder = box.work): string {
  const path = join(folder, 'Chinook.sqlite');
  writeFileSync(path, gunzipSync(readFileSync(new URL('./sample-dbs/Chinook_Sqlite.sqlite.gz', import.meta.url))));
  return path;
}

/** A one-table database (`tiny.sqlite` in the working folder): an earlier run's small, whole output. Its path. */
export function tinyDatabase(box: Sandbox): string {
  const path = join(box.work, 'tiny.sqlite');
  const db = new Database(path);
  db.exec("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'kept')");
  db.close();
  return path;
}

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running CLI: its process, its stderr so far, and its end (after its output is read). */
export interface Running {
  child: ChildProcess;
  stderr(): string;
  ended: Promise<Ended>;
}

/** Runs `command args…` (default: `node dist/cli.js args…`) in the sandbox's working folder. */
export function start(box: Sandbox, args: readonly string[], options: { env?: NodeJS.ProcessEnv; command?: string[] } = {}): Running {
  const [program = process.execPath, ...before] = options.command ?? [process.execPath, CLI];
  const child = spawn(program, [...before, ...args], {
    cwd: box.work,
    env: { ...sandboxEnv(box), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<Ended>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, stderr: () => stderr, ended };
}

/** What a folder holds, sorted. */
export function listing(folder: string): string[] {
  return readdirSync(folder).sort();
}

/** The one stderr line of a failed run (fails the test when there are more, or a stack trace). */
export function oneLine(run: Ended): string {
  const lines = run.stderr.trimEnd().split('\n');
  if (lines.length !== 1 || /^\s+at /m.test(run.stderr)) throw new Error(`expected one stderr line, got:\n${run.stderr}`);
  return lines[0] ?? '';
}
