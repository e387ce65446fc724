import { describe, expect, it } from 'vitest';
import { WordNet } from './lexicon/wordnet.js';
import { tokenizeQuestion } from './question.js';
import { spanVariants, wordVariants } from './variants.js';

describe('word variants', () => {
  it('turn a demonym into the place it names by WordNet, singular or plural; none without WordNet', async () => {
    const wordnet = await WordNet.load();
    const demonyms = (word: string) => wordnet!.places(word);
    const [indian] = tokenizeQuestion('Indian');
    expect(wordVariants(indian!, demonyms)).toEqual(expect.arrayContaining([{ key: 'india', kind: 'demonym' }]));
    const [italians] = tokenizeQuestion('Italians');
    expect(wordVariants(italians!, demonyms)).toEqual(expect.arrayContaining([{ key: 'italy', kind: 'demonym' }]));
    expect(wordVariants(indian!).filter((v) => v.kind === 'demonym')).toEqual([]);
  });
});

describe('span variants', () => {
  it('glue a hyphenated plural into the singular a table name is indexed by (check-ins → checkin)', () => {
    const tokens = tokenizeQuestion('check-ins').filter((t) => /\w/.test(t.text));
    expect(spanVariants(tokens).map((v) => v.key)).toEqual(expect.arrayContaining(['check ins', 'checkins', 'checkin']));
    expect(spanVariants(tokens).find((v) => v.key === 'checkin')?.kind).toBe('singular');
  });
});
