import { describe, expect, it } from 'vitest';
import { segment } from './segment.js';
import { COMPOUND_WORDS } from './vocabulary.js';

const vocabulary: ReadonlySet<string> = new Set(COMPOUND_WORDS);

describe('segment', () => {
  it('cuts a glued name into known words', () => {
    expect(segment('shipdate', { vocabulary })).toEqual(['ship', 'date']);
    expect(segment('orderstatus', { vocabulary: new Set(['order']) })).toEqual(['order', 'status']);
  });

  it('lets one unknown piece pair with vocabulary words, never with an abbreviation', () => {
    expect(segment('retailprice', { vocabulary })).toEqual(['retail', 'price']);
    expect(segment('customer', { vocabulary })).toEqual(['customer']);
  });

  it('asks for known pieces only with maxUnknown 0', () => {
    expect(segment('retailprice', { vocabulary, maxUnknown: 0 })).toEqual(['retailprice']);
  });

  it('leaves ordinary English words, short words and numbers whole', () => {
    expect(segment('statement', { vocabulary: new Set(['state']) })).toEqual(['statement']);
    expect(segment('date', { vocabulary })).toEqual(['date']);
    expect(segment('shipdate2', { vocabulary })).toEqual(['shipdate2']);
  });

  it('weighs a dictionary word below a vocabulary word', () => {
    const dictionary = new Set(['job', 'history']);
    expect(segment('jobhistory', { vocabulary })).toEqual(['jobhistory']);
    expect(segment('jobhistory', { vocabulary, dictionary })).toEqual(['job', 'history']);
  });
});
