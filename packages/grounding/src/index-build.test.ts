import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './index.js';
import { buildInvertedIndex, descriptionPhrase } from './index-build.js';

describe('descriptionPhrase', () => {
  it('keeps the opening clause of a description, filler dropped, at most four words', () => {
    expect(descriptionPhrase('Total precipitation (rain and/or melted snow) reported during the day')).toBe('total precipitation');
    expect(descriptionPhrase('Mean temperature for the day in degrees Fahrenheit')).toBe('mean temperature day degrees');
    expect(descriptionPhrase('The year')).toBe('year');
    expect(descriptionPhrase('')).toBeNull();
    expect(descriptionPhrase('(the)')).toBeNull();
  });
});

// A catalog whose names say little: only the descriptions tell which column holds rain.
const WEATHER = graphFromSchema({
  database: 'weather',
  tables: [
    {
      name: 'gsod',
      columns: [
        { name: 'stn', type: 'text' },
        { name: 'prcp', type: 'real', description: 'Total precipitation (rain and/or melted snow) reported during the day' },
      ],
    },
    {
      name: 'stations',
      columns: [
        { name: 'usaf', type: 'text' },
        { name: 'name', type: 'text' },
      ],
    },
  ],
});

describe('description aliases', () => {
  it('index a column under the opening words of its description, as an alias', () => {
    const index = buildInvertedIndex(WEATHER);
    expect(index.get('precipitation')?.map((e) => [e.table, e.column, e.kind])).toEqual([['gsod', 'prcp', 'alias']]);
    expect(buildInvertedIndex(WEATHER, { descriptionAliases: false }).get('precipitation')).toBeUndefined();
  });

  it('ground a question through them', async () => {
    const index = await GroundingIndex.build(WEATHER, { levers: { synonyms: false } });
    const result = await index.ground('How much precipitation fell each day?', { k: 0 });
    expect(result.grounded.map((g) => g.table)).toEqual(['gsod']);
  });
});

describe('synonyms of glued names', () => {
  it('index the synonyms of a glued table name as a whole (salespersons is a "sales representative")', () => {
    const graph = graphFromSchema({ database: 'cars', tables: [{ name: 'salespersons', columns: ['salesperson_id', 'first_name'] }] });
    const index = buildInvertedIndex(graph, { synonyms: (word) => (word === 'salesperson' ? ['sales representative'] : []) });
    expect(index.get('sales representative')).toEqual([
      expect.objectContaining({ table: 'salespersons', column: null, kind: 'table', keyKind: 'synonym' }),
    ]);
  });
});
