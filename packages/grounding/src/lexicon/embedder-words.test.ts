import { describe, expect, it } from 'vitest';
import { EMBEDDER_ABBREVIATIONS, EMBEDDER_STOP_WORDS } from './embedder-words.js';

describe("the offline embedder's word lists", () => {
  it('has the usual question words among its stop words, and no topic words', () => {
    for (const word of ['the', 'how', 'what', 'which', 'our', 'most', 'show', 'per', 'from']) {
      expect(EMBEDDER_STOP_WORDS.has(word), word).toBe(true);
    }
    for (const word of ['sales', 'order', 'date', 'total', 'count', 'top']) {
      expect(EMBEDDER_STOP_WORDS.has(word), word).toBe(false);
    }
  });

  it('expands abbreviations to whole words that are not abbreviations themselves', () => {
    expect(EMBEDDER_ABBREVIATIONS.get('qty')).toBe('quantity');
    for (const word of EMBEDDER_ABBREVIATIONS.values()) expect(EMBEDDER_ABBREVIATIONS.has(word), word).toBe(false);
  });
});
