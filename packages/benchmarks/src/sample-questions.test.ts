import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadSampleQuestions,
  normalizeTableName,
  parseSampleQuestions,
  resolveQuestionTables,
  resolveTableName,
  type SampleQuestion,
} from './sample-questions.js';

const DBS = ['chinook', 'northwind'];
const line = (o: Record<string, unknown>) => JSON.stringify(o);
const good = { id: 'chinook-01', db: 'chinook', question: 'Which customers spent the most?', gold: ['Customer', 'Invoice'] };

describe('parseSampleQuestions', () => {
  it('reads one question a line, blank lines skipped, optional kept only when given', () => {
    const text = [line({ ...good, optional: ['InvoiceLine'] }), '', line({ ...good, id: 'northwind-01', db: 'northwind' }), ''].join('\n');
    expect(parseSampleQuestions(text, 'q.jsonl', DBS)).toEqual([
      { ...good, optional: ['InvoiceLine'], line: 1 },
      { ...good, id: 'northwind-01', db: 'northwind', line: 3 },
    ]);
  });

  it.each([
    ['{"id": "x",', /q\.jsonl line 2: not JSON/],
    ['["a"]', /line 2: not a JSON object/],
    [line({ ...good, id: 'b', db: 'sakila' }), /line 2: unknown db "sakila" \(expected one of chinook, northwind\)/],
    [line({ ...good, id: 'b', gold: [] }), /line 2: "gold" lists no table/],
    [line({ ...good, id: 'b', gold: 'Customer' }), /line 2: "gold" must be a list of table names/],
    [line({ ...good, id: 'b', optional: [''] }), /line 2: "optional" must be a list of table names/],
    [line({ ...good, id: 'b', question: ' ' }), /line 2: "question" must be a non-empty string/],
    [line({ ...good, id: 'b', optinal: ['x'] }), /line 2: unknown key optinal/],
    [line(good), /line 2: id "chinook-01" already used on line 1/],
  ])('fails on a bad line naming its number: %s', (bad, message) => {
    expect(() => parseSampleQuestions(`${line(good)}\n${bad}\n`, 'q.jsonl', DBS)).toThrow(message);
  });
});

describe('loadSampleQuestions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sample-questions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails in one line on a missing or empty file', () => {
    expect(() => loadSampleQuestions(join(dir, 'none.jsonl'), DBS)).toThrow(/questions file .*none\.jsonl not found/);
    writeFileSync(join(dir, 'empty.jsonl'), '\n');
    expect(() => loadSampleQuestions(join(dir, 'empty.jsonl'), DBS)).toThrow(/holds no question/);
  });
});

describe('gold names resolved to the tables of a build', () => {
  const SQLITE = ['Customer', 'Invoice', 'InvoiceLine', 'Order Details', 'Regions', 'Employee'];
  const PG = ['customer', 'invoice', 'invoice_line', 'order_details', 'region', 'employee'];

  it('normalizes case and every non-alphanumeric character', () => {
    expect(normalizeTableName('Order Details')).toBe('orderdetails');
    expect(normalizeTableName('invoice_line')).toBe('invoiceline');
    expect(normalizeTableName('sbCustomer')).toBe('sbcustomer');
  });

  it('matches SQLite spelling to PostgreSQL spelling, and a trailing-s plural either way', () => {
    expect(resolveTableName('InvoiceLine', PG)).toEqual({ ok: true, table: 'invoice_line' });
    expect(resolveTableName('Order Details', PG)).toEqual({ ok: true, table: 'order_details' });
    expect(resolveTableName('Regions', PG)).toEqual({ ok: true, table: 'region' });
    expect(resolveTableName('region', SQLITE)).toEqual({ ok: true, table: 'Regions' });
    expect(resolveTableName('invoice_line', SQLITE)).toEqual({ ok: true, table: 'InvoiceLine' });
  });

  it('prefers the exact match to the plural one, and calls two matches ambiguous', () => {
    expect(resolveTableName('customer', ['customers', 'customer'])).toEqual({ ok: true, table: 'customer' });
    expect(resolveTableName('customer', ['Customer', 'customer'])).toEqual({
      ok: false,
      error: 'is ambiguous: it matches Customer, customer',
    });
    expect(resolveTableName('order', ['orders', 'Orders'])).toMatchObject({ ok: false, error: /ambiguous/ });
    expect(resolveTableName('Track', PG)).toEqual({ ok: false, error: 'matches no table' });
  });

  const q: SampleQuestion = {
    id: 'chinook-01',
    db: 'chinook',
    question: '?',
    gold: ['Customer', 'Invoices'],
    optional: ['InvoiceLine'],
    line: 7,
  };

  it('resolves a question gold and optional, sorted', () => {
    expect(resolveQuestionTables(q, PG, 'postgres')).toEqual({ gold: ['customer', 'invoice'], optional: ['invoice_line'] });
    const { optional: _optional, ...noOptional } = q;
    expect(resolveQuestionTables(noOptional, SQLITE, 'sqlite')).toEqual({
      gold: ['Customer', 'Invoice'],
    });
  });

  it('fails loudly naming the question, the name and the build when a name does not resolve', () => {
    expect(() => resolveQuestionTables({ ...q, gold: ['Customer', 'Track'] }, PG, 'postgres')).toThrow(
      /question chinook-01 \(line 7\): gold table "Track" matches no table in the postgres build of chinook/,
    );
    expect(() => resolveQuestionTables({ ...q, optional: ['Employees'] }, [...PG, 'employees'], 'postgres')).not.toThrow();
    expect(() =>
      resolveQuestionTables({ ...q, optional: ['Employee'] }, ['customer', 'invoice', 'Employee', 'employee'], 'sqlite'),
    ).toThrow(/question chinook-01 \(line 7\): optional table "Employee" is ambiguous: it matches Employee, employee in the sqlite build/);
  });
});
