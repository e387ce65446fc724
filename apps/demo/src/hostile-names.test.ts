/**
 * Names are data everywhere: a SQLite database whose tables and columns are named from the hard
 * cases (`__proto__`, `constructor`, SQL keywords, quotes, dots, spaces, Unicode, 1 and 200
 * characters) goes through the whole product path — profile, join inference, graph file written
 * and read, retrieval, the FROM clause run on that database, the prompt context, and the MCP tools
 * over an in-process transport — and every step keeps each name as it is spelled.
 *
 * Property-based (fast-check) with a fixed seed, so CI runs the same cases every time; a failure
 * prints the shrunk schema and the seed to replay it with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGraph, saveGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { HOSTILE_NAMES } from '@guided-retrieval/profiler/testing';
import { Retriever } from '@guided-retrieval/retrieval';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyStore } from './mcp/learn.js';
import { createMcpServer } from './mcp/server.js';

/** The seed every run starts from: the same cases in CI and here. */
const SEED = 4049;
/** Each case builds a database and a retriever (~0.3 s): enough cases to meet every hard name, in seconds. */
const RUNS = 24;

const work = mkdtempSync(join(tmpdir(), 'guided-hostile-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A name from the hard cases, or any short Unicode text (no NUL: no engine takes it in a name). */
const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((s) => !s.includes('\0')) },
);
/** SQLite reads names without regard to case: distinct names differ in more than case. */
const distinct = (count: number) => fc.uniqueArray(nameArb, { minLength: count, maxLength: count, selector: (s) => s.toLowerCase() });
/** PostgreSQL keeps a quoted name's case (`Orders` and `orders` are two tables) and cuts names at 63 bytes. */
const pgName = nameArb.filter((s) => Buffer.byteLength(s) <= 63);
const pgDistinct = (count: number) => fc.uniqueArray(pgName, { minLength: count, maxLength: count });

interface Schema {
  /** The parent table, its key and its label column; the child table, its key, its reference to the parent and a value. */
  parent: { name: string; key: string; label: string };
  child: { name: string; key: string; reference: string; value: string };
  declared: boolean;
}

function schemaArb(names: (count: number) => fc.Arbitrary<string[]>): fc.Arbitrary<Schema> {
  return fc
    .record({ tables: names(2), parentColumns: names(2), childColumns: names(3), declared: fc.boolean() })
    .map(({ tables, parentColumns, childColumns, declared }) => ({
      parent: { name: tables[0]!, key: parentColumns[0]!, label: parentColumns[1]! },
      child: { name: tables[1]!, key: childColumns[0]!, reference: childColumns[1]!, value: childColumns[2]! },
      declared,
    }));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema's statements: 12 parents, 60 children, each child's reference a parent's key. */
function schemaSql(schema: Schema, prefix = ''): string[] {
  const { parent: p, child: c } = schema;
  const parent = `${prefix}${quote(p.name)}`;
  const reference = schema.declared ? ` REFERENCES ${parent}(${quote(p.key)})` : '';
  const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i + 1)).join(', ');
  return [
    `CREATE TABLE ${parent} (${quote(p.key)} INTEGER PRIMARY KEY, ${quote(p.label)} TEXT)`,
    `CREATE TABLE ${prefix}${quote(c.name)} (${quote(c.key)} INTEGER PRIMARY KEY, ${quote(c.reference)} INTEGER${reference}, ${quote(c.value)} REAL)`,
    `INSERT INTO ${parent} VALUES ${rows(12, (i) => `(${i}, 'label ${i}')`)}`,
    `INSERT INTO ${prefix}${quote(c.name)} VALUES ${rows(60, (i) => `(${100 + i}, ${1 + (i % 12)}, ${i / 4})`)}`,
  ];
}

/** Where a case's database lives: its source for `buildGraph`, and how a FROM clause is counted on it. */
interface Engine {
  source: string;
  options?: { schema: string };
  count(from: string): Promise<number>;
  close(): Promise<void>;
}

