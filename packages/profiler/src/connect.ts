import { extname } from 'node:path';
import { type Connector, closeAfter } from './connector.js';
import { type DuckdbOptions, openDuckdb, parquetFolder } from './duckdb.js';
import { ProfilerError } from './errors.js';
import { type MysqlOptions, openMysql } from './mysql.js';
import { openPostgres, type PostgresOptions } from './postgres.js';
import { type ProfileOptions, profileDatabase } from './profile.js';
import { redactUrl } from './redact.js';
import { sniffFile } from './sniff.js';
import { openSqlite } from './sqlite.js';
import type { ConnectorEngine, DatabaseProfile } from './types.js';

/** Where a connection string points: an engine and a file path or a URL. */
export interface Connection {
  engine: ConnectorEngine;
  /** The file (SQLite, DuckDB or Parquet) or the PostgreSQL or MySQL URL. */
  target: string;
  /** The same, safe to print (password replaced by `***`). */
  display: string;
}

const SQLITE_EXTENSIONS = new Set(['.sqlite', '.sqlite3', '.db', '.db3', '.s3db', '.sl3']);
const DUCKDB_EXTENSIONS = new Set(['.duckdb', '.ddb', '.parquet']);

/**
 * Reads a connection string: `postgres://…` / `postgresql://…`, `mysql://…` / `mariadb://…`,
 * `sqlite:<path>`, `duckdb:<path>`,
 * a bare file path whose engine comes from its first bytes (else its extension: `.sqlite`,
 * `.db`, … → SQLite; `.duckdb`, `.ddb`, `.parquet` → DuckDB), or a folder of `.parquet` files
 * (DuckDB: each file a table). Errors are one line, without passwords.
 */
export async function parseConnection(text: string): Promise<Connection> {
  const input = text.trim();
  if (input === '') throw new ProfilerError('bad-connection', 'empty connection string');
  if (/^postgres(ql)?:\/\//i.test(input)) return { engine: 'postgres', target: input, display: redactUrl(input) };
  if (/^(mysql|mariadb):\/\//i.test(input)) return { engine: 'mysql', target: input, display: redactUrl(input) };
  const scheme = /^(sqlite|duckdb):(?:\/\/)?(.*)$/i.exec(input);
  if (scheme) {
    const path = scheme[2] ?? '';
    if (path === '') throw new ProfilerError('bad-connection', `no file in connection string: ${input}`);
    return { engine: scheme[1]?.toLowerCase() === 'duckdb' ? 'duckdb' : 'sqlite', target: path, display: path };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    const scheme = input.slice(0, input.indexOf(':'));
    throw new ProfilerError(
      'bad-connection',
      `unsupported connection string scheme "${scheme}:" in ${redactUrl(input)}: use a file path, sqlite:<file>, duckdb:<file>, postgres://user:password@host:port/database or mysql://user:password@host:port/database`,
    );
  }
  const sniffed = await sniffFile(input);
  if (sniffed) return { engine: sniffed, target: input, display: input };
  if (await parquetFolder(input)) return { engine: 'duckdb', target: input, display: input };
  const ext = extname(input).toLowerCase();
  if (SQLITE_EXTENSIONS.has(ext)) return { engine: 'sqlite', target: input, display: input };
  if (DUCKDB_EXTENSIONS.has(ext)) return { engine: 'duckdb', target: input, display: input };
  throw new ProfilerError('not-a-database', `not a SQLite, DuckDB or Parquet file: ${input}`);
}

/** Opens any connection string read-only (see `parseConnection`). */
export async function openConnection(text: string, options: PostgresOptions & MysqlOptions & DuckdbOptions = {}): Promise<Connector> {
  const connection = await parseConnection(text);
  if (connection.engine === 'postgres') return openPostgres(connection.target, options);
  if (connection.engine === 'mysql') return openMysql(connection.target, options);
  if (connection.engine === 'duckdb') return openDuckdb(connection.target, options);
  return openSqlite(connection.target);
}

/**
 * Opens any connection string read-only (see `parseConnection`), runs `use` on it and closes it,
 * also when `use` fails: for work beside or around profiling (listing the tables first, naming the
 * profile after the connector's database).
 */
export async function withConnection<T>(
  text: string,
  options: PostgresOptions & MysqlOptions & DuckdbOptions,
  use: (connector: Connector) => Promise<T>,
): Promise<T> {
  return closeAfter(await openConnection(text, options), use);
}

/** Opens any connection string read-only, profiles it and closes it (also when profiling fails). */
export async function profileConnection(
  text: string,
  options: ProfileOptions & PostgresOptions & MysqlOptions & DuckdbOptions = {},
): Promise<DatabaseProfile> {
  return withConnection(text, options, (connector) => profileDatabase(connector, options));
}
