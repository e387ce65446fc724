import { describe, expect, it } from 'vitest';
import { averageMetrics, type QuestionMetrics, scoreQuestion } from './metrics.js';

/** Compares every metric to a hand-computed value, to 12 decimals. */
function expectMetrics(actual: QuestionMetrics, expected: QuestionMetrics): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const key of Object.keys(expected) as (keyof QuestionMetrics)[]) {
    expect(actual[key], key).toBeCloseTo(expected[key], 12);
  }
}

describe('scoreQuestion', () => {
  it('scores an exact match 1 everywhere', () => {
    expectMetrics(scoreQuestion(['frpm', 'schools'], ['schools', 'frpm']), {
      accuracy: 1,
      precision: 1,
      recall: 1,
      f1: 1,
      perfectRecall: 1,
    });
  });

  it('scores an empty retrieval 0 everywhere', () => {
    expectMetrics(scoreQuestion([], ['frpm', 'schools']), {
      accuracy: 0,
      precision: 0,
      recall: 0,
      f1: 0,
      perfectRecall: 0,
    });
  });

  it('scores a superset: full recall, diluted precision', () => {
    // R = {a, b, c, d}, G = {a, b}: P = 2/4, R = 2/2, F1 = 2·0.5·1 / 1.5 = 2/3.
    expectMetrics(scoreQuestion(['a', 'b', 'c', 'd'], ['a', 'b']), {
      accuracy: 0,
      precision: 0.5,
      recall: 1,
      f1: 2 / 3,
      perfectRecall: 1,
    });
  });

  it('scores a subset: full precision, partial recall', () => {
    // R = {a}, G = {a, b, c}: P = 1, R = 1/3, F1 = (2/3) / (4/3) = 1/2.
    expectMetrics(scoreQuestion(['a'], ['a', 'b', 'c']), {
      accuracy: 0,
      precision: 1,
      recall: 1 / 3,
      f1: 0.5,
      perfectRecall: 0,
    });
  });

  it('scores a partial overlap', () => {
    // R = {a, b, x}, G = {a, c}: |R∩G| = 1, P = 1/3, R = 1/2, F1 = (1/3) / (5/6) = 2/5.
    expectMetrics(scoreQuestion(['a', 'b', 'x'], ['a', 'c']), {
      accuracy: 0,
      precision: 1 / 3,
      recall: 0.5,
      f1: 0.4,
      perfectRecall: 0,
    });
  });

  it('scores disjoint sets 0 everywhere', () => {
    expectMetrics(scoreQuestion(['satscores'], ['frpm', 'schools']), {
      accuracy: 0,
      precision: 0,
      recall: 0,
      f1: 0,
      perfectRecall: 0,
    });
  });

  it('compares names case-insensitively', () => {
    expectMetrics(scoreQuestion(['FRPM', 'Schools'], ['frpm', 'schools']), {
      accuracy: 1,
      precision: 1,
      recall: 1,
      f1: 1,
      perfectRecall: 1,
    });
  });

  it('ignores duplicates, whatever their case', () => {
    // R = {frpm}, G = {frpm, schools}: P = 1, R = 1/2, F1 = 2/3.
    expectMetrics(scoreQuestion(['frpm', 'FRPM', 'frpm'], ['frpm', 'schools', 'Schools']), {
      accuracy: 0,
      precision: 1,
      recall: 0.5,
      f1: 2 / 3,
      perfectRecall: 0,
    });
  });

  it('with an empty gold set, recall is 1 only when nothing was retrieved', () => {
    expectMetrics(scoreQuestion([], []), { accuracy: 1, precision: 0, recall: 1, f1: 0, perfectRecall: 1 });
    expectMetrics(scoreQuestion(['frpm'], []), { accuracy: 0, precision: 0, recall: 0, f1: 0, perfectRecall: 1 });
  });
});

