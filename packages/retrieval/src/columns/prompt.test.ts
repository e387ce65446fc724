import { describe, expect, it } from 'vitest';
import { countTokens, defaultColumnParams, Retriever, renderSchemaText } from '../index.js';
import { shop } from '../test-support/shop.js';

const QUESTION = 'What is the total of the orders of customers in Paris?';

describe('the prompt context', async () => {
  const retriever = await Retriever.create(shop);
  const result = await retriever.retrieve(QUESTION);
  const full = retriever.promptContext(result);

  it('holds, with the default budget, every table of the tree, the needed columns with types and values, and the FROM clause naming the join keys', () => {
    expect(full.maxTokens).toBe(defaultColumnParams().defaultMaxTokens);
    expect(full.overBudget).toBe(false);
    for (const table of result.tables) expect(full.text).toMatch(new RegExp(`^TABLE ${table}\\b`, 'm'));
    expect(full.text).toMatch(/^ {2}city TEXT {2}-- e\.g\. 'Paris', 'Lyon', 'Nantes'$/m);
    expect(full.text).toMatch(/^FROM orders\nJOIN customer ON orders\.customer_id = customer\.id$/m);
    expect(full.tokens).toBe(countTokens(full.text));
    expect(full.schemaTokens).toBe(countTokens(renderSchemaText(shop, defaultColumnParams())));
    const shown = (table: string) => full.shown.find((s) => s.table === table)?.columns ?? [];
    expect(shown('orders')).toContain('customer_id');
    expect(shown('customer')).toContain('id');
    for (const t of result.columns.filter((c) => !c.possible)) for (const c of t.columns) expect(shown(t.table)).toContain(c.column);
  });

  it('shows, without a budget, the likely columns worth their share of the schema; given one, it fills it with the likeliest', async () => {
    const shown = (p: typeof full) => p.shown.reduce((n, s) => n + s.columns.length, 0);
    const offered = result.columns.reduce((n, t) => n + t.columns.length + t.likely.length, 0);
    const filled = retriever.promptContext(result, { maxTokens: 4000 });
    expect(shown(filled)).toBeGreaterThan(shown(full));
    expect(shown(filled)).toBeGreaterThanOrEqual(offered);
    const dear = await Retriever.create(shop, { columnParams: { columnPrice: 1e6 } });
    const paris = await dear.retrieve(QUESTION);
    const needed = dear.promptContext(paris);
    const listed = new Set(paris.columns.flatMap((t) => t.columns.map((c) => `${t.table}.${c.column}`)));
    const shownThere = needed.shown.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`));
    expect(shownThere.length).toBeGreaterThan(0);
    for (const c of shownThere) expect(listed.has(c), c).toBe(true);
    const cheap = await Retriever.create(shop, { columnParams: { columnPrice: 0 } });
    expect(shown(cheap.promptContext(await cheap.retrieve(QUESTION)))).toBe(shown(filled));
  });

  it('offers the possibly needed tables with the key that joins them, their columns only when one is taken', () => {
    const possible = result.columns.find((t) => t.possible);
    expect(possible?.possible?.joins).toBeDefined();
    const filled = retriever.promptContext(result, { maxTokens: 4000 });
    const pairs = possible!.possible!.on.map((p) => `${possible!.table}.${p.column} = ${possible!.possible!.joins}.${p.to}`).join(' AND ');
    expect(filled.text).toMatch(
      new RegExp(
        `TABLE ${possible!.table} {2}-- possibly needed( \\(\\d+ %\\))?, joined by ${pairs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(filled.text).toMatch(new RegExp(`^-- the answer joins .*; shown in case: .*${possible!.table}`, 'm'));
    expect(filled.shown.find((s) => s.table === possible!.table)?.possible).toBe(true);
    const tight = retriever.promptContext(result, { maxTokens: skeletonTokens() });
    expect(tight.text).not.toContain('possibly needed');
    expect(tight.shown.some((s) => s.possible)).toBe(false);
  });

  it('shows the tree alone in exact mode, and every table it lists with at least its join key, at any budget', () => {
    const exact = retriever.promptContext(result, { maxTokens: 4000, mode: 'exact' });
    expect(exact.shown.some((s) => s.possible)).toBe(false);
    expect(exact.text).not.toContain('possibly needed');
    for (const budget of [1, 20, 60, 200]) {
      const prompt = retriever.promptContext(result, { maxTokens: budget });
      for (const block of prompt.text.split(/^(?=TABLE )/m).filter((b) => b.startsWith('TABLE '))) {
        const lines = block.trimEnd().split('\n');
        const columnLines = lines.slice(1).filter((l) => /^ {2}\S/.test(l) && !l.startsWith('  --'));
        expect(columnLines.length, `${budget} tokens: ${lines[0]}`).toBeGreaterThan(0);
      }
    }
    expect(() => retriever.promptContext(result, { mode: 'wide' as never })).toThrow(/exact or recall/);
  });

  it('never exceeds the budget, and a tighter budget shows no column a looser one leaves out', () => {
    const skeleton = retriever.promptContext(result, { maxTokens: 1 });
    let before: Set<string> | null = null;
    for (let budget = full.tokens + 20; budget >= skeleton.tokens - 3; budget--) {
      const prompt = retriever.promptContext(result, { maxTokens: budget });
      const shown = new Set(prompt.shown.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)));
      if (prompt.overBudget) {
        expect(budget).toBeLessThan(skeleton.tokens);
        continue;
      }
      expect(prompt.tokens).toBeLessThanOrEqual(budget);
      expect(prompt.tokens).toBe(countTokens(prompt.text));
      if (before) for (const c of shown) expect(before.has(c), `${c} at ${budget}`).toBe(true);
      before = shown;
    }
  });

  it('says how many columns of each table it leaves out', () => {
    const tight = retriever.promptContext(result, { maxTokens: skeletonTokens() + 5 });
    for (const o of tight.omitted) {
      const shown = tight.shown.find((s) => s.table === o.table)!.columns.length;
      expect(tight.text).toContain(`TABLE ${o.table}  -- ${shown} of ${shown + o.columns} columns`);
    }
  });

  it("keeps, below what the tree's names and keys need, those alone and a line saying what was left out", () => {
    const tiny = retriever.promptContext(result, { maxTokens: 5 });
    expect(tiny.overBudget).toBe(true);
    for (const table of result.tables) expect(tiny.text).toContain(`TABLE ${table}`);
    expect(tiny.text).toContain('ON orders.customer_id = customer.id');
    expect(tiny.text).toMatch(
      /-- over budget: the tables' names and join keys take \d+ tokens, more than the 5 allowed; every other column is left out$/,
    );
    expect(tiny.text).not.toContain("'Paris'");
  });

  it('refuses a budget that is no whole number of tokens', () => {
    for (const bad of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => retriever.promptContext(result, { maxTokens: bad })).toThrow(RangeError);
  });

  it('says why when nothing was retrieved', async () => {
    const none = retriever.promptContext(await retriever.retrieve('xyzzy plugh'));
    expect(none.text).toMatch(/^-- shop: no table retrieved: /);
    expect(none.shown).toEqual([]);
  });

  it('is shorter than the whole schema, which lists every column', () => {
    const whole = renderSchemaText(shop, defaultColumnParams());
    for (const t of shop.tables) for (const c of t.columns) expect(whole).toContain(`  ${c.name} `);
    expect(countTokens(whole)).toBeGreaterThan(0);
    const subset = renderSchemaText(shop, defaultColumnParams(), [{ table: 'orders', columns: ['total'] }]);
    expect(subset).toBe('TABLE orders\n  total REAL');
  });

  function skeletonTokens(): number {
    return retriever.promptContext(result, { maxTokens: 1 }).tokens;
  }
});
