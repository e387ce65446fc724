/**
 * End-to-end tests of the built `guided` CLI (dist/cli.js), run as a child process with a fresh
 * GUIDED_CACHE_DIR: the demo over the embedded TPC-H database, its cache, the readable output,
 * `build` + `retrieve` over a graph file, and the one-line errors.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox, sha256 } from './test-support/cli.js';

/** The parts of `--json` output these tests pin down. */
interface JoinNode {
  alias: string;
  table: string;
  parent: string | null;
  join: { edge: string; direction: 'forward' | 'reverse'; columns: { parent: string; child: string }[] } | null;
}
interface Result {
  question: string;
  database: string;
  targets: string[];
  source: string | null;
  joinTree: { nodes: JoinNode[] };
  tables: string[];
  sql: string | null;
  explanations: Record<string, string>;
  reason: string | null;
  trace: { timings?: Record<string, number> } & Record<string, unknown>;
}

const QUESTION = 'Which Indian suppliers are shipping the most to China?';
const DB_NAME = 'tpch-sf0.01-seed20260101.sqlite';
/** The cached graph: the one file of the cache besides the database. */
const demoGraphFile = () => readdirSync(box.cache).find((f) => f.includes('.graph')) ?? '(no graph in the cache)';

let box: Sandbox;
let dbPath: string;
let first: CliRun;
let second: CliRun;
let firstResult: Result;
let hashAfterFirst: string;
let hashAfterSecond: string;

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('cli');
  dbPath = join(box.cache, DB_NAME);
  first = box.run(['demo', '--json', QUESTION]);
  if (first.status !== 0) throw new Error(`first demo run failed (${first.status}): ${first.stderr}`);
  try {
    firstResult = JSON.parse(first.stdout) as Result;
  } catch (error) {
    throw new Error(
      `stdout of \`guided demo --json\` is not one JSON document (${(error as Error).message}): ${first.stdout.slice(0, 200)}`,
    );
  }
  hashAfterFirst = sha256(dbPath);
  second = box.run(['demo', '--json', QUESTION]);
  hashAfterSecond = sha256(dbPath);
});

afterAll(() => box?.remove());

function withoutTimings(result: Result): Result {
  const copy = structuredClone(result);
  delete copy.trace.timings;
  return copy;
}

