import { describe, expect, it } from 'vitest';
import { hashQuestionValues, hashWord, questionWords } from './words.js';

describe('questionWords', () => {
  it('keeps the content words, stemmed over their singular, once each', () => {
    expect(questionWords('Which suppliers shipped the most parts to the supplier in 2023?')).toEqual(['supplier', 'ship', 'part', '2023']);
  });
});

describe('hashQuestionValues', () => {
  it("hashes the words of the SQL's literals, numbers and quoted words, and keeps the rest of the wording", () => {
    const hashed = hashQuestionValues('How many orders did Ada Lovelace place in 2023 for "Blue Lamp"?', ['Ada Lovelace', '2023-01-01']);
    expect(hashed).toBe(
      `How many orders did ${hashWord('Ada')} ${hashWord('Lovelace')} place in ${hashWord('2023')} for "${hashWord('Blue')} ${hashWord('Lamp')}"?`,
    );
    expect(hashWord('LOVELACE')).toBe(hashWord('lovelace'));
    expect(hashWord('lovelace')).toMatch(/^#[a-p]{10}$/);
  });
});
