import { describe, expect, it } from 'vitest';
import { type ChoiceSettings, chooseOffers, gain, type Offer } from './choose.js';

const settings = (over: Partial<ChoiceSettings> = {}): ChoiceSettings => ({
  spent: 10,
  maxTokens: 1000,
  schemaTokens: 100,
  price: 1,
  headings: new Map(),
  ...over,
});
const offer = (likelihood: number, tokens: number, over: Partial<Offer> = {}): Offer => ({
  likelihood,
  tokens,
  needed: false,
  heading: null,
  ...over,
});

describe('choosing the columns a prompt shows', () => {
  it("shows a likely column when its gain is at least the price times its share of the schema's tokens", () => {
    // A 10-token line is 10 % of a 100-token schema: worth it from gain 0.1 (likelihood ≈ 0.095) at price 1.
    expect(gain(0.1)).toBeGreaterThan(0.1);
    expect(chooseOffers([offer(0.1, 10)], settings())).toEqual([0]);
    expect(chooseOffers([offer(0.09, 10)], settings())).toEqual([]);
    expect(chooseOffers([offer(0.1, 10)], settings({ price: 2 }))).toEqual([]);
    expect(chooseOffers([offer(0.1, 10)], settings({ schemaTokens: 1000, price: 2 }))).toEqual([0]);
  });

  it('shows the needed columns first, whatever their price, then the others by gain per token', () => {
    const offers = [offer(0.2, 40), offer(0.01, 50, { needed: true }), offer(0.5, 10), offer(0.9, 30)];
    expect(chooseOffers(offers, settings({ price: 0 }))).toEqual([1, 3, 2, 0]);
    expect(chooseOffers(offers, settings({ price: 1 }))).toEqual([1, 3, 2]);
  });

  it("pays a shared heading once, with the first offer under it, and counts it in that offer's price", () => {
    const headings = new Map([['t', 20]]);
    const offers = [offer(0.3, 5, { heading: 't' }), offer(0.2, 5, { heading: 't' })];
    expect(chooseOffers(offers, settings({ headings, price: 0, maxTokens: 10 + 25 + 4 }))).toEqual([0]);
    expect(chooseOffers(offers, settings({ headings, price: 0, maxTokens: 10 + 30 }))).toEqual([0, 1]);
    // With its heading, the first costs 25 of 100 tokens: worth it at price 1 for gain 0.36 (then the second, 5 tokens), not at price 2.
    expect(chooseOffers(offers, settings({ headings, price: 1 }))).toEqual([0, 1]);
    expect(chooseOffers(offers, settings({ headings, price: 2 }))).toEqual([]);
  });

  it('stops at the first offer the budget cannot hold, so a tighter budget shows a part of what a looser one shows', () => {
    const offers = [offer(0.9, 10), offer(0.8, 30), offer(0.7, 5)];
    expect(chooseOffers(offers, settings({ price: 0, maxTokens: 10 + 5 + 10 + 20 }))).toEqual([2, 0]);
    for (let max = 10; max <= 60; max++) {
      const tight = chooseOffers(offers, settings({ price: 0, maxTokens: max }));
      const loose = chooseOffers(offers, settings({ price: 0, maxTokens: max + 1 }));
      expect(loose.slice(0, tight.length)).toEqual(tight);
    }
  });
});
