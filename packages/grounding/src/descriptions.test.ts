import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { descriptionIndex, descriptionWords } from './descriptions.js';
import { GroundingIndex } from './grounding-index.js';
import { defaultGroundingParams } from './params.js';

const graph = graphFromSchema({
  database: 'bank',
  tables: [
    { name: 'account', columns: ['account_id', { name: 'frequency', description: 'frequency of the issuance of statements' }] },
    {
      name: 'district',
      columns: [
        'district_id',
        { name: 'A11', description: 'average salary' },
        { name: 'A12', description: 'unemployment rate in 1995, as the regional statistics office reported it' },
      ],
    },
    { name: 'loan', columns: ['loan_id', 'account_id', { name: 'status', description: 'repayment status of the loan' }] },
  ],
  foreignKeys: [{ fromTable: 'loan', fromColumns: ['account_id'], toTable: 'account', toColumns: ['account_id'] }],
});

describe('descriptionWords', () => {
  it('keeps content words, singular, once; drops stop words and words about data itself', () => {
    expect(descriptionWords('The number of inhabitants of the district (the unique value)', defaultGroundingParams())).toEqual([
      'inhabitant',
      'district',
    ]);
  });
});

describe('description words in grounding', () => {
  it('index each described column by its words', () => {
    const index = descriptionIndex(graph, defaultGroundingParams());
    const described = (word: string) => index.get(word)?.map((e) => ({ table: e.table, column: e.column }));
    expect(described('office')).toEqual([{ table: 'district', column: 'A12' }]);
    expect(described('salary')).toEqual([{ table: 'district', column: 'A11' }]);
  });

  it('leave out a word that describes more than describedMaxTables tables of one island, however few elsewhere', () => {
    const described = (table: string, island: string) => ({
      name: table,
      columns: [`${island}_id`, { name: 'amount', description: `estimate of the ${island} ${table} total` }],
    });
    const census = graphFromSchema({
      database: 'census',
      tables: [...['a', 'b', 'c', 'd'].map((t) => described(`county_${t}`, 'county')), described('state_a', 'state')],
      foreignKeys: ['b', 'c', 'd'].map((t) => ({
        fromTable: `county_${t}`,
        fromColumns: ['county_id'],
        toTable: 'county_a',
        toColumns: ['county_id'],
      })),
    });
    const index = descriptionIndex(census, { ...defaultGroundingParams(), describedMaxTables: 3 });
    // "estimate" and "county" describe four joined tables: no reading of any one of them.
    expect(index.get('estimate')).toBeUndefined();
    expect(index.get('county')).toBeUndefined();
    expect(index.get('state')?.map((e) => e.table)).toEqual(['state_a']);
  });

  it('find a column the names are silent on, and only for a word no name matched', async () => {
    const index = await GroundingIndex.build(graph, { levers: { similarWords: false } });
    // Past the description's opening words (an alias of the column already): only the description holds them.
    const question = 'What did the statistics office report?';
    const result = await index.ground(question);
    expect(result.matches.map((m) => [m.token, m.table, m.column, m.variantKind])).toContainEqual([
      'office',
      'district',
      'A12',
      'described',
    ]);
    expect(result.initialTargets).toEqual(['district']);
    // "loans" names the table loan: its description's own "loan" is no reading of the word.
    const named = await index.ground('Which loans are there?');
    expect(named.matches.filter((m) => m.variantKind === 'described')).toEqual([]);
    const off = await GroundingIndex.build(graph, { levers: { similarWords: false, descriptionWords: false } });
    expect((await off.ground(question)).matches).toEqual([]);
  });
});