async function sqliteEngine(schema: Schema, dir: string): Promise<Engine> {
  const path = join(dir, 'hostile.sqlite');
  const writer = new Database(path);
  for (const sql of schemaSql(schema)) writer.exec(sql);
  writer.close();
  const db = new Database(path, { readonly: true, fileMustExist: true });
  return {
    source: path,
    count: async (from) => (db.prepare(`SELECT COUNT(*) AS n ${from}`).get() as { n: number }).n,
    close: async () => {
      db.close();
    },
  };
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

let cases = 0;

async function checkSchema(schema: Schema, open: (schema: Schema, dir: string) => Promise<Engine> = sqliteEngine): Promise<void> {
  const dir = mkdtempSync(join(work, 'case-'));
  const engine = await open(schema, dir);
  const { parent: p, child: c } = schema;

  // profile → join inference → graph: every name as spelled
  const built = await buildGraph(engine.source, { joins: { kind: 'infer' }, ...engine.options });
  expect(built.tables.map((t) => t.name).sort()).toEqual([p.name, c.name].sort());
  expect(built.table(p.name)?.columns.map((col) => col.name)).toEqual([p.key, p.label]);
  expect(built.table(c.name)?.columns.map((col) => col.name)).toEqual([c.key, c.reference, c.value]);
  if (schema.declared) {
    expect(built.edges).toContainEqual(
      expect.objectContaining({ fromTable: c.name, fromColumns: [c.reference], toTable: p.name, toColumns: [p.key] }),
    );
  }
  for (const edge of built.edges) {
    expect(built.column(edge.fromTable, edge.fromColumns[0]!)).toBeDefined();
    expect(built.column(edge.toTable, edge.toColumns[0]!)).toBeDefined();
  }

  // graph file: written and read back whole
  const file = join(dir, 'hostile.graph.json');
  await saveGraph(built, file);
  const graph = await loadGraph(file);
  expect(graph.toData()).toEqual(built.toData());

  // retrieve → FROM clause that runs on the database → prompt context naming the tables shown
  const retriever = await Retriever.create(graph);
  try {
    for (const question of [
      `How many ${c.name} per ${p.name}?`,
      `Which ${p.label} has the highest ${c.value}?`,
      `${p.name} ${c.reference}`,
    ]) {
      const result = await retriever.retrieve(question);
      for (const table of result.tables) expect(graph.table(table)?.name).toBe(table);
      for (const table of Object.keys(result.explanations)) expect(graph.table(table)?.name).toBe(table);
      if (result.sql !== null) expect(await engine.count(result.sql)).toBeGreaterThanOrEqual(0);
      const prompt = retriever.promptContext(result);
      for (const shown of prompt.shown) {
        expect(graph.table(shown.table)?.name).toBe(shown.table);
        for (const column of shown.columns) expect(graph.column(shown.table, column)?.name).toBe(column);
      }
      expect(typeof prompt.text).toBe('string');
    }
  } finally {
    await engine.close();
  }

  // MCP: the server factory over an in-process transport, as an agent calls it
  const server = createMcpServer({ graph, retriever, history: historyStore(graph, null, null), version: '0.0.0-test', log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'hostile-names-test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const list = (await client.callTool({ name: 'list_tables', arguments: {} })) as CallToolResult;
    expect(list.isError).toBeFalsy();
    expect((list.structuredContent as { tables: { name: string }[] }).tables.map((t) => t.name).sort()).toEqual([p.name, c.name].sort());
    for (const table of [p, c]) {
      const described = (await client.callTool({ name: 'describe_table', arguments: { table: table.name } })) as CallToolResult;
      expect(described.isError, text(described)).toBeFalsy();
      expect(described.structuredContent).toMatchObject({ table: table.name });
    }
    const question = `How many ${c.name} per ${p.name}?`;
    const retrieved = (await client.callTool({ name: 'retrieve_tables', arguments: { question } })) as CallToolResult;
    expect(retrieved.isError, text(retrieved)).toBeFalsy();
    const context = (await client.callTool({ name: 'schema_context', arguments: { question } })) as CallToolResult;
    expect(context.isError, text(context)).toBeFalsy();
  } finally {
    await client.close();
    await server.close();
  }
  rmSync(dir, { recursive: true, force: true });
  cases++;
}

describe('a database named from the hard cases', () => {
  it('builds, answers, runs its FROM clause, prints its prompt and serves MCP, every name kept as spelled', async () => {
    await fc.assert(
      fc.asyncProperty(schemaArb(distinct), (schema) => checkSchema(schema)),
      { seed: SEED, numRuns: RUNS },
    );
    expect(cases).toBe(RUNS);
  });

  it('names a table __proto__, constructor and toString at once', async () => {
    await checkSchema({
      parent: { name: '__proto__', key: 'constructor', label: 'toString' },
      child: { name: 'constructor', key: 'hasOwnProperty', reference: '__proto__', value: 'valueOf' },
      declared: false,
    });
  });
});

const url = process.env.GUIDED_TEST_POSTGRES_URL;
if (!url) process.stderr.write('hostile-names.test.ts: GUIDED_TEST_POSTGRES_URL is unset: skipping the PostgreSQL cases\n');

describe.skipIf(!url)('a PostgreSQL database named from the hard cases, names that differ only in case included', () => {
  const NAME = `guided_test_hostile_${process.pid}`;
  let admin: pg.Client;
  let client: pg.Client;
  let dbUrl: string;
  let schemas = 0;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${NAME}`);
    const at = new URL(url!);
    at.pathname = `/${NAME}`;
    dbUrl = at.toString();
    client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin?.end();
  });

  /** Each case in a schema of its own (`case_<n>`), which the build profiles alone. */
  async function postgresEngine(schema: Schema): Promise<Engine> {
    const name = `case_${++schemas}`;
    await client.query(`CREATE SCHEMA ${name}`);
    for (const sql of schemaSql(schema, `${name}.`)) await client.query(sql);
    return {
      source: dbUrl,
      options: { schema: name },
      count: async (from) => Number((await client.query(`SELECT COUNT(*) AS n ${from}`)).rows[0].n),
      close: async () => {},
    };
  }

  it('builds, answers, runs its FROM clause, prints its prompt and serves MCP, every name kept as spelled', async () => {
    const before = cases;
    await fc.assert(
      fc.asyncProperty(schemaArb(pgDistinct), (schema) => checkSchema(schema, postgresEngine)),
      { seed: SEED, numRuns: RUNS / 2 },
    );
    expect(cases - before).toBe(RUNS / 2);
  });

  it('keeps "Orders" and orders, "ID" and id apart', async () => {
    await checkSchema(
      {
        parent: { name: 'Orders', key: 'ID', label: 'id' },
        child: { name: 'orders', key: 'id', reference: 'ID', value: 'Id' },
        declared: true,
      },
      postgresEngine,
    );
  });
});
