/**
 * Progress on stderr in one format for every command (`build`, `profile`, `demo`, `serve`, `mcp`,
 * `retrieve`): a line per step that takes seconds, and per table profiled. `--quiet` silences
 * progress; errors, results and a server's address still print.
 */
import type { ProfileProgress, TableDone } from '@guided-retrieval/profiler';

let quiet = false;

/** Set once from `--quiet`, before a command runs. */
export function setQuiet(value: boolean): void {
  quiet = value;
}

/** A progress line on stderr, unless `--quiet`. */
export function progress(message: string): void {
  if (!quiet) process.stderr.write(`${message}\n`);
}

/** A line on stderr that `--quiet` keeps: where a server listens, what failed while serving. */
export function say(message: string): void {
  process.stderr.write(`${message}\n`);
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const tableStarted = (e: ProfileProgress) => `profiling [${e.index + 1}/${e.total}] ${e.table}…`;

export const tableDone = (e: TableDone) =>
  `profiled [${e.index + 1}/${e.total}] ${e.table}: ${plural(e.rowCount, 'row')}, ${e.sampledRows} sampled, ${e.ms} ms`;

export const profiledAll = (tables: number, source: string, ms: number) =>
  `profiled ${plural(tables, 'table')} of ${source} in ${(ms / 1000).toFixed(1)} s`;