function schemaTables(path: string): string[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

describe('guided demo --json (the paper example)', () => {
  it('exits 0 and prints exactly one JSON document on stdout, progress on stderr', () => {
    expect(first.status).toBe(0);
    expect(first.stdout.trimStart().startsWith('{')).toBe(true);
    expect(() => JSON.parse(first.stdout)).not.toThrow();
    expect(firstResult.question).toBe(QUESTION);
    // the first run had an empty cache: it generated the database and said so, on stderr only
    expect(first.stderr).toContain('generating');
    expect(first.stdout).not.toContain('generating');
    expect(first.stdout).not.toContain('profiling');
    expect(existsSync(dbPath)).toBe(true);
  });

  it('returns the join tree in topological order, rooted at LINEITEM, with two NATION roles', () => {
    const nodes = firstResult.joinTree.nodes;
    expect(nodes.map((n) => n.table)).toEqual(['LINEITEM', 'SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER', 'NATION']);
    for (const node of nodes) expect(Object.keys(node).sort()).toEqual(['alias', 'join', 'parent', 'table']);

    const [root, ...rest] = nodes;
    expect(root).toMatchObject({ table: 'LINEITEM', parent: null, join: null });
    expect(new Set(nodes.map((n) => n.alias)).size).toBe(nodes.length);
    // topological: each parent is an earlier node
    const seen = new Set<string>();
    for (const node of nodes) {
      if (node.parent !== null) expect(seen.has(node.parent), `${node.alias}'s parent ${node.parent} comes later`).toBe(true);
      seen.add(node.alias);
    }
    const byAlias = new Map(nodes.map((n) => [n.alias, n]));
    const parentTable = (n: JoinNode) => (n.parent === null ? null : byAlias.get(n.parent)?.table);
    for (const node of rest) {
      expect(node.parent).not.toBeNull();
      expect(node.join?.edge).toEqual(expect.any(String));
    }

    const nations = nodes.filter((n) => n.table === 'NATION');
    expect(nations.map(parentTable).sort()).toEqual(['CUSTOMER', 'SUPPLIER']);
    expect(nations[0]?.alias).not.toBe(nations[1]?.alias);
    expect(parentTable(nodes[1]!)).toBe('LINEITEM'); // SUPPLIER
    expect(parentTable(nodes[3]!)).toBe('LINEITEM'); // ORDERS
    expect(parentTable(nodes[4]!)).toBe('ORDERS'); // CUSTOMER
  });

  it('joins on the TPC-H keys', () => {
    const nodes = firstResult.joinTree.nodes;
    const byAlias = new Map(nodes.map((n) => [n.alias, n]));
    const keys: Record<string, [string, string]> = {
      'LINEITEM>SUPPLIER': ['L_SUPPKEY', 'S_SUPPKEY'],
      'SUPPLIER>NATION': ['S_NATIONKEY', 'N_NATIONKEY'],
      'LINEITEM>ORDERS': ['L_ORDERKEY', 'O_ORDERKEY'],
      'ORDERS>CUSTOMER': ['O_CUSTKEY', 'C_CUSTKEY'],
      'CUSTOMER>NATION': ['C_NATIONKEY', 'N_NATIONKEY'],
    };
    const joined: string[] = [];
    for (const node of nodes.slice(1)) {
      const parent = byAlias.get(node.parent ?? '');
      expect(parent).toBeDefined();
      const key = `${parent!.table}>${node.table}`;
      const [parentColumn, childColumn] = keys[key] ?? ['?', '?'];
      expect(node.join, key).toMatchObject({ direction: 'forward', columns: [{ parent: parentColumn, child: childColumn }] });
      expect(node.join?.edge).toContain(parentColumn);
      expect(node.join?.edge).toContain(childColumn);
      joined.push(key);
    }
    expect(joined.sort()).toEqual(Object.keys(keys).sort());
  });

  it('names the source, targets and tables as the schema spells them, and the SQL starts FROM LINEITEM', () => {
    const schema = schemaTables(dbPath);
    expect(schema).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
    expect(firstResult.source).toBe('LINEITEM');
    expect(firstResult.targets).toEqual(expect.arrayContaining(['SUPPLIER', 'NATION']));
    for (const t of firstResult.targets) expect(schema).toContain(t);
    expect([...firstResult.tables].sort()).toEqual([...new Set(firstResult.joinTree.nodes.map((n) => n.table))].sort());
    expect(firstResult.sql).toMatch(/^FROM LINEITEM\b/);
    expect(firstResult.reason).toBeNull();
  });

  it("runs the paper's SELECT over the FROM clause on the cached database (read-only)", () => {
    const nodes = firstResult.joinTree.nodes;
    const byAlias = new Map(nodes.map((n) => [n.alias, n]));
    const aliasOf = (table: string, parentTable?: string) => {
      const found = nodes.filter(
        (n) => n.table === table && (parentTable === undefined || byAlias.get(n.parent ?? '')?.table === parentTable),
      );
      expect(found, `${table} under ${parentTable ?? 'anything'}`).toHaveLength(1);
      return found[0]!.alias;
    };
    const supplier = aliasOf('SUPPLIER');
    const lineitem = aliasOf('LINEITEM');
    const supplierNation = aliasOf('NATION', 'SUPPLIER');
    const customerNation = aliasOf('NATION', 'CUSTOMER');
    const select =
      `SELECT ${supplier}.S_NAME, SUM(${lineitem}.L_QUANTITY) AS total_quantity, COUNT(DISTINCT ${lineitem}.L_ORDERKEY) AS orders ` +
      `${firstResult.sql} WHERE ${supplierNation}.N_NAME = 'INDIA' AND ${customerNation}.N_NAME = 'CHINA' ` +
      `GROUP BY ${supplier}.S_NAME ORDER BY total_quantity DESC`;

    // the same question, joined by hand: what the retrieved FROM clause must agree with
    const byHand = `
      SELECT s.S_NAME, SUM(l.L_QUANTITY) AS total_quantity, COUNT(DISTINCT l.L_ORDERKEY) AS orders
      FROM LINEITEM l JOIN SUPPLIER s ON l.L_SUPPKEY = s.S_SUPPKEY JOIN NATION sn ON s.S_NATIONKEY = sn.N_NATIONKEY
      JOIN ORDERS o ON l.L_ORDERKEY = o.O_ORDERKEY JOIN CUSTOMER c ON o.O_CUSTKEY = c.C_CUSTKEY
      JOIN NATION cn ON c.C_NATIONKEY = cn.N_NATIONKEY
      WHERE sn.N_NAME = 'INDIA' AND cn.N_NAME = 'CHINA'
      GROUP BY s.S_NAME ORDER BY total_quantity DESC, s.S_NAME`;

    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare(select).all() as { S_NAME: string; total_quantity: number; orders: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) {
        expect(row.S_NAME).toMatch(/^Supplier#/);
        expect(row.total_quantity).toBeGreaterThan(0);
        expect(row.orders).toBeGreaterThan(0);
      }
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.total_quantity).toBeLessThanOrEqual(rows[i - 1]!.total_quantity);
      const expected = db.prepare(byHand).all();
      const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const tiebroken = [...rows].sort((a, b) => b.total_quantity - a.total_quantity || byName(a.S_NAME, b.S_NAME));
      expect(tiebroken).toEqual(expected);
    } finally {
      db.close();
    }
  });

  it('writes nothing to the database: its SHA-256 is unchanged by a second run', () => {
    expect(second.status).toBe(0);
    expect(hashAfterSecond).toBe(hashAfterFirst);
  });
});

