import { describe, expect, it } from 'vitest';
import { calibratedProbabilities, fitCalibration, IDENTITY_CALIBRATION, reliability, returnedTree } from './calibrate.js';

const SETTINGS = { maxSteps: 100, gradientTolerance: 1e-9, clip: 1e-4 };

/** Questions of two candidates whose first is right `rightShare` of the time, with a score gap of `gap`. */
function questions(n: number, gap: number, rightShare: number) {
  return Array.from({ length: n }, (_, i) => ({ scores: [gap, 0], right: [i < n * rightShare, i >= n * rightShare] }));
}

describe('calibration', () => {
  it('tempers over-confident scores so that the returned tree’s probability matches how often it is right', () => {
    // A gap of 5 says 99 % sure; the first candidate is right 75 % of the time.
    const data = questions(200, 5, 0.75);
    const before = reliability(
      data.map((q) => returnedTree(q, IDENTITY_CALIBRATION, SETTINGS.clip)),
      10,
    );
    expect(before.ece).toBeGreaterThan(0.2);
    const fitted = fitCalibration(data, SETTINGS);
    const after = reliability(
      data.map((q) => returnedTree(q, fitted, SETTINGS.clip)),
      10,
    );
    expect(after.ece).toBeLessThan(0.01);
  });

  it('keeps the candidates’ probabilities a distribution, the others in the softmax’s proportions', () => {
    const p = calibratedProbabilities([3, 1, 0, -2], { slope: 0.5, intercept: 0.2 }, SETTINGS.clip);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[1]! / p[2]!).toBeCloseTo(Math.E, 9);
    expect(calibratedProbabilities([2], { slope: 0.5, intercept: -3 }, SETTINGS.clip)).toEqual([1]);
  });

  it('is the identity when every returned tree is right, or wrong, alike (nothing to fit)', () => {
    expect(fitCalibration(questions(10, 1, 1), SETTINGS)).toEqual(IDENTITY_CALIBRATION);
  });
});

describe('reliability', () => {
  it('bins the returned trees by probability and weighs each bin’s gap by its share of the questions', () => {
    const table = reliability(
      Array.from({ length: 100 }, (_, i) => ({ probability: 0.75, right: i % 2 === 0 })),
      10,
    );
    expect(table.ece).toBeCloseTo(0.25, 4);
    expect(table.bins[7]).toMatchObject({ questions: 100, accuracy: 0.5, confidence: 0.75 });
    expect(table.bins.reduce((n, b) => n + b.questions, 0)).toBe(100);
  });
});
