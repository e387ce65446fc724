import { describe, expect, it } from 'vitest';
import { keyCandidates } from './keys.js';
import { defaultJoinParams } from './params.js';
import { tableFromColumns } from './profile-from-values.js';

const P = defaultJoinParams();

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

describe('keyCandidates', () => {
  it('ranks a unique id named after its table first, a unique column with NULLs last, and drops non-unique ones', () => {
    const table = tableFromColumns('customer', {
      name: ids(5).map((i) => `Customer#${i}`),
      customer_id: ids(5),
      nation: [1, 1, 2, 2, 3],
      phone: ['1', '2', null, '4', '5'],
    });
    const keys = keyCandidates(table, false, P);
    expect(keys.map((k) => k.columns)).toEqual([['customer_id'], ['name'], ['phone']]);
    expect(keys[2]!.evidence[0]).toBe('4 distinct of 4 values, 1 NULL');
    expect(keys[0]!.evidence).toContain('named after its table');
    expect(keys[0]!.score).toBeGreaterThan(keys[1]!.score);
  });

  it('takes an estimated distinct count for a key only when every sampled value was distinct', () => {
    const table = tableFromColumns('partsupp', { ps_partkey: [1, 1, 2, 2, 3, 3], ps_comment: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const estimated = table.columns.map((c) => ({ ...c, count: 800, distinct: 800, distinctExact: false }));
    const keys = keyCandidates({ ...table, rowCount: 800, columns: estimated }, false, P);
    expect(keys.map((k) => k.columns)).toEqual([['ps_comment']]);
  });

  it('does not take reals or dates as keys', () => {
    const table = tableFromColumns('m', { price: [1.5, 2.5, 3.5] });
    expect(keyCandidates(table, false, P)).toEqual([]);
  });

  it('trusts a declared key only when told to', () => {
    const table = tableFromColumns('t', { a: [1, 1], b: [1, 2] }, { primaryKey: ['a', 'b'] });
    expect(keyCandidates(table, true, P)[0]).toMatchObject({ columns: ['a', 'b'], origin: 'declared', score: 1 });
    expect(keyCandidates(table, false, P).some((k) => k.origin === 'declared')).toBe(false);
  });

  it('takes a column set for a composite key when its profiled tuples are unique, never from the columns one by one', () => {
    const columns = {
      ps_partkey: [1, 1, 2, 2, 3, 3],
      ps_suppkey: [1, 2, 1, 2, 1, 2],
      ps_availqty: [5, 5, 5, 5, 5, 6],
    };
    expect(keyCandidates(tableFromColumns('partsupp', columns), false, P)).toEqual([]);
    const profiled = tableFromColumns('partsupp', columns, { columnSets: [['ps_partkey', 'ps_suppkey']] });
    expect(keyCandidates(profiled, false, P)).toMatchObject([{ columns: ['ps_partkey', 'ps_suppkey'], origin: 'inferred' }]);
    // distinct counts that could tell the rows apart, pairs that do not: (1, 1) twice
    const repeated = tableFromColumns(
      'stints',
      { player: [1, 1, 2, 2, 3, 3], year: [1, 1, 1, 2, 1, 2], games: [5, 5, 5, 5, 5, 6] },
      { columnSets: [['player', 'year']] },
    );
    expect(keyCandidates(repeated, false, P)).toEqual([]);
  });

  it("reads an empty table's key off the names", () => {
    const table = tableFromColumns('CustomerDemographics', { CustomerTypeID: [], CustomerDesc: [] });
    expect(keyCandidates(table, false, P).map((k) => k.columns)).toEqual([['CustomerTypeID']]);
  });
});