describe('the demo cache', () => {
  it('keeps the database and graph in GUIDED_CACHE_DIR', () => {
    expect(readdirSync(box.cache).sort()).toEqual([demoGraphFile(), DB_NAME]);
    // Named for the versions of the packages that build it: an upgrade builds a new one.
    expect(demoGraphFile()).toMatch(/^tpch-sf0\.01-seed20260101\.graph-[0-9a-f]{8}\.json$/);
  });

  it('is reused by the second run, which does not regenerate', () => {
    expect(second.status).toBe(0);
    expect(second.stderr).not.toContain('generating');
    expect(second.stderr).not.toContain('profiling');
  });

  it('makes runs deterministic: two runs are deep-equal once trace.timings is removed', () => {
    const again = JSON.parse(second.stdout) as Result;
    expect(again.trace.timings).toEqual(expect.objectContaining({ total: expect.any(Number) }));
    expect(withoutTimings(again)).toEqual(withoutTimings(firstResult));
  });
});

describe('guided demo (readable output)', () => {
  let run: CliRun;
  beforeAll(() => {
    run = box.run(['demo']);
  });

  it('answers the default question through the four phases', () => {
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Question: ${QUESTION}`);
    const headings = ['1. Grounding', '2. Exploration', '3. Disambiguation', '4. Merging'].map((h) => run.stdout.indexOf(h));
    for (const at of headings) expect(at).toBeGreaterThanOrEqual(0);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(run.stdout).toContain('T0 = {SUPPLIER, NATION, LINEITEM}');
    expect(() => JSON.parse(run.stdout)).toThrow();
  });

  it('is what the README shows under "What the demo prints" (timings aside): node tooling/scripts/readme-demo.mjs writes it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const block = /## What the demo prints\n\n```\n\$ [^\n]*\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(block, 'README.md has a ``` block under "## What the demo prints", opening with the command').toBeDefined();
    const timingsAside = (text: string) => text.trimEnd().replace(/\d+\.\d+ ms/g, 'N ms');
    expect(timingsAside(block ?? '')).toBe(timingsAside(run.stdout));
  });

  it('prints the FROM clause', () => {
    const sql = firstResult.sql ?? '';
    expect(sql.split('\n').length).toBe(6);
    for (const line of sql.split('\n')) expect(run.stdout).toContain(line);
    expect(run.stdout).toMatch(/^\s*FROM LINEITEM AS lineitem$/m);
  });
});

