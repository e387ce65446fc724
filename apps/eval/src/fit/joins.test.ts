import { defaultJoinParams } from '@guided-retrieval/join-inference';
import { describe, expect, it } from 'vitest';
import type { EdgeCounts } from '../joins/score.js';
import { crossValidateJoins, gridSettings, joinsFitMarkdown } from './joins.js';

const counts = (correct: number, predicted: number, truth: number): EdgeCounts => {
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = correct / truth;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    truth,
    predicted,
    correct,
  };
};

describe('fitting join inference thresholds', () => {
  it('spans the grid', () => {
    const settings = gridSettings({ minConfidence: [0.5, 0.6], nearTie: [0.01, 0.02, 0.03] });
    expect(settings).toHaveLength(6);
    expect(settings).toContainEqual({ minConfidence: 0.6, nearTie: 0.03 });
  });

  it('scores each database with the values chosen on the others, and chooses the nearest to the checked ones among ties', () => {
    const base = defaultJoinParams();
    const settings = [{ minConfidence: 0.5 }, { minConfidence: base.minConfidence }, { minConfidence: 0.7 }];
    // counts[setting][database]
    const table = [
      [counts(10, 10, 10), counts(9, 10, 10), counts(5, 10, 10)],
      [counts(9, 10, 10), counts(9, 10, 10), counts(7, 10, 10)],
      [counts(8, 10, 10), counts(8, 10, 10), counts(9, 10, 10)],
    ];
    const fit = crossValidateJoins(['a', 'b', 'c'], settings, table, base, { minConfidence: [0.5, 0.6, 0.7] });
    // without a: b + c is best at 0.7 (17); without b: a + c at 0.7 (17); without c: a + b at 0.5 (19)
    expect(fit.folds.map((f) => [f.database, f.chosen.minConfidence, f.outOfFold.correct])).toEqual([
      ['a', 0.7, 8],
      ['b', 0.7, 8],
      ['c', 0.5, 5],
    ]);
    expect(fit.outOfFold).toMatchObject({ correct: 21, predicted: 30, truth: 30 });
    // on all three, 0.6 and 0.7 tie (25): the checked value stays
    expect(fit.chosen).toEqual({ minConfidence: base.minConfidence });
    expect(fit.inSample).toMatchObject({ correct: 25 });
    // equal F1s everywhere: the checked value stays
    const flat = crossValidateJoins(['a'], settings, [[counts(1, 1, 1)], [counts(1, 1, 1)], [counts(1, 1, 1)]], base);
    expect(flat.chosen).toEqual({ minConfidence: base.minConfidence });
    expect(joinsFitMarkdown(fit)).toContain('| **out of fold (micro)** | 0.700 | 0.700 | 0.700 | 30 | 30 | 21 |  |');
  });
});
