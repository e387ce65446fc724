/**
 * `guided build|profile|serve|mcp mysql://…` through the built CLI on the MySQL/MariaDB Chinook that
 * `.ci/setup-mariadb.sh` loads: the graph has the same tables, declared keys and join trees as the
 * graph built from the upstream SQLite Chinook (a gzipped copy in test-support/sample-dbs); row
 * previews run through the read-only connector; bad sources fail in one line without the password.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type ContextGraph, loadGraph } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';
import { connectStdio } from './test-support/mcp.js';
import { startTestServer } from './test-support/server.js';

const url = process.env.GUIDED_TEST_MYSQL_URL;

describe('MySQL set-up', () => {
  it('has GUIDED_TEST_MYSQL_URL (or GUIDED_SKIP_MYSQL=1 asked for a skip)', () => {
    if (!url && process.env.GUIDED_SKIP_MYSQL !== '1') {
      throw new Error(
        'MySQL tests need a server: run `bash .ci/setup-mariadb.sh` (as root) and export GUIDED_TEST_MYSQL_URL=mysql://guided:guided@127.0.0.1:3306/Chinook, or set GUIDED_SKIP_MYSQL=1 to skip them explicitly',
      );
    }
    if (!url) process.stderr.write('build-mysql.test.ts: GUIDED_SKIP_MYSQL=1: skipping the MySQL builds\n');
  });
});

/** Plain questions whose trees must not depend on where Chinook was read from. */
const QUESTIONS = [
  'Which artists have albums in the Rock genre?',
  'Total sales per customer country',
  'Which employee supports the most customers?',
  'List the tracks of each playlist',
  'Which media types do the tracks of each album use?',
  'Invoice totals by sales support agent',
  'Top selling tracks by quantity',
];

/** The join tree's shape: each node's table, alias, parent and join columns. */
async function trees(graph: ContextGraph): Promise<unknown[]> {
  const retriever = await Retriever.create(graph);
  const out: unknown[] = [];
  for (const question of QUESTIONS) {
    const result = await retriever.retrieve(question);
    out.push({ question, tables: result.tables, nodes: result.joinTree.nodes });
  }
  return out;
}

/** Each table of a graph file with its primary key. */
const keysIn = (file: string) => graphData(file).tables.map((t) => [t.name, t.primaryKey]);

let box: Sandbox;
let mysqlFile: string;
let sqliteFile: string;
let mysqlGraph: ContextGraph;
let sqliteGraph: ContextGraph;

describe.skipIf(!url)('guided build mysql://… (Chinook)', () => {
  beforeAll(async () => {
    requireBuiltCli();
    box = sandbox('build-mysql');
    writeFileSync(
      join(box.work, 'Chinook.sqlite'),
      gunzipSync(readFileSync(new URL('./test-support/sample-dbs/Chinook_Sqlite.sqlite.gz', import.meta.url))),
    );
    for (const [source, output] of [
      [url ?? '', 'mysql.graph.json'],
      ['Chinook.sqlite', 'sqlite.graph.json'],
    ] as const) {
      const run = box.run(['build', source, '-o', output]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain(':guided@');
    }
    mysqlFile = join(box.work, 'mysql.graph.json');
    sqliteFile = join(box.work, 'sqlite.graph.json');
    mysqlGraph = await loadGraph(mysqlFile);
    sqliteGraph = await loadGraph(sqliteFile);
  });

  afterAll(() => box?.remove());

  it('has the same tables, primary keys and declared join edges as the SQLite build', () => {
    const mysql = graphData(mysqlFile);
    const sqlite = graphData(sqliteFile);
    expect(mysql).toMatchObject({ engine: 'mysql', database: 'Chinook' });
    expect(mysql.tables.map((t) => t.name)).toHaveLength(11);
    expect(keysIn(mysqlFile)).toEqual(keysIn(sqliteFile));
    const edges = (g: { edges: { id: string; origin: string }[] }) => g.edges.map((e) => `${e.id} ${e.origin}`).sort();
    expect(edges(mysql)).toEqual(edges(sqlite));
    expect(mysql.edges.filter((e) => e.origin === 'declared')).toHaveLength(11);
  });

  it('retrieves the same join trees for plain questions as the SQLite build', async () => {
    const fromMysql = await trees(mysqlGraph);
    expect(fromMysql).toEqual(await trees(sqliteGraph));
    expect(fromMysql[0]).toMatchObject({ tables: ['Track', 'Genre', 'Album', 'Artist'] });
  });

  it('profiles it with guided profile, and names the source in one line for a wrong password, port or database', () => {
    const run = box.run(['profile', url ?? '', '-o', 'chinook.profile.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(box.work, 'chinook.profile.json'), 'utf8'))).toMatchObject({
      engine: 'mysql',
      database: 'Chinook',
    });
    const wrong = new URL(url ?? '');
    wrong.password = 'hunter2-secret';
    const line = expectOneLineError(box.run(['build', wrong.toString(), '-o', 'x.json']), 'Access denied');
    expect(line).not.toContain('hunter2');
    const port = new URL(url ?? '');
    port.port = '1';
    expectOneLineError(box.run(['build', port.toString(), '-o', 'x.json']), 'MySQL server unreachable');
    const database = new URL(url ?? '');
    database.pathname = '/NoSuchDatabase';
    expectOneLineError(box.run(['build', database.toString(), '-o', 'x.json']), "'NoSuchDatabase'");
  });

  it('serve --database previews rows through the read-only connector', async () => {
    const server = await startTestServer(['serve', '--database', url ?? ''], { GUIDED_CACHE_DIR: box.cache });
    try {
      expect(server.stderr()).toContain('(11 tables, with row previews)');
      expect(server.stderr()).not.toContain(':guided@');
      const response = await fetch(new URL('api/retrieve', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'Which artists have albums in the Rock genre?' }),
      });
      const result = (await response.json()) as { preview: { ok: boolean; rowCount: number; columns: string[]; rows: unknown[][] } };
      expect(result.preview).toMatchObject({ ok: true, rowCount: 3503 });
      expect(result.preview.rows.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });

  it('guided mcp --database answers retrieve_tables over it', async () => {
    const { client } = await connectStdio(box, ['--database', url ?? '']);
    try {
      const answer = (await client.callTool({
        name: 'retrieve_tables',
        arguments: { question: 'Which employee supports the most customers?' },
      })) as CallToolResult;
      expect(answer.isError ?? false).toBe(false);
      expect((answer.structuredContent as { tables: string[] }).tables).toEqual(['Customer', 'Employee']);
    } finally {
      await client.close();
    }
  });
});
