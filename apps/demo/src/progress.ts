/**
 * Progress on stderr in one format for every command (`build`, `profile`, `demo`, `serve`, `mcp`,
 * `retrieve`): a line per step that takes seconds, and per table profiled. `--quiet` silences
 * progress; errors, results and a server's address still print.
 */

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
