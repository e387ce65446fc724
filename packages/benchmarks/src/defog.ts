/**
 * Defog's sql-eval on real PostgreSQL databases (`../shared/benchmarks/defog`, see its SOURCE.md):
 * questions.csv (db_name, question, query, query_category, instructions, source) and one
 * PostgreSQL dump per database. The harness loads each dump into a scratch database on the
 * PostgreSQL server it is given, profiles it read-only through the profiler (the product path),
 * then drops it. It starts no server itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaSpec } from '@guided-retrieval/context-graph';
import { profileForGraph } from '@guided-retrieval/context-graph/build';
import { type DatabaseProfile, redactUrl, withConnection } from '@guided-retrieval/profiler';
import { parseCsv } from '@guided-retrieval/profiler/files';
import pg from 'pg';
import { defogGoldQuery } from './defog-gold.js';
import { BenchmarkDataError } from './files.js';
import type { BenchDatabase, Benchmark, BenchQuestion } from './types.js';

/** The questions of questions.csv, gold SQL reduced to its first alternative (braces expanded). */
export function loadDefogQuestions(dataDir: string): BenchQuestion[] {
  const file = join(dataDir, 'questions.csv');
  if (!existsSync(file))
    throw new BenchmarkDataError(`defog: ${file} not found (expected the benchmark folder holding questions.csv and databases/)`);
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const header = rows.shift() ?? [];
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new BenchmarkDataError(`defog: ${file} has no "${name}" column (found ${header.join(', ')})`);
    return i;
  };
  const [db, question, query, instructions] = [col('db_name'), col('question'), col('query'), col('instructions')];
  const perDb = new Map<string, number>();
  return rows
    .filter((r) => r.length > 1)
    .map((r) => {
      const name = r[db] ?? '';
      const n = perDb.get(name) ?? 0;
      perDb.set(name, n + 1);
      const gold = defogGoldQuery(r[query] ?? '');
      const hint = (r[instructions] ?? '').trim();
      return {
        id: `${name}-${n}`,
        db: name,
        question: r[question] ?? '',
        evidence: hint === '' ? null : hint,
        sql: gold.sql,
        ...(gold.alternatives ? { goldRewritten: true } : {}),
      };
    });
}

/** The databases with a dump under `databases/<db>/<db>.sql`, sorted. */
export function defogDatabaseNames(dataDir: string): string[] {
  const dir = join(dataDir, 'databases');
  if (!existsSync(dir)) throw new BenchmarkDataError(`defog: ${dir} not found`);
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, `${d}.sql`)))
    .sort();
}

/** The server URL with another database name in its path. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Fails with one line when no PostgreSQL answers at `url`. */
export async function checkPostgres(url: string, bench = 'defog'): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new BenchmarkDataError(
      `${bench}: no PostgreSQL reachable at ${redactUrl(url)} (${message.split('\n')[0]}); start one with .ci/setup-postgres.sh and pass --postgres or GUIDED_TEST_POSTGRES_URL`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Loads `databases/<db>/<db>.sql` into a fresh scratch database (`guided_defog_<db>` unless
 * `scratch` names another) on the server at `serverUrl`, profiles it read-only as `guided profile`
 * does, drops the scratch database and returns the profile (named `db`).
 */
export async function profileDefogDatabase(
  dataDir: string,
  db: string,
  serverUrl: string,
  onProgress?: (message: string) => void,
  scratch = scratchName('guided_defog_', db),
): Promise<DatabaseProfile> {
  const file = join(dataDir, 'databases', db, `${db}.sql`);
  return profileScratchDatabase(
    serverUrl,
    scratch,
    db,
    (url) => loadSqlFile(url, file, `defog: loading ${db}.sql into ${scratch}`),
    onProgress,
  );
}

/** `prefix` and the database's name, lower-cased, anything but [a-z0-9_] made `_`. */
export function scratchName(prefix: string, db: string): string {
  return `${prefix}${db.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** Runs a whole SQL file (no psql meta-commands) through one client connected to `url`. */
async function loadSqlFile(url: string, file: string, what: string): Promise<void> {
  const loader = new pg.Client({ connectionString: url });
  await loader.connect();
  try {
    await loader.query(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BenchmarkDataError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await loader.end();
  }
}

/**
 * Creates the scratch database `scratch` on the server at `serverUrl` (dropping any left over),
 * fills it through `load(url)`, profiles it read-only through the profiler (named `name`) and drops
 * it again, whatever happened.
 */
export async function profileScratchDatabase(
  serverUrl: string,
  scratch: string,
  name: string,
  load: (url: string) => Promise<void>,
  onProgress?: (message: string) => void,
): Promise<DatabaseProfile> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.query(`CREATE DATABASE ${scratch}`);
    const url = withDatabase(serverUrl, scratch);
    await load(url);
    onProgress?.(`${name}: loaded into ${scratch}, profiling`);
    return await withConnection(url, {}, (connector) => profileForGraph(connector, { database: name }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`).catch(() => {});
    await admin.end();
  }
}

/** The profile's tables and columns as a schema (names only: the graph is built from the profile). */
export function schemaOfProfile(profile: DatabaseProfile): SchemaSpec {
  return {
    database: profile.database,
    tables: profile.tables.map((t) => ({ name: t.name, primaryKey: t.primaryKey, columns: t.columns.map((c) => c.name) })),
  };
}

export interface DefogLoadOptions {
  /** The PostgreSQL server the scratch databases are made on (its own database is left alone). */
  postgresUrl: string;
  /** Only these databases (default: every database the questions use). */
  databases?: readonly string[];
  onProgress?: (message: string) => void;
}

/** Defog's questions and, for each database asked about, its profile through the product path. */
export async function loadDefog(
  dataDir: string,
  options: DefogLoadOptions,
): Promise<{ benchmark: Benchmark; profileMs: Record<string, number> }> {
  const questions = loadDefogQuestions(dataDir);
  const known = defogDatabaseNames(dataDir);
  const wanted = options.databases && options.databases.length > 0 ? options.databases : [...new Set(questions.map((q) => q.db))];
  const missing = wanted.filter((d) => !known.includes(d));
  if (missing.length > 0) throw new BenchmarkDataError(`unknown database ${missing.join(', ')} in defog; it has ${known.join(', ')}`);
  await checkPostgres(options.postgresUrl);
  const databases: BenchDatabase[] = [];
  const profileMs: Record<string, number> = {};
  for (const db of wanted) {
    const started = performance.now();
    const profile = await profileDefogDatabase(dataDir, db, options.postgresUrl, options.onProgress);
    profileMs[db] = Math.round(performance.now() - started);
    databases.push({ name: db, schema: schemaOfProfile(profile), profile });
  }
  return { benchmark: { name: 'defog', databases, questions }, profileMs };
}
