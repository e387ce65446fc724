import { describe, expect, it } from 'vitest';
import { connectedInSchema } from './fk-paths.js';
import { generateSchema, parseCase } from './generate.js';
import { pluralName } from './phrasing.js';
import { generateQuestions, LAYERED_QUESTIONS } from './questions.js';

describe('generateQuestions', () => {
  it('is deterministic for a seed and gives the count asked', () => {
    const schema = generateSchema(parseCase('warehouse:200'), 42);
    const a = generateQuestions(schema, 30, 42);
    expect(a).toHaveLength(30);
    expect(generateQuestions(schema, 30, 42)).toEqual(a);
    expect(generateQuestions(schema, 30, 43)).not.toEqual(a);
    expect(new Set(a.map((q) => q.id)).size).toBe(30);
  });

  it.each(['snowflake:200', 'warehouse:500', 'snowflake:1000', 'adversarial:200', 'adversarial:2000'])(
    '%s: gold tables exist, are connected in the schema, start at a named fact and hold no copy',
    (label) => {
      const schema = generateSchema(parseCase(label), 42);
      const meta = new Map(schema.tables.map((t) => [t.name, t]));
      for (const q of generateQuestions(schema, 40, 42)) {
        expect(q.gold.length).toBeGreaterThanOrEqual(2);
        expect(q.gold.length).toBeLessThanOrEqual(1 + 3 * 3);
        for (const t of q.gold) expect(meta.get(t)?.copyOf, `${t} in ${q.text}`).toBeUndefined();
        expect(connectedInSchema(schema.spec, q.gold), q.text).toBe(true);
        expect(q.text).toContain(pluralName(q.gold[0]!));
      }
    },
  );

  it('layered: the nation question, gold = customer, one table per layer, nation', () => {
    const schema = generateSchema(parseCase('layered:4x24'), 42);
    const qs = generateQuestions(schema, 100, 42);
    expect(qs.map((q) => q.text)).toEqual(LAYERED_QUESTIONS);
    expect(qs[0]!.text).toBe('Which nation is each customer in?');
    for (const q of qs) {
      expect(q.gold).toHaveLength(6);
      expect(q.gold[0]).toBe('customer');
      expect(q.gold[5]).toBe('nation');
      expect(connectedInSchema(schema.spec, q.gold)).toBe(true);
    }
    expect(generateQuestions(schema, 2, 42)).toHaveLength(2);
  });
});

describe('pluralName', () => {
  it('reads table names as plain English plurals', () => {
    expect(pluralName('sales_invoice_line')).toBe('sales invoice lines');
    expect(pluralName('product_category')).toBe('product categories');
    expect(pluralName('crm_b2b_opportunity')).toBe('crm b2b opportunities');
    expect(pluralName('unit_of_measure')).toBe('units of measure');
    expect(pluralName('tax')).toBe('taxes');
  });
});
