import { describe, expect, it } from 'vitest';
import { EMBEDDER_ABBREVIATIONS, EMBEDDER_COMPOUND_WORDS, EMBEDDER_HEAD_WORDS, EMBEDDER_STOP_WORDS } from './embedder-words.js';

/** A list written as one line: its words, sorted. */
function words(line: string): string[] {
  return line.split(' ').sort();
}

/**
 * The lists as the embedder's vectors were pinned with them (`offline-lexical-v3`), frozen here once:
 * the lists are derived from the text module's, and a change there must not move them.
 */
const PINNED = {
  stopWords: words(
    'a about all also am an and any are as at be been being but by can could did do does done each every find for from get give had has have he her here his how i if in into is it its just let list many may me might more most much must my need nor not of on only or our ours over per please shall she should show so some tell than that the their them then there these they this those to us very want was we were what when where which who whom whose why will with would you your',
  ),
  compoundWords: words(
    'account address available average bill birth brand buyer category city class client color commit contact container country created customer delivery department description discount email employee end extended fee first full group height hire hour inventory invoice item last length level line list location manager manufacturer market max member min model note order owner package part pay payment person phone post postal product profit provider purchase quantity quarter rank receipt region retail return revenue sale segment shop staff stamp start state stock store street sum supply tax title town unit updated user vendor week weight width zip',
  ),
  headWords: words(
    'amount balance code comment cost count date day flag id key mode month name number percent price priority qty rate size status time total type year',
  ),
  abbreviations: Object.fromEntries(
    words(
      'acct=account addr=address amt=amount avg=average bal=balance cnt=count cust=customer dept=department desc=description dt=date emp=employee mgr=manager nbr=number num=number pct=percent prod=product qty=quantity tel=phone',
    ).map((pair) => pair.split('=')),
  ),
};

const sorted = (list: Iterable<string>) => [...list].sort();

describe("the offline embedder's word lists", () => {
  it('are the sets its vectors were pinned with, whatever the text module lists', () => {
    expect(sorted(EMBEDDER_STOP_WORDS)).toEqual(PINNED.stopWords);
    expect(sorted(EMBEDDER_COMPOUND_WORDS)).toEqual(PINNED.compoundWords);
    expect(EMBEDDER_COMPOUND_WORDS.length).toBe(PINNED.compoundWords.length);
    expect(sorted(EMBEDDER_HEAD_WORDS)).toEqual(PINNED.headWords);
    expect(Object.fromEntries([...EMBEDDER_ABBREVIATIONS].sort())).toEqual(PINNED.abbreviations);
  });

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
