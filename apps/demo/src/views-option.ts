import { VIEW_MODES, type ViewMode } from '@guided-retrieval/profiler';
import { InvalidArgumentError } from 'commander';

/** `--views`' help: what each mode does to views and materialized views. */
export const VIEWS_HELP =
  'views and materialized views (PostgreSQL, DuckDB): none (default: left out), list (with their kind and columns, no row read), profile (read like tables)';

/** `--views <mode>`: one of `VIEW_MODES`. */
export function viewMode(value: string): ViewMode {
  const mode = VIEW_MODES.find((m) => m === value.trim().toLowerCase());
  if (mode === undefined) throw new InvalidArgumentError(`must be one of ${VIEW_MODES.join(', ')}, got "${value}"`);
  return mode;
}
