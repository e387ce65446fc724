import { afterAll, describe, expect, it } from 'vitest';
import { exploreSources } from './explore.js';
import { tpchFixture } from './test-support/tpch-db.js';

const tpch = await tpchFixture();
afterAll(() => tpch.cleanup());

describe('exploration (paper §3.2)', () => {
  const candidates = exploreSources(tpch.graph, ['NATION', 'SUPPLIER', 'LINEITEM']);
  const coverage = Object.fromEntries(candidates.map((c) => [c.table, c.coverage]));

  it("scores coverage as |R(t) ∩ T0| exactly as the paper's example", () => {
    expect(coverage).toMatchObject({ LINEITEM: 2, SUPPLIER: 1, ORDERS: 1 });
    expect(candidates.find((c) => c.table === 'LINEITEM')?.reachableCount).toBe(7);
  });

  it('ranks LINEITEM first: highest coverage and itself a target', () => {
    expect(candidates[0]?.table).toBe('LINEITEM');
    expect(candidates[0]?.covers).toEqual(['LINEITEM', 'NATION', 'SUPPLIER']);
  });

  it('keeps only tables that reach a target or are one', () => {
    expect(candidates.map((c) => c.table)).not.toContain('REGION');
    expect(candidates.map((c) => c.table)).not.toContain('PART');
    expect(coverage.NATION).toBe(0);
  });
});
