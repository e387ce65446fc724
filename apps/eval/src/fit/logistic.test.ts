import { describe, expect, it } from 'vitest';
import { auc, crossValidate, type Example, fitLogistic, logLoss, predict } from './logistic.js';

/** Labels drawn from a known logistic model, deterministically (a fixed linear congruential sequence). */
function synthetic(n: number, weights: readonly number[], group: (i: number) => string): Example[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) => {
    const features = [next() * 4 - 2, next() * 4 - 2];
    return { features, label: next() < predict(weights, features) ? 1 : 0, group: group(i) } as Example;
  });
}

describe('logistic regression', () => {
  it('recovers the weights that generated the labels', () => {
    const truth = [0.5, 2, -1];
    const fit = fitLogistic(
      synthetic(4000, truth, () => 'a'),
      { l2: 0.01 },
    );
    for (const [i, w] of fit.weights.entries()) expect(w).toBeCloseTo(truth[i]!, 0);
  });

  it('is deterministic and beats the constant baseline out of fold', () => {
    const data = synthetic(1200, [0, 1.5, -1.5], (i) => `db${i % 4}`);
    expect(fitLogistic(data)).toEqual(fitLogistic(data));
    const cv = crossValidate(data);
    expect(cv.folds.map((f) => f.group)).toEqual(['db0', 'db1', 'db2', 'db3']);
    expect(cv.logLoss).toBeLessThan(cv.baselineLogLoss);
    expect(cv.auc).toBeGreaterThan(0.75);
  });

  it('refuses examples of one class only', () => {
    expect(() => fitLogistic([{ features: [1], label: 1, group: 'a' }])).toThrow(/label 1/);
  });

  it('scores auc and log loss as defined', () => {
    expect(auc([0.9, 0.1, 0.5], [1, 0, 0])).toBe(1);
    expect(auc([0.1, 0.9], [1, 0])).toBe(0);
    expect(logLoss([0], [{ features: [], label: 1, group: 'a' }])).toBeCloseTo(Math.log(2), 6);
  });
});