describe('averageMetrics', () => {
  it('takes the unrounded mean of each metric and counts the questions', () => {
    const scores = [
      scoreQuestion(['a', 'b'], ['a', 'b']), // 1, 1, 1, 1, 1
      scoreQuestion(['a', 'b', 'c', 'd'], ['a', 'b']), // 0, 1/2, 1, 2/3, 1
      scoreQuestion(['a'], ['a', 'b', 'c']), // 0, 1, 1/3, 1/2, 0
    ];
    const summary = averageMetrics(scores);
    expect(summary.questions).toBe(3);
    expectMetrics(
      {
        accuracy: summary.accuracy,
        precision: summary.precision,
        recall: summary.recall,
        f1: summary.f1,
        perfectRecall: summary.perfectRecall,
      },
      {
        accuracy: 1 / 3,
        precision: 5 / 6, // (1 + 1/2 + 1) / 3
        recall: 7 / 9, // (1 + 1 + 1/3) / 3
        f1: 13 / 18, // (1 + 2/3 + 1/2) / 3
        perfectRecall: 2 / 3,
      },
    );
  });

  it('gives all zeros and questions: 0 for no questions', () => {
    expect(averageMetrics([])).toEqual({ accuracy: 0, precision: 0, recall: 0, f1: 0, perfectRecall: 0, questions: 0 });
  });

  it('returns a single question unchanged', () => {
    const one = scoreQuestion(['a', 'b', 'x'], ['a', 'c']);
    expect(averageMetrics([one])).toEqual({ ...one, questions: 1 });
  });
});

describe('scoreQuestion with optional tables', () => {
  it('lets a retrieved optional table neither help nor hurt', () => {
    // R = {Customer, Invoice, InvoiceLine}, G = {Customer, Invoice}, O = {InvoiceLine}: exact under optional.
    expectMetrics(scoreQuestion(['Customer', 'Invoice', 'InvoiceLine'], ['customer', 'invoice'], ['invoiceline']), {
      accuracy: 1,
      precision: 1,
      recall: 1,
      f1: 1,
      perfectRecall: 1,
    });
    // Leaving the optional table out is exact too.
    expect(scoreQuestion(['Customer', 'Invoice'], ['Customer', 'Invoice'], ['InvoiceLine']).accuracy).toBe(1);
  });

  it('counts a table neither gold nor optional against precision and accuracy', () => {
    // R = {a, o, x}, G = {a, b}, O = {o}: P = 1 / |{a, x}| = 1/2, R = 1/2, F1 = 1/2.
    expectMetrics(scoreQuestion(['a', 'o', 'x'], ['a', 'b'], ['o']), {
      accuracy: 0,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
      perfectRecall: 0,
    });
  });

  it('needs every gold table for accuracy, optional ones retrieved or not', () => {
    expectMetrics(scoreQuestion(['a', 'o'], ['a', 'b'], ['o']), { accuracy: 0, precision: 1, recall: 0.5, f1: 2 / 3, perfectRecall: 0 });
  });

  it('keeps a table listed both gold and optional gold', () => {
    expectMetrics(scoreQuestion(['a'], ['a', 'b'], ['b']), { accuracy: 0, precision: 1, recall: 0.5, f1: 2 / 3, perfectRecall: 0 });
  });

  it('has precision 0 when only optional tables are retrieved, 1 when the gold is empty too', () => {
    expect(scoreQuestion(['o'], ['a'], ['o'])).toEqual({ accuracy: 0, precision: 0, recall: 0, f1: 0, perfectRecall: 0 });
    expect(scoreQuestion(['o'], [], ['o']).precision).toBe(1);
    expect(scoreQuestion([], [], []).precision).toBe(1);
    expect(scoreQuestion([], []).precision).toBe(0);
  });

  it('scores as without optional when the list is empty and a table is retrieved', () => {
    for (const [r, g] of [
      [
        ['a', 'b', 'x'],
        ['a', 'c'],
      ],
      [['a'], ['a']],
      [[], ['a']],
    ] as const)
      expect(scoreQuestion(r, g, [])).toEqual(scoreQuestion(r, g));
  });
});
