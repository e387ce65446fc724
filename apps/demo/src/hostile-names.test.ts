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
import { afterAll, describe, expect, it } from 'vitest';
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
/** SQLite and the graph read names without regard to case: distinct names differ in more than case. */
const distinct = (count: number) => fc.uniqueArray(nameArb, { minLength: count, maxLength: count, selector: (s) => s.toLowerCase() });

interface Schema {
  /** The parent table, its key and its label column; the child table, its key, its reference to the parent and a value. */
  parent: { name: string; key: string; label: string };
  child: { name: string; key: string; reference: string; value: string };
  declared: boolean;
}

const schemaArb: fc.Arbitrary<Schema> = fc
  .record({ tables: distinct(2), parentColumns: distinct(2), childColumns: distinct(3), declared: fc.boolean() })
  .map(({ tables, parentColumns, childColumns, declared }) => ({
    parent: { name: tables[0]!, key: parentColumns[0]!, label: parentColumns[1]! },
    child: { name: tables[1]!, key: childColumns[0]!, reference: childColumns[1]!, value: childColumns[2]! },
    declared,
  }));

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema as a SQLite file: 12 parents, 60 children, each child's reference a parent's key. */
function writeDatabase(schema: Schema, path: string): void {
  const { parent: p, child: c } = schema;
  const db = new Database(path);
  const reference = schema.declared ? ` REFERENCES ${quote(p.name)}(${quote(p.key)})` : '';
  db.exec(`CREATE TABLE ${quote(p.name)} (${quote(p.key)} INTEGER PRIMARY KEY, ${quote(p.label)} TEXT)`);
  db.exec(
    `CREATE TABLE ${quote(c.name)} (${quote(c.key)} INTEGER PRIMARY KEY, ${quote(c.reference)} INTEGER${reference}, ${quote(c.value)} REAL)`,
  );
  const addParent = db.prepare(`INSERT INTO ${quote(p.name)} VALUES (?, ?)`);
  const addChild = db.prepare(`INSERT INTO ${quote(c.name)} VALUES (?, ?, ?)`);
  for (let i = 1; i <= 12; i++) addParent.run(i, `${p.label} ${i}`);
  for (let i = 1; i <= 60; i++) addChild.run(100 + i, 1 + (i % 12), i / 4);
  db.close();
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

let cases = 0;

async function checkSchema(schema: Schema): Promise<void> {
  const dir = mkdtempSync(join(work, 'case-'));
  const path = join(dir, 'hostile.sqlite');
  writeDatabase(schema, path);
  const { parent: p, child: c } = schema;

  // profile → join inference → graph: every name as spelled
  const built = await buildGraph(path, { joins: { kind: 'infer' } });
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
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    for (const question of [
      `How many ${c.name} per ${p.name}?`,
      `Which ${p.label} has the highest ${c.value}?`,
      `${p.name} ${c.reference}`,
    ]) {
      const result = await retriever.retrieve(question);
      for (const table of result.tables) expect(graph.table(table)?.name).toBe(table);
      for (const table of Object.keys(result.explanations)) expect(graph.table(table)?.name).toBe(table);
      if (result.sql !== null) expect(db.prepare(`SELECT COUNT(*) AS n ${result.sql}`).get()).toMatchObject({ n: expect.any(Number) });
      const prompt = retriever.promptContext(result);
      for (const shown of prompt.shown) {
        expect(graph.table(shown.table)?.name).toBe(shown.table);
        for (const column of shown.columns) expect(graph.column(shown.table, column)?.name).toBe(column);
      }
      expect(typeof prompt.text).toBe('string');
    }
  } finally {
    db.close();
  }

  // MCP: the server factory over an in-process transport, as an agent calls it
  const server = createMcpServer({ graph, retriever, version: '0.0.0-test', log: () => {} });
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
    await fc.assert(fc.asyncProperty(schemaArb, checkSchema), { seed: SEED, numRuns: RUNS });
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
