/**
 * `@guided-retrieval/benchmarks/testing`: fixtures the benchmark loaders' tests share with the
 * evaluation app's. Not public API: versioned with the package, but any release may change it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Defog layout in a new temporary folder (returned; the caller removes it): one database
 * `database` with no declared key, camel-case names PostgreSQL folds and a prefix convention
 * (shCustomer, shOrder), and two questions, the second with an instruction and gold in Defog's
 * alternatives notation.
 */
export function writeDefogLayout(database: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'defog-test-'));
  mkdirSync(join(dir, 'databases', database), { recursive: true });
  writeFileSync(
    join(dir, 'databases', database, `${database}.sql`),
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
      `${database},How many customers live in each city?,"SELECT shCustCity, COUNT(*) FROM shCustomer GROUP BY 1;",group_by,,t`,
      `${database},What is the total order amount of each customer name?,"SELECT {c.shCustName, c.shCustId}, SUM(o.shOrdAmount) FROM shCustomer c JOIN shOrder o ON c.shCustId = o.shOrdCustId GROUP BY {};",group_by,"orders join customers on the customer id",t`,
    ].join('\n'),
  );
  return dir;
}

/**
 * The PostgreSQL server the Defog tests load into (`GUIDED_TEST_POSTGRES_URL`), undefined when
 * `GUIDED_SKIP_POSTGRES=1` asks to skip them; neither set is an error saying how to get one.
 */
export function testPostgresUrl(): string | undefined {
  const url = process.env.GUIDED_TEST_POSTGRES_URL;
  if (url || process.env.GUIDED_SKIP_POSTGRES === '1') return url || undefined;
  throw new Error(
    'GUIDED_TEST_POSTGRES_URL is unset: run .ci/setup-postgres.sh and export it, or set GUIDED_SKIP_POSTGRES=1 to skip the PostgreSQL tests',
  );
}
