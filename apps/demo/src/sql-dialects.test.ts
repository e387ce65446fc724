/**
 * The FROM clause a retrieval writes runs on the engine it was written for, whatever the names:
 * every keyword of the engine's own list as a table, a column and an alias; mixed case and
 * reserved words in PostgreSQL. Checked against real engines, never by reading the text.
 */
import { graphFromSchema, type SchemaSpec } from '@guided-retrieval/context-graph';
import { DEFAULT_PATH_LIMITS, renderFromClause, type SqlDialect } from '@guided-retrieval/retrieval';
import { mergePaths, POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from '@guided-retrieval/retrieval/internal';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/** `child_<n>(<name>) → <name>(<name>)`: the keyword is a table, a column and (lower-cased) an alias. */
function schemaFor(name: string, n: number): SchemaSpec {
  return {
    database: 'words',
    tables: [
      { name, columns: [{ name, type: 'INTEGER' }] },
      { name: `child_${n}`, columns: [{ name, type: 'INTEGER' }] },
    ],
    foreignKeys: [{ fromTable: `child_${n}`, fromColumns: [name], toTable: name, toColumns: [name] }],
  };
}

function fromClause(name: string, n: number, dialect: SqlDialect): string {
  const graph = graphFromSchema(schemaFor(name, n));
  const path = graph.shortestPath(`child_${n}`, name, DEFAULT_PATH_LIMITS)!;
  return renderFromClause(mergePaths(`child_${n}`, [path], [`child_${n}`, name], dialect));
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

describe('FROM clauses on SQLite', () => {
  it('run for a table, column and alias named by every SQLite keyword', () => {
    const db = new Database(':memory:');
    const names = [...SQLITE_KEYWORDS, 'MixedCase', 'with space', 'quote"d', '__proto__'];
    expect(SQLITE_KEYWORDS.size).toBe(147);
    names.forEach((name, n) => {
      db.exec(`CREATE TABLE ${quoted(name)} (${quoted(name)} INTEGER); CREATE TABLE child_${n} (${quoted(name)} INTEGER);`);
      db.exec(`INSERT INTO ${quoted(name)} VALUES (1); INSERT INTO child_${n} VALUES (1);`);
    });
    const failures: string[] = [];
    names.forEach((name, n) => {
      const sql = `SELECT COUNT(*) AS n ${fromClause(name, n, 'sqlite')}`;
      try {
        if ((db.prepare(sql).get() as { n: number }).n !== 1) failures.push(`${name}: wrong count`);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}\n${sql}`);
      }
    });
    expect(failures).toEqual([]);
    db.close();
  });

  it('leaves plain names bare', () => {
    expect(fromClause('customer', 0, 'sqlite')).toBe(
      'FROM child_0 AS child_0\nJOIN customer AS customer ON child_0.customer = customer.customer',
    );
  });
});

const url = process.env.GUIDED_TEST_POSTGRES_URL;

describe('PostgreSQL set-up', () => {
  it('has GUIDED_TEST_POSTGRES_URL (or GUIDED_SKIP_POSTGRES=1 asked for a skip)', () => {
    if (!url && process.env.GUIDED_SKIP_POSTGRES !== '1') {
      throw new Error(
        'PostgreSQL tests need a server: run `bash .ci/setup-postgres.sh` (as root) and export GUIDED_TEST_POSTGRES_URL, or set GUIDED_SKIP_POSTGRES=1 to skip them explicitly',
      );
    }
  });
});

describe.skipIf(!url)('FROM clauses on PostgreSQL', () => {
  it('run for every PostgreSQL keyword, mixed-case and reserved names', async () => {
    const names = [...new Set([...POSTGRES_KEYWORDS, 'MixedCase', 'window', 'Order Lines', 'isnull', 'returning'])];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const schema = `guided_dialect_${process.pid}`;
    const failures: string[] = [];
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path TO ${schema}`);
      for (const [n, name] of names.entries()) {
        await client.query(`CREATE TABLE ${quoted(name)} (${quoted(name)} INTEGER); CREATE TABLE child_${n} (${quoted(name)} INTEGER);`);
        await client.query(`INSERT INTO ${quoted(name)} VALUES (1); INSERT INTO child_${n} VALUES (1);`);
      }
      for (const [n, name] of names.entries()) {
        const sql = `SELECT COUNT(*)::int AS n ${fromClause(name, n, 'postgres')}`;
        try {
          const { rows } = await client.query(sql);
          if (rows[0].n !== 1) failures.push(`${name}: wrong count`);
        } catch (error) {
          failures.push(`${name}: ${(error as Error).message}\n${sql}`);
        }
      }
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('quotes what PostgreSQL would fold or refuse, and leaves lower-case plain names bare', () => {
    expect(fromClause('MixedCase', 0, 'postgres')).toBe(
      'FROM child_0 AS child_0\nJOIN "MixedCase" AS mixedcase ON child_0."MixedCase" = mixedcase."MixedCase"',
    );
    expect(fromClause('window', 1, 'postgres')).toContain('JOIN "window" AS window_t ON child_1."window" = window_t."window"');
    expect(fromClause('customer', 2, 'postgres')).toBe(
      'FROM child_2 AS child_2\nJOIN customer AS customer ON child_2.customer = customer.customer',
    );
  });
});
