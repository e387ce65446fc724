/**
 * The checked-in JSON Schema of the retrieval result is the one generated from the zod schema,
 * and real results over a generated TPC-H database validate against it (with the Ajv validator
 * MCP clients use). `UPDATE_SCHEMA=1 npx vitest run src/mcp/result-schema.test.ts` rewrites the
 * file after a change to the zod schema.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { type RetrievalResult, Retriever } from '@guided-retrieval/retrieval';
import { generateTpch } from '@guided-retrieval/tpch';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TPCH_EXAMPLES } from '../server/graph-payload.js';
import { retrievalResultJsonSchema, retrievalResultSchema, toRetrievalOutput } from './result-schema.js';

const SCHEMA_FILE = fileURLToPath(new URL('../../schema/retrieval-result.schema.json', import.meta.url));

const QUESTIONS = [
  ...TPCH_EXAMPLES,
  'Which parts are supplied by suppliers in Germany?',
  'List the customers of the automobile segment with their orders',
  'Which supplier has the highest account balance?',
  'xyzzy plugh frobnicate', // nothing matches: source null, a reason
];

describe('the checked-in JSON Schema', () => {
  it('is the one generated from the zod schema', () => {
    const generated = `${JSON.stringify(retrievalResultJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'schema/retrieval-result.schema.json is stale: rerun this test with UPDATE_SCHEMA=1').toBe(
      generated,
    );
  });

  it('is draft 7, open at the top level only, and requires every field', () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as {
      $schema: string;
      additionalProperties: unknown;
      required: string[];
      properties: Record<string, { additionalProperties?: unknown }>;
    };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).not.toBe(false);
    expect(schema.properties.joinTree?.additionalProperties).toBe(false);
    expect(schema.required.sort()).toEqual(Object.keys(schema.properties).sort());
    expect(schema.required.sort()).toEqual([
      'columns',
      'confidence',
      'database',
      'explanations',
      'joinTree',
      'question',
      'reason',
      'source',
      'sql',
      'tables',
      'targets',
      'unjoined',
    ]);
  });
});

describe('real retrieval results over TPC-H', () => {
  let root: string;
  let results: RetrievalResult[];
  let validate: (value: unknown) => { valid: boolean; errorMessage?: string | undefined };

  beforeAll(async () => {
    validate = new AjvJsonSchemaValidator().getValidator(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
    root = mkdtempSync(join(tmpdir(), 'guided-result-schema-'));
    const path = join(root, 'tpch.sqlite');
    generateTpch({ path, scaleFactor: 0.001, overwrite: true });
    const retriever = await Retriever.create(await buildGraph(path, { name: 'tpch' }));
    results = [];
    for (const question of QUESTIONS) results.push(await retriever.retrieve(question));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('validate against the JSON Schema and the zod schema', () => {
    for (const result of results) {
      const output = toRetrievalOutput(result);
      const checked = validate(output);
      expect(checked.valid, `${result.question}: ${checked.errorMessage ?? ''}`).toBe(true);
      expect(retrievalResultSchema.parse(output)).toEqual(output);
    }
  });

  it('validate as `guided retrieve --json` prints them (with the trace) and as the HTTP API answers (with a preview)', () => {
    for (const result of results) {
      const json = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
      expect(validate(json).valid, result.question).toBe(true);
      expect(
        validate({ ...json, preview: { ok: true, rowCount: 0, columns: [], rows: [], ms: 1, limit: 20 } }).valid,
        result.question,
      ).toBe(true);
    }
    // Still a schema: a wrong field fails.
    expect(validate({ ...JSON.parse(JSON.stringify(results[0])), tables: 'LINEITEM' }).valid).toBe(false);
  });

  it('cover both shapes: a join tree, and nothing retrieved with a reason', () => {
    const [paper] = results.map(toRetrievalOutput);
    expect(paper?.joinTree.nodes.map((n) => `${n.table} as ${n.alias}`)).toEqual([
      'LINEITEM as lineitem',
      'SUPPLIER as supplier',
      'NATION as nation_supplier',
      'ORDERS as orders',
      'CUSTOMER as customer',
      'NATION as nation_customer',
    ]);
    const none = toRetrievalOutput(results.at(-1)!);
    expect(none).toMatchObject({ source: null, sql: null, tables: [], joinTree: { nodes: [] } });
    expect(none.reason).toMatch(/xyzzy/);
  });

  it('are `guided retrieve --json` without its trace (the one field the schema does not describe)', () => {
    for (const result of results) {
      const json = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
      delete json.trace;
      expect(validate(json).valid, result.question).toBe(true);
      expect(json).toEqual(toRetrievalOutput(result));
    }
  });

  it('reject what breaks the shape', () => {
    const good = toRetrievalOutput(results[0]!);
    const broken: unknown[] = [
      { ...good, source: 7 },
      { ...good, joinTree: { ...good.joinTree, dialect: 'oracle' } },
      { ...good, joinTree: { ...good.joinTree, extra: true } },
      (({ sql: _sql, ...rest }) => rest)(good),
      { ...good, joinTree: { ...good.joinTree, nodes: [{ alias: 'x', table: 'X', parent: null, on: null }] } },
    ];
    for (const value of broken) expect(validate(value).valid).toBe(false);
  });
});
