/**
 * What the command line says about its options before any command runs: help texts, defaults
 * and argument parsers. It imports nothing heavy, so `guided --help` and `guided --version` load
 * commander and this file only (each command's work is imported when it runs: `program.ts`).
 */
import type { ViewMode } from '@guided-retrieval/profiler';
import { InvalidArgumentError } from 'commander';

/** `guided demo`'s question when none is given: the paper's example. */
export const DEMO_QUESTION = 'Which Indian suppliers are shipping the most to China?';

export const SOURCE_HELP =
  'a SQLite, DuckDB or Parquet file, a folder of Parquet files, a profile JSON from `guided profile`, a dbt manifest.json, an INFORMATION_SCHEMA.COLUMNS export (columns.csv or .json), or postgres://user:password@host:port/database or mysql://user:password@host:port/database (mariadb:// too; the password is never printed)';

/** What `guided learn` reads, told by each file's name and content. */
export const LEARN_FILES_HELP =
  'question–SQL pairs (JSONL lines {"question", "sql"}, or CSV with question and sql columns) or query logs (a .sql file of statements, a pg_stat_statements export as CSV with a query column, a dbt manifest.json with compiled models)';

/** `--llm <spec>` and `--embedder <spec>`, shared by the subcommands that retrieve. */
export interface ModelFlags {
  llm?: string;
  embedder?: string;
}

export const LLM_HELP =
  'chat model for disambiguation and path selection, e.g. ollama:qwen2.5:7b@http://127.0.0.1:11434 or openai:gpt-4o-mini (default: none; the fitted choice among candidate trees decides, no model needed)';
export const EMBEDDER_HELP =
  'embedder for semantic enrichment, e.g. ollama:nomic-embed-text, openai:text-embedding-3-small, transformers:<model folder> (default: the offline lexical one)';

/** `--views`' help: what each mode does to views and materialized views. */
export const VIEWS_HELP =
  'views and materialized views (PostgreSQL, DuckDB): none (default: left out), list (with their kind and columns, no row read), profile (read like tables)';

/** The profiler's `VIEW_MODES`, listed here so that parsing `--views` loads no connector (a test keeps the two equal). */
export const VIEW_CHOICES: readonly ViewMode[] = ['none', 'list', 'profile'];

/** `--views <mode>`: one of `VIEW_CHOICES`. */
export function viewMode(value: string): ViewMode {
  const mode = VIEW_CHOICES.find((m) => m === value.trim().toLowerCase());
  if (mode === undefined) throw new InvalidArgumentError(`must be one of ${VIEW_CHOICES.join(', ')}, got "${value}"`);
  return mode;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_MCP_PORT = 8788;
/** The path `guided mcp --http` answers on. */
export const MCP_PATH = '/mcp';

export function port(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n > 65535)
    throw new InvalidArgumentError(`must be an integer in [0, 65535], got "${value}"`);
  return n;
}

export function scaleFactor(value: string): number {
  const sf = Number(value);
  if (!Number.isFinite(sf) || sf <= 0 || sf > 10) throw new InvalidArgumentError(`must be a number in (0, 10], got "${value}"`);
  return sf;
}

export function seed(value: string): number {
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`must be an integer, got "${value}"`);
  return n;
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError(`must be a positive integer, got "${value}"`);
  return n;
}

export function unitInterval(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`must be a number in [0, 1], got "${value}"`);
  return n;
}

/** How `guided retrieve` prints a result. */
export const FORMATS = ['text', 'json', 'prompt', 'sql'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_HELP =
  'text (each phase, the tree and the columns; default), json (the full result alone on stdout, as --json), prompt (the schema context an LLM writing the SQL needs: the tables, the columns the question needs with types and values, the joins, within --max-tokens) or sql (the bare FROM clause)';

/** `--max-tokens`: a whole number of tokens ≥ 1, or one clear error. */
export function maxTokens(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError(`must be a whole number of tokens ≥ 1, got "${value}"`);
  return n;
}
