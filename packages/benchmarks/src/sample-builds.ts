/**
 * The databases of the sample questions and their two builds, each through the product path:
 * `sqlite`, each SQLite file profiled read-only; `postgres`, each PostgreSQL dump loaded whole into
 * a scratch database `guided_sq_<db>` (psql for the sample dumps, whose COPY data needs it; the
 * Defog loader for Defog's), profiled read-only, and dropped. The graph is then built from the
 * profile as `guided build` does (bench/graph.ts: `defaultJoinEdges`, then `buildContextGraph`).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { profileForGraph } from '@guided-retrieval/context-graph/build';
import { type DatabaseProfile, withConnection } from '@guided-retrieval/profiler';
import { checkPostgres, profileDefogDatabase, profileScratchDatabase, schemaOfProfile, scratchName } from './defog.js';
import { BenchmarkDataError } from './files.js';
import { resolveQuestionTables, type SampleQuestion } from './sample-questions.js';
import type { BenchDatabase, Benchmark, BenchQuestion } from './types.js';

export type SampleBuild = 'sqlite' | 'postgres';
export const SAMPLE_BUILDS: readonly SampleBuild[] = ['sqlite', 'postgres'];

/** A database of the sample questions; paths are under `--data` (the folder holding sample-dbs/ and defog/). */
export interface SampleDatabase {
  name: string;
  /** The SQLite file. */
  sqlite?: string;
  /** PostgreSQL: SQL files run by psql in order, or Defog's dump of the same name under this Defog folder. */
  postgres?: { psql: string[] } | { defog: string };
}

export const SAMPLE_DATABASES: readonly SampleDatabase[] = [
  {
    name: 'chinook',
    sqlite: 'sample-dbs/chinook/Chinook_Sqlite.sqlite',
    postgres: { psql: ['sample-dbs/chinook/Chinook_PostgreSql.sql'] },
  },
  {
    name: 'northwind',
    sqlite: 'sample-dbs/northwind/northwind.sqlite',
    postgres: { psql: ['sample-dbs/northwind/postgres/northwind.sql'] },
  },
  {
    name: 'sakila',
    sqlite: 'sample-dbs/sakila/sakila.sqlite',
    postgres: { psql: ['sample-dbs/sakila/postgres-sakila-schema.sql', 'sample-dbs/sakila/postgres-sakila-insert-data-using-copy.sql'] },
  },
  { name: 'world', sqlite: 'sample-dbs/world/world.sqlite' },
  { name: 'adventureworks', sqlite: 'sample-dbs/adventureworks/adventureworks.sqlite' },
  { name: 'broker', postgres: { defog: 'defog' } },
  { name: 'car_dealership', postgres: { defog: 'defog' } },
  { name: 'yelp', postgres: { defog: 'defog' } },
];

/** Whether `db` has a `build`. */
export function hasBuild(db: SampleDatabase, build: SampleBuild): boolean {
  return build === 'sqlite' ? db.sqlite !== undefined : db.postgres !== undefined;
}

/**
 * A dump as psql may run it into a scratch database: `CREATE DATABASE` and `DROP DATABASE`
 * statements (one line each) and `\c`/`\connect` lines are removed, so that it fills the database
 * psql is connected to and touches no other; comments (`--` lines, and block comments opened at the
 * start of a line) and COPY data are passed through untouched. A database
 * statement spanning lines is an error rather than half removed.
 */
