import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, loadDefog, loadDefogQuestions, withDatabase } from './defog.js';
import { defogGoldQuery, expandBraces, splitStatements } from './defog-gold.js';
import { testPostgresUrl, writeDefogLayout } from './testing.js';

describe("Defog's gold notation", () => {
  it('keeps the first of several queries and expands braces; {} repeats the last set', () => {
    const gold = defogGoldQuery('SELECT {a.id, a.name}, COUNT(*) FROM a GROUP BY {};SELECT {b.id} FROM b;');
    expect(gold).toEqual({ sql: 'SELECT a.id, a.name, COUNT(*) FROM a GROUP BY a.id, a.name', alternatives: true });
    expect(defogGoldQuery('SELECT x FROM t;')).toEqual({ sql: 'SELECT x FROM t', alternatives: false });
  });

  it('leaves braces and semicolons inside quotes alone', () => {
    expect(splitStatements("SELECT ';' FROM t; SELECT 1")).toEqual(["SELECT ';' FROM t", 'SELECT 1']);
    expect(expandBraces("SELECT '{x}' FROM t")).toBe("SELECT '{x}' FROM t");
  });
});

const postgres = testPostgresUrl();

describe.skipIf(!postgres)('the Defog benchmark on PostgreSQL', () => {
  let dir: string;
  beforeAll(() => {
    dir = writeDefogLayout('guided_defog_t_shop');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the questions with instructions as evidence and notes rewritten gold', () => {
    const questions = loadDefogQuestions(dir);
    expect(questions.map((q) => q.evidence)).toEqual([null, 'orders join customers on the customer id']);
    expect(questions[1]!.goldRewritten).toBe(true);
    expect(questions[1]!.sql).not.toMatch(/[{}]/);
  });

  it('loads each dump into a scratch database, profiles it and drops it', async () => {
    const { benchmark } = await loadDefog(dir, { postgresUrl: postgres! });
    expect(benchmark.databases.map((d) => d.profile!.tables.map((t) => t.name).sort())).toEqual([['shcustomer', 'shorder']]);
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    const left = await client.query("SELECT 1 FROM pg_database WHERE datname = 'guided_defog_guided_defog_t_shop'");
    await client.end();
    expect(left.rowCount).toBe(0);
  });

  it('fails in one line when no PostgreSQL answers', async () => {
    await expect(checkPostgres(withDatabase(postgres!, 'postgres').replace(/:\d+\//, ':1/'))).rejects.toThrow(
      /^defog: no PostgreSQL reachable at .*:1\/postgres \(.*\); start one with/,
    );
  });
});
