import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './index.js';

/** Two databases in one warehouse, no key between them: a shop and a school. */
const warehouse = graphFromSchema({
  database: 'warehouse',
  tables: [
    { name: 'customer', columns: ['customer_id', 'name', { name: 'city', inferredType: 'text', sample: ['Springfield'] }] },
    { name: 'orders', columns: ['order_id', 'customer_id', 'total', 'status'] },
    { name: 'student', columns: ['student_id', 'name', 'grade', 'status'] },
    { name: 'enrollment', columns: ['student_id', 'course', 'semester'] },
  ],
  foreignKeys: [
    { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] },
    { fromTable: 'enrollment', fromColumns: ['student_id'], toTable: 'student', toColumns: ['student_id'] },
  ],
});

describe('one island of the join graph per question', () => {
  it('keeps the island that explains most of the question and sets the others aside', async () => {
    const index = await GroundingIndex.build(warehouse);
    const result = await index.ground('Which students enrolled in a course this semester have status active?');
    expect(result.initialTargets.every((t) => t === 'student' || t === 'enrollment')).toBe(true);
    expect(result.initialTargets).toContain('enrollment');
    // `status` also names a column of orders, in the other island.
    expect(result.matches.some((m) => m.table === 'orders')).toBe(false);
  });

  it('reports tables matched as strongly elsewhere, which no join reaches', async () => {
    const index = await GroundingIndex.build(warehouse);
    const result = await index.ground('customers and students in Springfield');
    expect(result.initialTargets).toEqual(['customer']);
    expect(result.elsewhere.map((e) => e.table)).toEqual(['student']);
  });

  it('counts how many tables a key names within its island only', async () => {
    const index = await GroundingIndex.build(warehouse);
    const inWarehouse = (await index.ground('status of orders')).matches.find((m) => m.column === 'status');
    const alone = graphFromSchema({ database: 'shop', tables: [{ name: 'orders', columns: ['order_id', 'total', 'status'] }] });
    const inShop = (await (await GroundingIndex.build(alone)).ground('status of orders')).matches.find((m) => m.column === 'status');
    expect(inWarehouse?.score).toBe(inShop?.score);
  });

  it('can be switched off (the ablation lever)', async () => {
    const index = await GroundingIndex.build(warehouse, { levers: { oneIsland: false, weakTableRatio: 0 } });
    const result = await index.ground('customers and students in Springfield');
    expect(result.initialTargets).toEqual(expect.arrayContaining(['customer', 'student']));
    expect(result.elsewhere).toEqual([]);
  });
});

describe('semantic enrichment next to the matched tables', () => {
  /** orders → customer → region; the report references `reportsTo`. */
  const shop = (reportsTo: string) =>
    graphFromSchema({
      database: 'shop',
      tables: [
        { name: 'orders', columns: ['order_id', 'customer_id', 'total'] },
        {
          name: 'customer',
          primaryKey: ['customer_id'],
          columns: ['customer_id', { name: 'name', inferredType: 'text', sample: ['Alice'] }, 'region_id'],
        },
        { name: 'region', primaryKey: ['region_id'], columns: ['region_id', 'label'] },
        { name: 'report', description: 'weekly revenue trending', columns: ['report_id', 'ref_id', 'week'] },
      ],
      foreignKeys: [
        { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] },
        { fromTable: 'customer', fromColumns: ['region_id'], toTable: 'region', toColumns: ['region_id'] },
        { fromTable: 'report', fromColumns: ['ref_id'], toTable: reportsTo, toColumns: [`${reportsTo}_id`] },
      ],
    });
  const question = 'How is weekly revenue trending for Alice?';
  // Enrichment's own test: the report's description would name it by its words ("trending") otherwise.
  const levers = { descriptionWords: false };

  it('adds a similar table one join from the matched ones', async () => {
    const result = await (await GroundingIndex.build(shop('customer'), { levers })).ground(question);
    expect(result.grounded.map((g) => g.table)).toEqual(['customer']);
    expect(result.enrichment.added.map((a) => a.table)).toContain('report');
  });

  it('not one that only shares a dimension with them', async () => {
    const result = await (await GroundingIndex.build(shop('region'), { levers })).ground(question);
    expect(result.grounded.map((g) => g.table)).toEqual(['customer']);
    expect(result.enrichment.added.map((a) => a.table)).not.toContain('report');
  });
});
