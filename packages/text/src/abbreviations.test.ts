import { describe, expect, it } from 'vitest';
import { abbreviationsOf, expansionsOf } from './abbreviations.js';

describe('abbreviations', () => {
  it('reads both ways', () => {
    expect(expansionsOf('qty')).toEqual(['quantity']);
    expect(abbreviationsOf('quantity')).toEqual(['qty']);
  });

  it('finds nothing for an object property name', () => {
    expect(expansionsOf('constructor')).toEqual([]);
    expect(abbreviationsOf('toString')).toEqual([]);
  });
});
