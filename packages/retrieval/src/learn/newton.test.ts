import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskySolve, minimizeNewton, type NewtonObjective } from './newton.js';

/** ½ (w − c)ᵀ A (w − c) for a diagonal A: the minimum is c, or c clipped to the box. */
function quadratic(a: readonly number[], c: readonly number[]): NewtonObjective {
  const d = a.length;
  return {
    dimension: d,
    evaluate(w, withHessian) {
      let value = 0;
      const gradient = new Float64Array(d);
      for (let j = 0; j < d; j++) {
        value += 0.5 * a[j]! * (w[j]! - c[j]!) ** 2;
        gradient[j] = a[j]! * (w[j]! - c[j]!);
      }
      if (!withHessian) return { value, gradient };
      const hessian = new Float64Array(d * d);
      for (let j = 0; j < d; j++) hessian[j * d + j] = a[j]!;
      return { value, gradient, hessian };
    },
  };
}

const SETTINGS = { maxSteps: 50, gradientTolerance: 1e-9 };

describe('minimizeNewton', () => {
  it('finds the minimum of a convex quadratic and says it converged on the gradient', () => {
    const { w, convergence } = minimizeNewton(quadratic([1, 4, 0.5], [2, -1, 3]), SETTINGS);
    expect([...w].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([2, -1, 3]);
    expect(convergence).toMatchObject({ converged: true, stop: 'gradient', atBound: 0 });
    expect(convergence.gradient).toBeLessThanOrEqual(1e-9);
  });

  it('keeps each weight within its bounds and holds the constrained ones there', () => {
    const { w, convergence } = minimizeNewton(quadratic([1, 1, 1], [2, -1, 3]), { ...SETTINGS, upper: [0, Infinity, 1] });
    expect([...w].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([0, -1, 1]);
    expect(convergence.converged).toBe(true);
    expect(convergence.atBound).toBe(2);
  });

  it('damps a Hessian that is singular instead of stopping (a constant feature with no penalty)', () => {
    const { w, convergence } = minimizeNewton(quadratic([1, 0], [2, 0]), SETTINGS);
    expect(w[0]).toBeCloseTo(2, 6);
    expect(convergence.converged).toBe(true);
  });

  it('says so when it runs out of steps', () => {
    const { convergence } = minimizeNewton(quadratic([1], [5]), { maxSteps: 0, gradientTolerance: 1e-9 });
    expect(convergence).toMatchObject({ converged: false, stop: 'steps', iterations: 0 });
  });

  it('reaches the box-clipped minimum of any separable quadratic (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0.1, max: 10, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })), {
          minLength: 1,
          maxLength: 6,
        }),
        (terms) => {
          const a = terms.map(([x]) => x);
          const c = terms.map(([, y]) => y);
          const { w } = minimizeNewton(quadratic(a, c), { ...SETTINGS, upper: c.map(() => 0) });
          c.forEach((cj, j) => {
            expect(w[j]).toBeCloseTo(Math.min(0, cj), 5);
          });
        },
      ),
      { numRuns: 100, seed: 47 },
    );
  });
});

describe('choleskySolve', () => {
  it('solves a positive definite system and refuses one that is not', () => {
    const x = choleskySolve(Float64Array.from([4, 2, 2, 3]), Float64Array.from([2, 1]), 2)!;
    expect(x[0]).toBeCloseTo(0.5, 12);
    expect(x[1]).toBeCloseTo(0, 12);
    expect(choleskySolve(Float64Array.from([1, 2, 2, 1]), Float64Array.from([1, 1]), 2)).toBeNull();
  });
});
