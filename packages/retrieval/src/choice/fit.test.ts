import { describe, expect, it } from 'vitest';
import { type ChoiceExample, crossValidate, fitChoice } from './fit.js';
import { bestIndex, scoreVectors } from './score.js';

const FEATURES = ['evidence kept', 'tables'];
const SETTINGS = { features: FEATURES, penalty: 1, maxSteps: 30, gradientTolerance: 1e-8, target: { kind: 'exact' } } as const;

/** A question of three candidates; the right one keeps the most evidence (first feature) for `sign` 1, the least for -1. */
function question(group: string, id: number, sign: 1 | -1): ChoiceExample {
  const kept = [0.2 + (id % 3) * 0.1, 0.9, 0.5];
  // The size says nothing: it alternates between the candidates.
  const tables = [1 + (id % 2), 2 - (id % 2), 2];
  const best = sign === 1 ? 1 : 0;
  return { group, id: `${group}/${id}`, vectors: kept.map((k, i) => [k, tables[i]!]), right: kept.map((_, i) => i === best) };
}

const many = (group: string, n: number, sign: 1 | -1) => Array.from({ length: n }, (_, i) => question(group, i, sign));

describe('fitChoice', () => {
  it('learns which feature marks the right tree, and picks it on questions it was not fitted on', () => {
    const { model, convergence } = fitChoice(many('a', 30, 1), SETTINGS);
    expect(convergence.converged).toBe(true);
    expect(model.features).toEqual(FEATURES);
    expect(model.weights[0]).toBeGreaterThan(0);
    for (const q of many('b', 10, 1)) expect(q.right[bestIndex(scoreVectors(model, q.vectors))]).toBe(true);
  });

  it('gives the same weights for the same examples', () => {
    expect(fitChoice(many('a', 20, 1), SETTINGS)).toEqual(fitChoice(many('a', 20, 1), SETTINGS));
  });

  it('learns nothing from questions with no right candidate or no weight', () => {
    const none = many('a', 10, 1).map((q) => ({ ...q, right: q.right.map(() => false) }));
    const weightless = many('b', 10, -1).map((q) => ({ ...q, weight: 0 }));
    expect(fitChoice([...none, ...weightless], SETTINGS).model.weights).toEqual([0, 0]);
  });

  it('shrinks the weights as the penalty grows', () => {
    const loose = fitChoice(many('a', 30, 1), { ...SETTINGS, penalty: 0.1 }).model;
    const tight = fitChoice(many('a', 30, 1), { ...SETTINGS, penalty: 100 }).model;
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
  });

  it('keeps a weight the settings hold non-positive at or below 0, whatever the data say', () => {
    const { model } = fitChoice(many('a', 30, 1), { ...SETTINGS, nonPositive: ['evidence kept'] });
    expect(model.weights[0]).toBe(0);
  });

  it('with a graded target, prefers the near miss to the wild tree when no candidate is right', () => {
    // No candidate is right; the first is a near miss (F1 0.9), the others wild; the near miss has more evidence kept.
    const near = (id: number): ChoiceExample => ({
      group: 'g',
      id: `n${id}`,
      vectors: [
        [0.8, 2],
        [0.1 + (id % 3) * 0.05, 2],
        [0.2, 1 + (id % 2)],
      ],
      right: [false, false, false],
      f1: [0.9, 0.2, 0.1],
    });
    const data = Array.from({ length: 20 }, (_, i) => near(i));
    expect(fitChoice(data, SETTINGS).model.weights).toEqual([0, 0]);
    const graded = fitChoice(data, { ...SETTINGS, target: { kind: 'graded', sharpness: 10 } }).model;
    expect(graded.weights[0]).toBeGreaterThan(0);
  });
});

describe('crossValidate', () => {
  it('scores each database with a model fitted without it', () => {
    // Three databases reward the most evidence; a fourth the least. Held out, the fourth is always wrong.
    const held = [...many('a', 12, 1), ...many('b', 12, 1), ...many('c', 12, -1), ...many('d', 12, 1)];
    const { perGroup, accuracy, picks } = crossValidate(held, SETTINGS);
    expect(perGroup.get('a')).toEqual({ right: 12, questions: 12 });
    expect(perGroup.get('c')).toEqual({ right: 0, questions: 12 });
    expect(accuracy).toBeCloseTo(36 / 48, 6);
    expect(picks.size).toBe(48);
  });

  it('always fits on the data that is never held out', () => {
    const held = [...many('a', 12, -1), ...many('b', 12, -1)];
    const against = many('other', 200, 1);
    expect(crossValidate(held, SETTINGS).accuracy).toBe(1);
    expect(crossValidate(held, SETTINGS, against).accuracy).toBe(0);
  });
});

describe('bestIndex', () => {
  it('gives a tie to the earlier candidate (the heuristic’s tree comes first)', () => {
    expect(bestIndex([1, 1, 0.5])).toBe(0);
    expect(bestIndex([0.2, 1, 1])).toBe(1);
  });
});
