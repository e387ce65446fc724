import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';

describe('stem', () => {
  it.each([
    ['countries', 'country'],
    ['suppliers', 'supplier'],
    ['boxes', 'box'],
    ['addresses', 'address'],
    ['orders', 'order'],
    ['ordered', 'order'],
    ['ordering', 'order'],
    ['shipping', 'ship'],
    ['shipped', 'ship'],
    ['trending', 'trend'],
    ['monthly', 'month'],
    ['daily', 'day'],
  ])('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('maps inflections of one word onto one stem', () => {
    for (const group of [
      ['price', 'prices', 'priced', 'pricing'],
      ['date', 'dates', 'dated'],
      ['sale', 'sales'],
      ['size', 'sizes'],
      ['house', 'houses'],
    ]) {
      expect(new Set(group.map(stem)).size, group.join('/')).toBe(1);
    }
  });

  it('leaves short words, words with digits and false suffixes alone', () => {
    for (const word of ['bus', 'has', 'q3', '1990s', 'status', 'analysis', 'class', 'string', 'need', 'supply', 'family']) {
      expect(stem(word), word).toBe(word);
    }
  });
});
