import type { JoinEdge, JoinInference } from '@guided-retrieval/join-inference';
import { describe, expect, it } from 'vitest';
import { describeInference, summarizeInference } from './inference-notes.js';

/** Only the origin counts here. */
const edge = (origin: JoinEdge['origin'], fromColumn: string): JoinEdge => {
  const ends = { fromTable: 'orders', fromColumns: [fromColumn], toTable: 'Customer', toColumns: ['Id'] };
  return { id: `orders(${fromColumn})->Customer(Id)`, ...ends, origin, confidence: 1, evidence: [] };
};

describe('summarizeInference', () => {
  it('counts declared and inferred edges and says it in one line', () => {
    const result: JoinInference = {
      edges: [edge('declared', 'customer_id'), edge('inferred', 'id')],
      keys: [],
      setAside: [],
      stats: { tables: 2, columns: 3, candidatePairs: 6, afterPruning: 2, accepted: 1, adjudicated: 0, ms: 3.4 },
    };
    const summary = summarizeInference('shop', result);
    expect(summary).toEqual({
      database: 'shop',
      tables: 2,
      columns: 3,
      candidatePairs: 6,
      afterPruning: 2,
      declared: 1,
      inferred: 1,
      adjudicated: 0,
      ms: 3,
    });
    expect(describeInference(summary)).toBe('shop: 2 tables, 6 candidate pairs (2 after pruning), 1 declared + 1 inferred edges, 3 ms');
    expect(describeInference({ ...summary, adjudicated: 2 })).toContain('1 inferred edges, 2 adjudicated, 3 ms');
  });
});

describe('setAsideNotes', () => {
  it('says once per reason how many columns never join, with a few of them', async () => {
    const { setAsideNotes } = await import('./inference-notes.js');
    const reason = 'a data loader’s or modelling tool’s bookkeeping column';
    const columns = ['a', 'b', 'c', 'd'].map((table) => ({ table, column: '_fivetran_synced', reason }));
    expect(setAsideNotes([...columns, { table: 'e', column: 'updated_at', reason: 'a timestamp or flag 5 of 5 tables carry' }])).toEqual([
      `note: 4 columns set aside from join inference, never joined: ${reason} — a._fivetran_synced, b._fivetran_synced, c._fivetran_synced, …`,
      'note: 1 column set aside from join inference, never joined: a timestamp or flag 5 of 5 tables carry — e.updated_at',
    ]);
  });
});