describe('guided build and guided retrieve --graph', () => {
  let graphFile: string;
  let build: CliRun;
  let dbHashBefore: string;

  beforeAll(() => {
    dbHashBefore = sha256(dbPath);
    build = box.run(['build', dbPath, '-o', 'graph.json']);
    graphFile = join(box.work, 'graph.json');
  });

  it('builds a graph file from a SQLite database without writing to the database', () => {
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toBe('');
    expect(build.stderr).toContain('wrote graph.json');
    const graph = JSON.parse(readFileSync(graphFile, 'utf8')) as { formatVersion: unknown; tables: unknown[] };
    expect(graph.formatVersion).toEqual(expect.any(Number));
    expect(graph.tables).toHaveLength(8);
    expect(sha256(dbPath)).toBe(dbHashBefore);
    expect(readdirSync(box.cache).filter((f) => /-(wal|shm|journal)$/.test(f))).toEqual([]);
  });

  it('retrieves over the built graph', () => {
    const run = box.run(['retrieve', '--graph', 'graph.json', '--json', 'How many orders were shipped by truck?']);
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Result;
    expect(result.tables).toEqual(expect.arrayContaining(['ORDERS', 'LINEITEM']));
    expect(result.source).not.toBeNull();
    expect(result.sql).toMatch(/^FROM (ORDERS|LINEITEM)\b/);
    expect(result.sql).toMatch(/L_ORDERKEY = \w+\.O_ORDERKEY|O_ORDERKEY = \w+\.L_ORDERKEY/);
  });

  it('retrieves over a graph file of format version 1 as over the same graph in version 2', () => {
    const v1 = join(box.work, 'graph-v1.json');
    writeFileSync(v1, `${JSON.stringify({ ...graphData(graphFile), formatVersion: 1 }, null, 1)}\n`);
    const question = 'How many orders were shipped by truck?';
    const [now, old] = [graphFile, v1].map((g) => box.run(['retrieve', '--graph', g, '--json', question]));
    expect(old!.status, old!.stderr).toBe(0);
    const answer = (run: CliRun) => {
      const { tables, sql, joinTree } = JSON.parse(run.stdout) as Result & { joinTree: unknown };
      return { tables, sql, joinTree };
    };
    expect(answer(old!)).toEqual(answer(now!));
  });

  it('build: a missing database is one line naming the path, no stack trace', () => {
    const missing = join(box.work, 'no-such-database.sqlite');
    expectOneLineError(box.run(['build', missing, '-o', 'out.json']), missing, 'not found');
    expect(existsSync(join(box.work, 'out.json'))).toBe(false);
  });

  it('build: a directory is one line naming it', () => {
    expectOneLineError(box.run(['build', box.work, '-o', 'out.json']), box.work);
  });

  it('retrieve: a graph file of another format version is one line naming the file and the version', () => {
    const file = join(box.work, 'v99.json');
    const graph = JSON.parse(readFileSync(graphFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...graph, formatVersion: 99 }));
    const line = expectOneLineError(box.run(['retrieve', '--graph', file, 'orders']), file);
    expect(line).toMatch(/\b99\b/);
  });

  it('retrieve: a graph file that is not JSON is one line naming the file', () => {
    const file = join(box.work, 'not-json.json');
    writeFileSync(file, 'this is { not json');
    expectOneLineError(box.run(['retrieve', '--graph', file, 'orders']), file, 'JSON');
  });

  it('retrieve: a missing graph file is one line naming the file', () => {
    const file = join(box.work, 'missing-graph.json');
    expectOneLineError(box.run(['retrieve', '--graph', file, 'orders']), file);
  });

  it('retrieve --format prompt: the tables, the columns the question needs with types and values, the joins, within --max-tokens', () => {
    const question = 'How many orders were shipped by truck?';
    const json = JSON.parse(box.run(['retrieve', '--graph', 'graph.json', '--json', question]).stdout) as Result & {
      columns: { table: string; columns: { column: string; roles: string[] }[] }[];
    };
    const shipmode = json.columns.find((t) => t.table === 'LINEITEM')?.columns.find((c) => c.column === 'L_SHIPMODE');
    expect(shipmode?.roles).toContain('filter');
    const run = box.run(['retrieve', '--graph', 'graph.json', '--format', 'prompt', question]);
    expect(run.status, run.stderr).toBe(0);
    for (const table of json.tables) expect(run.stdout).toMatch(new RegExp(`^TABLE ${table}\\b`, 'm'));
    expect(run.stdout).toMatch(/^ {2}L_SHIPMODE \S+ {2}-- e\.g\. .*'TRUCK'/m);
    // The FROM clause, without the aliases that only repeat a table's name.
    expect(run.stdout).toContain((json.sql ?? 'no sql').replace(/(\S+) AS \1(?=\s|$)/g, '$1'));
    const tight = box.run(['retrieve', '--graph', 'graph.json', '--format', 'prompt', '--max-tokens', '12', question]);
    expect(tight.status, tight.stderr).toBe(0);
    expect(tight.stdout).toMatch(/-- over budget: the tables' names and join keys take \d+ tokens, more than the 12 allowed/);
    const sql = box.run(['retrieve', '--graph', 'graph.json', '--format', 'sql', question]);
    expect(sql.stdout).toBe(`${json.sql}\n`);
  });

  it('retrieve: a --max-tokens that is no whole number, or without --format prompt, is one clear error', () => {
    const run = box.run(['retrieve', '--graph', 'graph.json', '--format', 'prompt', '--max-tokens', 'lots', 'orders']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toContain('--max-tokens');
    expect(run.stderr.split('\n')[0]).toContain('"lots"');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expectOneLineError(box.run(['retrieve', '--graph', 'graph.json', '--max-tokens', '100', 'orders']), '--format prompt');
    expectOneLineError(box.run(['retrieve', '--graph', 'graph.json', '--json', '--format', 'sql', 'orders']), '--json', '--format sql');
  });

  it('retrieve: an empty question is one line saying so', () => {
    expectOneLineError(box.run(['retrieve', '--graph', 'graph.json', '']), 'question is empty');
    expectOneLineError(box.run(['retrieve', '--graph', 'graph.json', '   ']), 'question is empty');
  });

  it('retrieve: a question that grounds to nothing succeeds with no tables and a reason', () => {
    const run = box.run(['retrieve', '--graph', 'graph.json', '--json', 'What is the weather in Paris tomorrow?']);
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Result;
    expect(result.source).toBeNull();
    expect(result.joinTree.nodes).toEqual([]);
    expect(result.tables).toEqual([]);
    expect(result.sql).toBeNull();
    expect(result.reason).toEqual(expect.any(String));
    expect(result.reason?.trim().length).toBeGreaterThan(0);
  });

  it('retrieve: the readable form of an ungrounded question says why', () => {
    const run = box.run(['retrieve', '--graph', 'graph.json', 'What is the weather in Paris tomorrow?']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('No tables retrieved:');
    expect(run.stdout).not.toContain('4. Merging');
  });

  it('retrieve without --graph uses the cached demo graph', () => {
    const copy = join(box.work, 'cache-graph-before.json');
    copyFileSync(join(box.cache, demoGraphFile()), copy);
    const run = box.run(['retrieve', '--json', QUESTION]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('generating');
    expect(withoutTimings(JSON.parse(run.stdout) as Result)).toEqual(withoutTimings(firstResult));
    expect(sha256(join(box.cache, demoGraphFile()))).toBe(sha256(copy));
  });
});
