import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, loadDefog, loadDefogQuestions, withDatabase } from './defog.js';
import { defogGoldQuery, expandBraces, splitStatements } from './defog-gold.js';

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

const postgres = process.env.GUIDED_TEST_POSTGRES_URL;
if (!postgres && process.env.GUIDED_SKIP_POSTGRES !== '1') {
  throw new Error(
    'GUIDED_TEST_POSTGRES_URL is unset: run .ci/setup-postgres.sh and export it, or set GUIDED_SKIP_POSTGRES=1 to skip the PostgreSQL tests',
  );
}

describe.skipIf(!postgres)('the Defog benchmark on PostgreSQL', () => {
  let dir: string;
  beforeAll(() => {
    // A two-database Defog layout: no declared key, camel-case names PostgreSQL folds, a prefix convention.
    dir = mkdtempSync(join(tmpdir(), 'defog-test-'));
    const shop = 'guided_defog_t_shop';
    mkdirSync(join(dir, 'databases', shop), { recursive: true });
    writeFileSync(
      join(dir, 'databases', shop, `${shop}.sql`),
      [
        'CREATE TABLE shCustomer (shCustId varchar(20) PRIMARY KEY, shCustName varchar(50), shCustCity varchar(50));',
        'CREATE TABLE shOrder (shOrdId varchar(20) PRIMARY KEY, shOrdCustId varchar(20), shOrdAmount numeric(10,2));',
        "INSERT INTO shCustomer VALUES ('c1','Ann','Oslo'),('c2','Bo','Rome'),('c3','Cy','Oslo');",
        "INSERT INTO shOrder VALUES ('o1','c1',10),('o2','c1',20),('o3','c2',5),('o4','c3',7);",
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'questions.csv'),
      [
        'db_name,question,query,query_category,instructions,source',
        `${shop},How many customers live in each city?,"SELECT shCustCity, COUNT(*) FROM shCustomer GROUP BY 1;",group_by,,t`,
        `${shop},What is the total order amount of each customer name?,"SELECT {c.shCustName, c.shCustId}, SUM(o.shOrdAmount) FROM shCustomer c JOIN shOrder o ON c.shCustId = o.shOrdCustId GROUP BY {};",group_by,"orders join customers on the customer id",t`,
      ].join('\n'),
    );
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
