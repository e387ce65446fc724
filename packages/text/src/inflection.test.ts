import { describe, expect, it } from 'vitest';
import { plural, singular } from './inflection.js';

describe('singular', () => {
  it.each([
    ['categories', 'category'],
    ['addresses', 'address'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['people', 'person'],
    ['suppliers', 'supplier'],
    ['boxes', 'box'],
  ])('%s → %s', (word, expected) => {
    expect(singular(word)).toBe(expected);
  });

  it('leaves short words and words with digits alone', () => {
    expect(singular('us')).toBe('us');
    expect(singular('orders2')).toBe('orders2');
  });
});

describe('plural', () => {
  it('inflects a noun, not a number', () => {
    expect(plural('category')).toBe('categories');
    expect(plural('supplier')).toBe('suppliers');
    expect(plural('k2')).toBe('k2');
  });
});
