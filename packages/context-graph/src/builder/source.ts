/**
 * What `buildGraph` (and so `guided build`, `serve --database`, `demo --database`) reads: a SQLite, DuckDB or Parquet
 * file, a folder of Parquet files, `sqlite:<file>`, `duckdb:<file>`, a `postgres://` or `mysql://` URL, a
 * profile JSON written by `guided profile`, a dbt `manifest.json`, or an `INFORMATION_SCHEMA.COLUMNS`
 * export (CSV or JSON) — the files told by their content. Errors are one line naming the source
 * (a URL with its password as `***`).
 */
import type { Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { type ConnectorEngine, ProfilerError, parseConnection, redactUrl } from '@guided-retrieval/profiler';
import { sniffFile } from '@guided-retrieval/profiler/files';
import { GraphBuildError } from '../errors.js';

export type Source =
  /** A profile JSON from `guided profile`: no database behind it. */
  | { kind: 'profile'; path: string; display: string }
  /** A dbt `manifest.json` (its `metadata.dbt_schema_version` says so): a schema with no database behind it. */
  | { kind: 'dbt'; path: string; display: string }
  /** An `INFORMATION_SCHEMA.COLUMNS` export: a JSON array of rows, or a CSV whose header names `column_name`. */
  | { kind: 'catalog-export'; path: string; display: string }
  | {
      kind: 'database';
      engine: ConnectorEngine;
      /** The file or folder (absolute), or the PostgreSQL or MySQL URL (with its password: never print it). */
      target: string;
      /** Safe to print: the path, or the URL with its password as `***`. */
      display: string;
      /** The graph's database name unless given: a file's or folder's name without extension; none for a URL (its database). */
      name?: string;
    };

/** What a source can be, in a few words. */
export const SOURCE_KINDS =
  'a SQLite, DuckDB or Parquet file, a folder of Parquet files, a profile JSON from `guided profile`, a dbt manifest.json, an INFORMATION_SCHEMA.COLUMNS export (CSV or JSON), or a postgres:// or mysql:// URL';

const stem = (path: string) => basename(path, extname(path));

/**
 * A profiler error as a `GraphBuildError` naming the source (unless its message already does; a
 * PostgreSQL error's `host:port` goes, the URL before it says more).
 */
export function sourceError(display: string, error: unknown): unknown {
  if (!(error instanceof ProfilerError)) return error;
  if (error.message.includes(display)) return new GraphBuildError(error.message, { cause: error });
  const message = /^(postgres(ql)?|mysql|mariadb):/i.test(display)
    ? error.message.replace(/^(PostgreSQL(?: server unreachable)?|MySQL(?: server unreachable| connection lost)?): [^\s/]+:\d+: /, '$1: ')
    : error.message;
  return new GraphBuildError(`${display}: ${message}`, { cause: error });
}

function fileSource(connection: { engine: ConnectorEngine; target: string }): Source {
  const target = resolve(connection.target);
  return { kind: 'database', engine: connection.engine, target, display: target, name: stem(target) };
}

/**
 * What a text file's first bytes say it is: a dbt manifest (a JSON object whose metadata names a
 * dbt schema; dbt writes `metadata` first), a JSON object (a profile, or a graph said so later),
 * a catalog export (a JSON array, or a `.csv` / a first line naming `column_name`), or none of these.
 */
async function sniffText(path: string): Promise<'dbt' | 'json-object' | 'catalog-export' | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    if (/^\s*\{/.test(head)) return /"dbt_schema_version"\s*:/.test(head) ? 'dbt' : 'json-object';
    if (/^\s*\[/.test(head)) return 'catalog-export';
    const firstLine = head.split(/\r?\n|\r/, 1)[0] ?? '';
    if (/\.csv$/i.test(path) || /(^|[,"])\s*column_name\s*("|,|$)/i.test(firstLine)) return 'catalog-export';
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Tells what `text` names; reads no more than a file's first bytes and opens no database. */
export async function resolveSource(text: string): Promise<Source> {
  const input = text.trim();
  if (input === '') throw new GraphBuildError(`no database given: pass ${SOURCE_KINDS}`);
  if (/^postgres(ql)?:\/\//i.test(input)) return { kind: 'database', engine: 'postgres', target: input, display: redactUrl(input) };
  if (/^(mysql|mariadb):\/\//i.test(input)) return { kind: 'database', engine: 'mysql', target: input, display: redactUrl(input) };
  if (/^(sqlite|duckdb):/i.test(input) || /^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    try {
      return fileSource(await parseConnection(input));
    } catch (error) {
      throw sourceError(redactUrl(input), error);
    }
  }
  const path = resolve(input);
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new GraphBuildError(`database file not found: ${path}`);
    if (code === 'EACCES') throw new GraphBuildError(`permission denied: ${path}`);
    throw new GraphBuildError(`cannot read ${path}: ${code ?? (error as Error).message}`);
  }
  try {
    if (info.isDirectory()) return fileSource(await parseConnection(path)); // a folder of Parquet files, or one line saying it holds none
    if (!info.isFile()) throw new GraphBuildError(`not a database file: ${path} is not a regular file`);
    const engine = await sniffFile(path);
    if (engine) return fileSource({ engine, target: path });
    if (info.size === 0 && !/\.(sqlite3?|db3?|s3db|sl3)$/i.test(path))
      throw new GraphBuildError(`${path} is empty (0 bytes): not a database`);
    const text = await sniffText(path);
    if (text === 'dbt') return { kind: 'dbt', path, display: path };
    if (text === 'catalog-export') return { kind: 'catalog-export', path, display: path };
    if (text === 'json-object') return { kind: 'profile', path, display: path };
    return fileSource(await parseConnection(path)); // by extension, else one line saying what it is not
  } catch (error) {
    if (error instanceof ProfilerError && error.code === 'not-a-database' && /^not a SQLite, DuckDB or Parquet file/.test(error.message)) {
      throw new GraphBuildError(`${path} is not a database: expected ${SOURCE_KINDS}`, { cause: error });
    }
    if (error instanceof ProfilerError && error.code === 'permission-denied')
      throw new GraphBuildError(`permission denied: ${path}`, { cause: error });
    throw sourceError(path, error);
  }
}
