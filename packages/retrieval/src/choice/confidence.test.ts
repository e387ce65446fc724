import { describe, expect, it } from 'vitest';
import { confidenceOf } from './confidence.js';
import type { CandidateTree } from './propose.js';

const tree = (tables: string[]): CandidateTree => ({
  origin: tables.join('+'),
  choice: { source: tables[0]!, targets: tables.slice(1), roles: [], notes: [] },
  tables,
  leaves: [],
  roles: [],
  edges: tables.length - 1,
  reversed: 0,
});

const SETTINGS = { uncertainBelow: 0.5, listTablesFrom: 0.05 };

describe('the choice’s confidence', () => {
  it('gives each table the summed probability of the trees that hold it', () => {
    const trees = [tree(['orders', 'customers']), tree(['orders']), tree(['orders', 'products']), tree(['payments'])];
    const c = confidenceOf(trees, [0.6, 0.25, 0.12, 0.03], 0, SETTINGS);
    expect(c.tree).toBe(0.6);
    expect(c.tables).toEqual({ orders: 0.97, customers: 0.6, products: 0.12 });
    // payments (0.03) is below listTablesFrom and outside the returned tree: not listed.
    expect(Object.keys(c.tables)).not.toContain('payments');
    expect(c.uncertain).toBe(false);
  });

  it('always lists the returned tree’s tables, and says when the tree is not clearly ahead', () => {
    const trees = [tree(['a', 'b']), tree(['a']), tree(['c'])];
    const c = confidenceOf(trees, [0.04, 0.5, 0.46], 0, SETTINGS);
    expect(Object.keys(c.tables).sort()).toEqual(['a', 'b', 'c']);
    expect(c.tables.b).toBe(0.04);
    expect(c.uncertain).toBe(true);
  });
});
