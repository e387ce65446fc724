import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '../index-entry.js';
import type { InvertedIndex } from '../inverted-index.js';
import { defaultGroundingParams } from '../params.js';
import { ListPosting } from '../postings.js';
import { tinySource } from '../test-support/word-vectors.js';
import { nearestSchemaWord, similarWords } from './similar-words.js';
import { WordVectors } from './store.js';

const entry = (table: string, kind: IndexEntry['kind'], keyKind: IndexEntry['keyKind'] = 'exact'): IndexEntry => ({
  table,
  column: null,
  kind,
  keyKind,
  coverage: 1,
  tableFrequency: 1,
  element: 0,
});

const vectors = WordVectors.derive(
  'tiny',
  tinySource({
    musician: [1, 0.1, 0],
    singer: [0.95, 0.2, 0],
    singers: [0.96, 0.18, 0],
    stadium: [0, 1, 0],
    arena: [0.05, 0.97, 0.1],
    highest: [0, 0, 1],
    lowest: [0, 0.1, 0.98],
    performer: [0.97, 0.15, 0.02],
    vendors: [0.1, 0.2, 0.97],
    suppliers: [0.12, 0.25, 0.96],
    supplier: [0.9, 0.0, 0.4],
  }),
  100,
);

function index(entries: Record<string, IndexEntry[]>): Pick<InvertedIndex, 'keys' | 'posting'> {
  const postings = new Map(Object.entries(entries).map(([key, list]) => [key, new ListPosting(list)]));
  return { keys: () => postings.keys(), posting: (key) => postings.get(key) };
}

describe('nearestSchemaWord', () => {
  it('reads a word as the schema name word nearest to it', () => {
    const similar = similarWords(
      index({ singer: [entry('singer', 'table')], stadium: [entry('stadium', 'table')] }),
      vectors,
      defaultGroundingParams(),
    );
    expect(nearestSchemaWord(similar, ['musician'])).toEqual({
      word: 'singer',
      similarity: expect.any(Number),
      runnerUp: expect.any(Number),
    });
    expect(nearestSchemaWord(similar, ['musician'])!.similarity).toBeGreaterThan(0.9);
  });

  it('counts a singular and its plural as one word, not as each other’s runner-up', () => {
    const similar = similarWords(
      index({ singer: [entry('singer', 'table')], singers: [entry('singer', 'table')], stadium: [entry('stadium', 'table')] }),
      vectors,
      defaultGroundingParams(),
    );
    expect(nearestSchemaWord(similar, ['musician'])?.word).toMatch(/^singers?$/);
  });

  it('lets nothing through when two schema words are about as near', () => {
    const alone = similarWords(
      index({ singer: [entry('singer', 'table')], stadium: [entry('stadium', 'table')] }),
      vectors,
      defaultGroundingParams(),
    );
    expect(nearestSchemaWord(alone, ['musician'])?.word).toBe('singer');
    // A performer and a singer are both near a musician: which one is meant, the vectors cannot say.
    const crowded = similarWords(
      index({ singer: [entry('singer', 'table')], performer: [entry('act', 'table')] }),
      vectors,
      defaultGroundingParams(),
    );
    expect(nearestSchemaWord(crowded, ['musician'])).toBeNull();
  });

  it('lets nothing through below the least similarity, nor for a word the vectors do not know', () => {
    const similar = similarWords(index({ stadium: [entry('stadium', 'table')] }), vectors, defaultGroundingParams());
    expect(nearestSchemaWord(similar, ['musician'])).toBeNull();
    expect(nearestSchemaWord(similar, ['zorblax'])).toBeNull();
  });

  it('reads a plural question word by the plural of a schema word the schema spells only singular', () => {
    const similar = similarWords(
      index({ supplier: [entry('supplier', 'table')], stadium: [entry('stadium', 'table')] }),
      vectors,
      defaultGroundingParams(),
    );
    // "vendors" is near "suppliers", far from "supplier": the match is on the schema's own key.
    expect(nearestSchemaWord(similar, ['vendors'])?.word).toBe('supplier');
  });

  it('offers a word of a table name, never one word of a longer column name', () => {
    const part = (column: string | null): IndexEntry => ({ ...entry('t', column ? 'column' : 'table'), column, coverage: 0.5 });
    expect(nearestSchemaWord(similarWords(index({ singer: [part(null)] }), vectors, defaultGroundingParams()), ['musician'])?.word).toBe(
      'singer',
    );
    expect(
      nearestSchemaWord(similarWords(index({ singer: [part('singer_fee')] }), vectors, defaultGroundingParams()), ['musician']),
    ).toBeNull();
  });

  it('offers only names: never a value, a synonym or an abbreviation key', () => {
    const similar = similarWords(
      index({
        singer: [entry('t', 'value')],
        singers: [entry('t', 'table', 'synonym')],
        stadium: [entry('s', 'table')],
      }),
      vectors,
      defaultGroundingParams(),
    );
    expect(nearestSchemaWord(similar, ['musician'])).toBeNull();
  });
});
