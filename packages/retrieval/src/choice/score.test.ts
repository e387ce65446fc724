import { describe, expect, it } from 'vitest';
import { bestIndex, modelFor, scoreVectors, softmax } from './score.js';

const MODEL = { features: ['b', 'a'], mean: [1, 0], scale: [2, 1], weights: [4, -1], calibration: { slope: 1, intercept: 0 } };

describe('scoring by feature name', () => {
  it('lays the weights over the code’s feature order, a feature the model never saw weighing nothing', () => {
    const bound = modelFor(MODEL, ['a', 'new', 'b']);
    const [s] = scoreVectors(bound, [[3, 100, 5]]);
    // a: −1 × 3; new: 0; b: 4 × (5 − 1) / 2.
    expect(s).toBeCloseTo(-3 + 8, 12);
  });

  it('refuses a model that weighs a feature the code does not compute', () => {
    expect(() => modelFor(MODEL, ['a'])).toThrow(/weighs b, which this version does not compute/);
  });
});

describe('softmax', () => {
  it('is a distribution over the candidates, flatter as the temperature grows', () => {
    const p = softmax([2, 1, 0], 1);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(softmax([2, 1, 0], 10)[0]).toBeLessThan(p[0]!);
    expect(bestIndex([2, 1, 0])).toBe(0);
  });
});
