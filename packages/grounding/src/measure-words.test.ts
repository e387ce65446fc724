import { describe, expect, it } from 'vitest';
import { timeWord } from './measure-words.js';
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