export function scratchScript(sql: string, file: string): string {
  const out: string[] = [];
  let inCopy = false;
  let inComment = false;
  for (const line of sql.split('\n')) {
    if (inCopy) {
      if (line.replace(/\r$/, '') === '\\.') inCopy = false;
      out.push(line);
      continue;
    }
    if (inComment || /^\s*\/\*/.test(line)) {
      const opens = line.lastIndexOf('/*');
      inComment = opens >= 0 ? line.indexOf('*/', opens + 2) < 0 : !line.includes('*/');
      out.push(line);
      continue;
    }
    if (/^\s*--/.test(line)) {
      out.push(line);
      continue;
    }
    if (/^\s*COPY\b.*\bFROM\s+stdin\b/i.test(line)) inCopy = true;
    if (/^\s*\\(c|connect)(\s|$)/.test(line)) continue;
    if (/^\s*(CREATE|DROP)\s+DATABASE\b/i.test(line)) {
      if (!/;\s*$/.test(line)) throw new BenchmarkDataError(`sample-questions: ${file}: a database statement spans lines: ${line.trim()}`);
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

const run = promisify(execFile);

/**
 * The server of a postgres build of `dbs`, once it is known to answer (and psql to run, when a
 * dump needs it); else a one-line error saying what is missing.
 */
export async function checkPostgresBuild(dbs: readonly SampleDatabase[], url: string | undefined): Promise<string> {
  if (!url)
    throw new BenchmarkDataError(
      'sample-questions: the postgres build needs a PostgreSQL server: pass --postgres URL or set GUIDED_TEST_POSTGRES_URL (or --build sqlite)',
    );
  if (dbs.some((d) => d.postgres && 'psql' in d.postgres)) checkPsql();
  await checkPostgres(url, 'sample-questions');
  return url;
}

/** Fails with one line unless psql runs. */
function checkPsql(): void {
  const probe = spawnSync('psql', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new BenchmarkDataError(
      'sample-questions: the postgres build loads its dumps with psql, which is not on PATH (Debian: apt-get install postgresql-client)',
    );
}

/** Runs each file (made a scratch script) through `psql -v ON_ERROR_STOP=1` connected to `url`. */
async function psqlLoad(url: string, files: readonly string[], scratch: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'guided-sq-'));
  try {
    for (const file of files) {
      const script = join(dir, 'load.sql');
      writeFileSync(script, scratchScript(readFileSync(file, 'utf8'), file));
      try {
        await run('psql', [url, '-q', '-X', '-v', 'ON_ERROR_STOP=1', '-f', script], { maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim().split('\n')[0];
        throw new BenchmarkDataError(
          `sample-questions: loading ${file} into ${scratch} with psql failed: ${stderr || (error instanceof Error ? error.message : String(error))}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The file under `dataDir`, which must exist. */
function dataFile(dataDir: string, path: string, db: string): string {
  const file = join(dataDir, path);
  if (!existsSync(file))
    throw new BenchmarkDataError(
      `sample-questions: ${db}: ${file} not found (point --data at the folder holding sample-dbs/ and defog/, e.g. ../shared/benchmarks)`,
    );
  return file;
}

export interface SampleBuildOptions {
  /** The folder holding sample-dbs/ and defog/. */
  dataDir: string;
  build: SampleBuild;
  /** The questions to ask (already filtered): only their databases are built. */
  questions: readonly SampleQuestion[];
  /** The databases (default SAMPLE_DATABASES). */
  databases?: readonly SampleDatabase[];
  /** The postgres build's server; its own database is left alone. */
  postgresUrl?: string;
  onStep?: (message: string) => void;
}

/** Profiles one database of a build through the product path. */
async function profileOne(db: SampleDatabase, options: SampleBuildOptions, url: string | undefined): Promise<DatabaseProfile> {
  if (options.build === 'sqlite')
    return withConnection(dataFile(options.dataDir, db.sqlite!, db.name), {}, (connector) =>
      profileForGraph(connector, { database: db.name }),
    );
  const pgSource = db.postgres!;
  const scratch = scratchName('guided_sq_', db.name);
  if ('defog' in pgSource) {
    dataFile(options.dataDir, join(pgSource.defog, 'databases', db.name, `${db.name}.sql`), db.name);
    return profileDefogDatabase(join(options.dataDir, pgSource.defog), db.name, url!, options.onStep, scratch);
  }
  const files = pgSource.psql.map((f) => dataFile(options.dataDir, f, db.name));
  return profileScratchDatabase(url!, scratch, db.name, (dbUrl) => psqlLoad(dbUrl, files, scratch), options.onStep);
}

/**
 * One build of the databases the questions ask about: each profiled (times in `profileMs`), and
 * the questions with their gold and optional names resolved to the build's tables (an error for
 * any that does not resolve). Questions on a database without this build are left out.
 */
export async function loadSampleBuild(options: SampleBuildOptions): Promise<{ benchmark: Benchmark; profileMs: Record<string, number> }> {
  const all = options.databases ?? SAMPLE_DATABASES;
  const asked = new Set(options.questions.map((q) => q.db));
  const dbs = all.filter((d) => asked.has(d.name) && hasBuild(d, options.build));
  const url = options.build === 'postgres' && dbs.length > 0 ? await checkPostgresBuild(dbs, options.postgresUrl) : undefined;
  const databases: BenchDatabase[] = [];
  const profileMs: Record<string, number> = {};
  const questions: BenchQuestion[] = [];
  for (const db of dbs) {
    options.onStep?.(`${db.name}: profiling the ${options.build} build`);
    const started = performance.now();
    const profile = await profileOne(db, options, url);
    profileMs[db.name] = Math.round(performance.now() - started);
    databases.push({ name: db.name, schema: schemaOfProfile(profile), profile });
    const tables = profile.tables.map((t) => t.name);
    for (const q of options.questions.filter((x) => x.db === db.name)) {
      const { gold, optional } = resolveQuestionTables(q, tables, options.build);
      questions.push({
        id: q.id,
        db: q.db,
        question: q.question,
        evidence: null,
        sql: '',
        goldTables: gold,
        ...(optional ? { optionalTables: optional } : {}),
      });
    }
  }
  const order = new Map(options.questions.map((q, i) => [q.id, i]));
  questions.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { benchmark: { name: 'sample-questions', databases, questions }, profileMs };
}
