/**
 * The sample-questions bench end to end on TPC-H, generated here into a temp folder (SQLite), and
 * — with GUIDED_TEST_POSTGRES_URL and psql — a small PostgreSQL dump of its schema written the
 * way Chinook's is (CREATE DATABASE, \c, comments, COPY data), loaded into a scratch database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSampleBuild, loadSampleQuestions, type SampleDatabase, scoreQuestion } from '@guided-retrieval/benchmarks';
import { generateTpch, TABLE_DDL, TABLE_NAMES } from '@guided-retrieval/tpch';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runSampleQuestions } from './command.js';

const dir = mkdtempSync(join(tmpdir(), 'sample-questions-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
generateTpch({ path: join(dir, 'tpch.sqlite'), scaleFactor: 0.001 });

const QUESTIONS = [
  { id: 'tpch-01', db: 'tpch', question: 'Which customers placed the most orders?', gold: ['Customers', 'Orders'], optional: ['LineItem'] },
  { id: 'tpch-02', db: 'tpch', question: 'How many nations are there in each region?', gold: ['nation', 'regions'] },
];
const questionsFile = join(dir, 'questions.jsonl');
writeFileSync(questionsFile, `${QUESTIONS.map((q) => JSON.stringify(q)).join('\n')}\n`);

const DUMP = [
  '/*******************************************************************************',
  '   Drop database if it exists',
  '********************************************************************************/',
  'DROP DATABASE IF EXISTS guided_sq_never;',
  'CREATE DATABASE guided_sq_never;',
  '\\c guided_sq_never;',
  '-- CREATE DATABASE in a comment stays a comment',
  ...TABLE_NAMES.map((t) => `${TABLE_DDL[t]};`),
  'COPY region (r_regionkey, r_name, r_comment) FROM stdin;',
  '0\tAFRICA\tCREATE DATABASE is data here',
  '1\tEUROPE\t\\\\c is data too',
  '\\.',
  "INSERT INTO nation VALUES (0, 'KENYA', 0, 'x'), (1, 'FRANCE', 1, 'y');",
].join('\n');
writeFileSync(join(dir, 'tpch.sql'), `${DUMP}\n`);

const DATABASES: SampleDatabase[] = [{ name: 'tpch', sqlite: 'tpch.sqlite', postgres: { psql: ['tpch.sql'] } }];
const base = { dataDir: dir, questionsFile, sampleDatabases: DATABASES, islandEmbedder: false } as const;

