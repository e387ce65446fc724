import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvaluation } from '../run.js';

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
    const shop = 'guided_defog_t_run';
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

  it('runs the product path and scores it: inferred keys join the orders to their customers', async () => {
    const { results, outcomes } = await runEvaluation({ bench: 'defog', dataDir: dir, postgresUrl: postgres!, baselines: true });
    expect(results.scored).toBe(2);
    expect(results.goldRewritten).toBe(1);
    expect(results.inferredEdges).toEqual({ guided_defog_t_run: 1 });
    expect(outcomes[1]!.retrieved.sort()).toEqual(['shcustomer', 'shorder']);
    expect(Object.keys(results.baselines)).toContain('bm25-top3');
  });
});
