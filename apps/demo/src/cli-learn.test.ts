/**
 * `guided learn` end to end with the built CLI: a SQLite database the test builds, `guided build`,
 * then `guided learn` on a team's files, then `guided retrieve` on the graph, which loads the
 * history beside it and still answers.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';

let box: Sandbox;
const at = (name: string) => join(box.work, name);
const write = (name: string, text: string) => writeFileSync(at(name), text);

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('cli-learn');
  const db = new Database(at('shop.sqlite'));
  db.exec(`
    CREATE TABLE nation (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, nation_id INTEGER REFERENCES nation(id));
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), total REAL, ordered_on TEXT);
  `);
  const nations = ['France', 'Peru', 'Japan'];
  for (const [i, n] of nations.entries()) db.prepare('INSERT INTO nation VALUES (?, ?)').run(i + 1, n);
  for (let i = 1; i <= 30; i++) db.prepare('INSERT INTO customer VALUES (?, ?, ?)').run(i, `Customer ${i}`, (i % 3) + 1);
  for (let i = 1; i <= 120; i++)
    db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?)').run(i, (i % 30) + 1, i * 3.5, `2024-0${(i % 9) + 1}-01`);
  db.close();
  const built = box.run(['build', 'shop.sqlite', '-o', 'shop.graph.json']);
  if (built.status !== 0) throw new Error(`guided build failed: ${built.stderr}`);
});

afterAll(() => box?.remove());

describe('guided learn', () => {
  it('says what it reads in --help', () => {
    const run = box.run(['learn', '--help']);
    expect(run.status).toBe(0);
    for (const mention of ['<file...>', '--graph <file>', '--hash-values', 'pg_stat_statements', 'manifest.json'])
      expect(run.stdout).toContain(mention);
  });

  it('learns pairs and a query log beside the graph, naming what it skipped, and retrieve still answers with it loaded', () => {
    write(
      'pairs.jsonl',
      [
        {
          question: 'Which customers from France ordered the most?',
          sql: "SELECT c.name, SUM(o.total) FROM customer c JOIN orders o ON o.customer_id = c.id JOIN nation n ON c.nation_id = n.id WHERE n.name = 'France' GROUP BY c.name ORDER BY 2 DESC",
        },
        { question: 'How many orders in March?', sql: "SELECT COUNT(*) FROM orders WHERE ordered_on LIKE '2024-03%'" },
      ]
        .map((p) => JSON.stringify(p))
        .join('\n'),
    );
    write('log.sql', 'SELECT * FROM orders o, customer c WHERE o.customer_id = c.id;\nSELEC broken;\nSELECT * FROM refunds;\n');
    const run = box.run(['learn', '--graph', 'shop.graph.json', 'pairs.jsonl', 'log.sql']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^learned 3 statements of 5 read \(3 new, 0 already known\); skipped 1 unparseable, 1 reading unknown tables; shop\.history\.json holds 3 statements \(2 with questions\) \[\d+\.\d s\]\n$/,
    );
    expect(run.stderr).toContain('guided: 1 statement unparseable, skipped: log.sql:2: parse error (sqlite)');
    expect(run.stderr).toContain('guided: unknown tables (not in the graph; their statements skipped, nothing guessed): refunds (1)');
    const history = JSON.parse(readFileSync(at('shop.history.json'), 'utf8'));
    expect(history).toMatchObject({ formatVersion: 1, database: 'shop', hashValues: false });
    expect(history.entries).toHaveLength(3);

    const again = box.run(['learn', '--graph', 'shop.graph.json', 'pairs.jsonl']);
    expect(again.stdout).toMatch(/^learned 2 statements of 2 read \(0 new, 2 already known\); nothing new: shop\.history\.json holds 3/);

    const retrieve = box.run(['retrieve', '--graph', 'shop.graph.json', '--format', 'sql', 'Which customers from Peru ordered the most?']);
    expect(retrieve.status, retrieve.stderr).toBe(0);
    expect(retrieve.stderr).toContain('history: 3 statements learned (2 with questions) from shop.history.json');
    expect(retrieve.stdout).toMatch(/customer/i);
    expect(retrieve.stdout).toMatch(/nation/i);
  });

  it('keeps what was learned when a later file fails, and says the bad file in one line', () => {
    write(
      'more.csv',
      'question,sql\n"Orders, by nation","SELECT n.name, COUNT(*) FROM orders o JOIN customer c ON o.customer_id = c.id JOIN nation n ON n.id = c.nation_id GROUP BY 1"\n',
    );
    write('empty.sql', '\n');
    const run = box.run(['learn', '--graph', 'shop.graph.json', 'more.csv', 'empty.sql']);
    expectOneLineError({ ...run, stdout: '' }, 'empty.sql is empty: nothing to learn');
    expect(run.stdout).toMatch(/^learned 1 statement of 1 read \(1 new/);
    expect(JSON.parse(readFileSync(at('shop.history.json'), 'utf8')).entries).toHaveLength(4);
  });

  it('refuses a graph that is not one, and hashing into an unhashed history, in one line', () => {
    expectOneLineError(box.run(['learn', '--graph', 'shop.sqlite', 'pairs.jsonl']), 'shop.sqlite is a SQLite database, not a graph file');
    expectOneLineError(box.run(['learn', '--graph', 'shop.graph.json', '--hash-values', 'pairs.jsonl']), 'learned without hashing values');
    expect(existsSync(at('shop.history.json'))).toBe(true);
  });
});
