import { describe, expect, it } from 'vitest';
import { isMonthName, loadLanguageModel, tokenizeQuestion } from './question.js';

const stop = (question: string, word: string) => tokenizeQuestion(question).find((t) => t.lower === word)?.stopWord;

describe('sorting words', () => {
  it('say how to sort, not what to read: "in descending order", "order by"', () => {
    expect(stop('List the names in descending order of age', 'order')).toBe(true);
    expect(stop('Show the ten molecules in number order', 'order')).toBe(true);
    expect(stop('Players ordered by height', 'ordered')).toBe(true);
  });

  it('stay words when they name data: "the order of customer 5"', () => {
    expect(stop('What was the total of the order of customer 5?', 'order')).toBe(false);
    expect(stop('Which clients issue permanent orders?', 'orders')).toBe(false);
  });
});

describe('loadLanguageModel', () => {
  it('loads wink-nlp and its English model once, and tokenizing uses that one', () => {
    const model = loadLanguageModel();
    expect(loadLanguageModel()).toBe(model);
    expect(tokenizeQuestion('Which suppliers shipped?').map((t) => t.lemma)).toEqual(['which', 'supplier', 'ship']);
  });
});

describe('entities', () => {
  it('mark the words of a date, money and other wink-nlp entities on the tokens: "March 2020" is a date', () => {
    const entities = tokenizeQuestion('Which customers paid over 100 dollars in March 2020?').map((t) => [t.lower, t.entity]);
    expect(entities).toEqual([
      ['which', undefined],
      ['customers', undefined],
      ['paid', undefined],
      ['over', undefined],
      ['100', 'MONEY'],
      ['dollars', 'MONEY'],
      ['in', undefined],
      ['march', 'DATE'],
      ['2020', 'DATE'],
    ]);
  });

  it("know a month's name by wink-nlp reading it as one in a date", () => {
    expect(['march', 'may', 'sep', 'december'].map(isMonthName)).toEqual([true, true, true, true]);
    expect(['year', 'week', 'monday', 'summer', 'today', 'show'].map(isMonthName)).toEqual([false, false, false, false, false, false]);
  });
});