describe('sample-questions, SQLite build of TPC-H', async () => {
  const out = join(dir, 'out');
  const [run, ...more] = await runSampleQuestions({ ...base, out, build: 'sqlite' });

  it('runs the one build asked, every question scored against names resolved to the build', () => {
    expect(more).toEqual([]);
    expect(run!.build).toBe('sqlite');
    const { results, outcomes } = run!;
    expect(results).toMatchObject({ bench: 'sample-questions', build: 'sqlite', questions: 2, scored: 2, unparsedGold: 0 });
    expect(outcomes.map((o) => [o.id, o.gold, o.optional])).toEqual([
      ['tpch-01', ['CUSTOMER', 'ORDERS'], ['LINEITEM']],
      ['tpch-02', ['NATION', 'REGION'], undefined],
    ]);
  });

  it('scores guided retrieval and every baseline with the optional tables', () => {
    const { results, outcomes } = run!;
    for (const o of outcomes) expect(o.metrics).toEqual(scoreQuestion(o.retrieved, o.gold!, o.optional));
    expect(Object.keys(results.baselines)).toEqual(['all-tables', 'bm25-top3', 'bm25-top5', 'embedding-top3', 'embedding-top5']);
    // all-tables retrieves the 8 tables: precision 2/7 on the question with an optional table (2/8 without it), 2/8 on the other.
    expect(results.baselines['all-tables']!.overall.precision).toBeCloseTo((2 / 7 + 2 / 8) / 2, 12);
    expect(results.baselines['all-tables']!.perDatabase.tpch!.recall).toBe(1);
  });

  it('reports per database, the profile and graph-build times and per-phase latency', () => {
    const { results } = run!;
    expect(results.perDatabase.tpch!.questions).toBe(2);
    expect(results.profileMs.tpch).toBeGreaterThan(0);
    expect(results.graphBuildMs.tpch).toBeGreaterThan(0);
    expect(Object.keys(results.latencyMs.perPhase)).toContain('grounding');
  });

  it("writes the build's reports in <out>/sqlite/, outcomes with gold, optional and retrieved tables", () => {
    expect(run!.written[0]).toBe(join(out, 'sqlite', 'results.json'));
    expect(JSON.parse(readFileSync(join(out, 'sqlite', 'results.json'), 'utf8'))).toMatchObject({ build: 'sqlite', questions: 2 });
    expect(readFileSync(join(out, 'sqlite', 'results.md'), 'utf8')).toContain('# Table retrieval on sample-questions (SQLite build)');
    const lines = readFileSync(join(out, 'sqlite', 'questions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ id: 'tpch-01', gold: ['CUSTOMER', 'ORDERS'], optional: ['LINEITEM'] });
    expect(Array.isArray(lines[0].retrieved)).toBe(true);
  });

  it('fails loudly on a gold name the build does not have, naming question, name and build', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify({ ...QUESTIONS[1], gold: ['Shipments'] })}\n`);
    await expect(runSampleQuestions({ ...base, questionsFile: bad, out: join(dir, 'bad'), build: 'sqlite' })).rejects.toThrow(
      /question tpch-02 \(line 1\): gold table "Shipments" matches no table in the sqlite build of tpch/,
    );
  });

  it('refuses an unknown --db, and a postgres build without a server before any build runs', async () => {
    await expect(runSampleQuestions({ ...base, out: join(dir, 'x'), databases: ['nope'] })).rejects.toThrow(
      /unknown database nope in sample-questions; it has tpch/,
    );
    await expect(runSampleQuestions({ ...base, out: join(dir, 'none'), build: 'both' })).rejects.toThrow(
      /the postgres build needs a PostgreSQL server: pass --postgres URL or set GUIDED_TEST_POSTGRES_URL/,
    );
    expect(spawnSync('ls', [join(dir, 'none')]).status).not.toBe(0);
  });
});

const url = process.env.GUIDED_TEST_POSTGRES_URL;
const psql = spawnSync('psql', ['--version']).status === 0;

describe.skipIf(!url || !psql)('sample-questions, PostgreSQL build of a TPC-H dump', () => {
  const databases = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'guided_sq_%'");
    await admin.end();
    return rows.map((r: { datname: string }) => r.datname);
  };

  it('loads the dump into a scratch database through psql (database statements dropped, COPY data kept) and drops it', async () => {
    const questions = loadSampleQuestions(questionsFile, ['tpch']);
    const { benchmark, profileMs } = await loadSampleBuild({
      dataDir: dir,
      build: 'postgres',
      questions,
      databases: DATABASES,
      postgresUrl: url!,
    });
    const profile = benchmark.databases[0]!.profile!;
    expect(profile.tables.map((t) => t.name).sort()).toEqual([
      'customer',
      'lineitem',
      'nation',
      'orders',
      'part',
      'partsupp',
      'region',
      'supplier',
    ]);
    expect(profile.tables.find((t) => t.name === 'region')!.rowCount).toBe(2);
    expect(benchmark.questions.map((q) => q.goldTables)).toEqual([
      ['customer', 'orders'],
      ['nation', 'region'],
    ]);
    expect(profileMs.tpch).toBeGreaterThan(0);
    expect(await databases()).toEqual([]);
  });

  it('runs both builds, each with its own reports', async () => {
    const out = join(dir, 'both');
    const runs = await runSampleQuestions({ ...base, out, build: 'both', postgresUrl: url! });
    expect(runs.map((r) => [r.build, r.results.scored, r.written[0]])).toEqual([
      ['sqlite', 2, join(out, 'sqlite', 'results.json')],
      ['postgres', 2, join(out, 'postgres', 'results.json')],
    ]);
    expect(runs[1]!.outcomes[0]).toMatchObject({ gold: ['customer', 'orders'], optional: ['lineitem'] });
  });
});
