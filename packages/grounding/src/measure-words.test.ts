import { describe, expect, it } from 'vitest';
import { isAmountWord, isCountWord, isSelfReferenceWord, timeWord, wordCues } from './measure-words.js';
import { tokenizeQuestion } from './question.js';

/** The time words of `question`, each with what it is. */
const timeWords = (question: string) =>
  tokenizeQuestion(question).flatMap((t) => {
    const time = timeWord(t);
    return time ? [[t.lower, time.year]] : [];
  });

describe('time words', () => {
  it('read a month in a date wink-nlp found, and a year: "March 2020"', () => {
    expect(timeWords('Which orders were placed in March 2020?')).toEqual([
      ['march', null],
      ['2020', 2020],
    ]);
    expect(timeWords('How many sales on 3 Sep?')).toEqual([['sep', null]]);
  });

  it('tell the month May from the modal: "May I see the sales in May?"', () => {
    const tokens = tokenizeQuestion('May I see the sales in May?');
    expect(tokens.map((t) => timeWord(t))).toEqual([null, null, null, null, null, null, { year: null }]);
  });

  it('leave words that are no month in a date alone: last year, Monday, a month named in no date', () => {
    expect(timeWords('What were the sales last year?')).toEqual([]);
    expect(timeWords('How many orders on Monday?')).toEqual([]);
    expect(timeWords('Which month (e.g., 3 for March) had the most sales?')).toEqual([]);
  });
});

describe('lexicon words', () => {
  const words = (question: string, is: (t: ReturnType<typeof tokenizeQuestion>[number]) => boolean) =>
    tokenizeQuestion(question)
      .filter(is)
      .map((t) => t.lower);

  it('are matched by lemma and singular, the lists holding base forms: "managers", "Bosses", "paid", "sold"', () => {
    expect(words('Who are the managers and supervisors of each employee?', isSelfReferenceWord)).toEqual(['managers', 'supervisors']);
    // Capitalised, wink reads a name and gives no lemma; the singular still finds the word.
    expect(words('Bosses of each employee', isSelfReferenceWord)).toEqual(['bosses']);
    expect(words('How much was paid for the items sold, and what were the revenues?', isAmountWord)).toEqual(['paid', 'sold', 'revenues']);
    expect(words('Who is the parent of this category?', isAmountWord)).toEqual([]);
  });

  it('count the currency of a sum of money wink-nlp found as an amount word: "fifty dollars", not the number', () => {
    expect(words('Which events cost the members more than 50 dollars?', isAmountWord)).toEqual(['cost', 'dollars']);
    expect(words('List the dollars of each event', isAmountWord)).toEqual([]);
  });

  it('read count words by lemma too: "bestsellers"', () => {
    const tokens = tokenizeQuestion('Which are the bestsellers?');
    expect(tokens.map((_, i) => isCountWord(tokens, i))).toEqual([false, false, false, true]);
  });
});

describe('word cues', () => {
  /** The cue of `word` in `question` when a ranking word may be `reach` words from a word of trade. */
  const cueOf = (question: string, word: string, reach: number) => {
    const tokens = tokenizeQuestion(question);
    return wordCues(tokens, reach)[tokens.findIndex((t) => t.lower === word)];
  };

  it('rank by events when a ranking word is within the reach of a word of trade', () => {
    const question = 'Who are the top customers by total revenue?';
    expect(cueOf(question, 'revenue', 4)).toBe('ranking');
    expect(cueOf(question, 'revenue', 3)).toBe('amount');
  });
});
