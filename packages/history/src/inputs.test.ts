import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HistoryInputError, readHistoryFile, readHistoryInput } from './inputs.js';

const dir = mkdtempSync(join(tmpdir(), 'history-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('question–SQL pairs', () => {
  it('reads JSONL lines, naming each line that is not a pair', () => {
    const text = [
      '{"question": "How many orders?", "sql": "SELECT COUNT(*) FROM orders"}',
      '',
      'not json',
      '{"question": "no sql"}',
      '{"sql": "SELECT 1"}',
    ].join('\n');
    const input = readHistoryInput(text, 'pairs.jsonl');
    expect(input.format).toBe('pairs-jsonl');
    expect(input.items).toEqual([
      { question: 'How many orders?', sql: 'SELECT COUNT(*) FROM orders', at: 'pairs.jsonl:1' },
      { sql: 'SELECT 1', at: 'pairs.jsonl:5' },
    ]);
    expect(input.malformed).toEqual([
      { at: 'pairs.jsonl:3', error: 'not JSON' },
      { at: 'pairs.jsonl:4', error: 'no "sql" string' },
    ]);
  });

  it('reads CSV with quoted fields holding commas, quotes and newlines (a real CSV reader)', () => {
    const text =
      'question,sql\n"Orders, by customer","SELECT c.name, COUNT(*)\nFROM orders o JOIN customer c ON o.customer_id = c.id\nGROUP BY c.name"\n"Who said ""hi""?",SELECT 1\n,\n';
    const input = readHistoryInput(text, 'pairs.csv');
    expect(input.format).toBe('pairs-csv');
    expect(input.items.map((i) => [i.question, i.sql.split('\n').length, i.at])).toEqual([
      ['Orders, by customer', 3, 'pairs.csv row 2'],
      ['Who said "hi"?', 1, 'pairs.csv row 3'],
    ]);
    expect(input.malformed).toEqual([{ at: 'pairs.csv row 4', error: 'no SQL' }]);
  });

  it('reads a JSON list of pairs, and tells JSONL by its content without an extension', () => {
    expect(readHistoryInput('[{"question": "q", "sql": "SELECT 1"}]', 'pairs.json').items).toEqual([
      { question: 'q', sql: 'SELECT 1', at: 'pairs.json [0]' },
    ]);
    expect(readHistoryInput('{"question": "q", "sql": "SELECT 1"}\n', 'saved-questions').format).toBe('pairs-jsonl');
  });
});

describe('query logs', () => {
  it('cuts a .sql file into statements, each with its line', () => {
    const input = readHistoryInput('SELECT 1;\n\nSELECT *\nFROM orders;\n', 'log.sql');
    expect(input.items).toEqual([
      { sql: 'SELECT 1', at: 'log.sql:1', file: 'log.sql', line: 1 },
      { sql: 'SELECT *\nFROM orders', at: 'log.sql:3', file: 'log.sql', line: 3 },
    ]);
  });

  it('reads a pg_stat_statements export by its query column', () => {
    const text = 'userid,dbid,queryid,query,calls\n10,5,-123,"SELECT * FROM orders WHERE id = $1",42\n';
    const input = readHistoryInput(text, 'pgss.csv');
    expect(input.format).toBe('pg-stat-statements');
    expect(input.items).toEqual([{ sql: 'SELECT * FROM orders WHERE id = $1', at: 'pgss.csv row 2' }]);
  });

  it("reads a dbt manifest's compiled models (compiled_code, or compiled_sql of older dbt), tests and sources left out", () => {
    const manifest = {
      metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' },
      nodes: {
        'model.shop.orders_by_customer': { resource_type: 'model', compiled_code: 'select * from "shop"."public"."orders"' },
        'model.shop.legacy': { resource_type: 'model', compiled_sql: 'select * from customer' },
        'model.shop.not_compiled': { resource_type: 'model', raw_code: "select * from {{ ref('x') }}" },
        'test.shop.not_null': { resource_type: 'test', compiled_code: 'select 1' },
      },
    };
    const input = readHistoryInput(JSON.stringify(manifest), '/p/target/manifest.json');
    expect(input.format).toBe('dbt-manifest');
    expect(input.items.map((i) => i.at)).toEqual(['manifest.json model.shop.legacy', 'manifest.json model.shop.orders_by_customer']);
    const raw = { nodes: { 'model.a.b': { resource_type: 'model', raw_code: 'select 1' } } };
    expect(() => readHistoryInput(JSON.stringify(raw), 'manifest.json')).toThrow(
      /none of the dbt manifest's 1 models is compiled: run `dbt compile`/,
    );
  });
});

describe('bad files', () => {
  it('says an empty file is empty, naming it', async () => {
    const empty = join(dir, 'empty.sql');
    writeFileSync(empty, '  \n\n');
    await expect(readHistoryFile(empty)).rejects.toThrow(new HistoryInputError(`${empty} is empty: nothing to learn`));
    await expect(readHistoryFile(join(dir, 'missing.sql'))).rejects.toThrow(/^cannot read history input .*missing\.sql: no such file$/);
  });

  it('says which columns a CSV lacks, and what a JSON object should be', () => {
    expect(() => readHistoryInput('question,answer\nq,a\n', 'x.csv')).toThrow(
      'x.csv: a CSV file needs a sql column (question–SQL pairs: question and sql) or a query column (a pg_stat_statements export); its columns are question, answer',
    );
    expect(() => readHistoryInput('{"a": 1}', 'x.json')).toThrow(/x\.json: not a file guided learn reads/);
    expect(() => readHistoryInput('question,sql\n"open', 'x.csv')).toThrow(/x\.csv: not CSV/);
  });
});
