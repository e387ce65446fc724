/**
 * One solver for every fit of the workspace (the choice among candidate trees, the column model):
 * a projected Newton method for a smooth convex objective with optional bounds on each weight.
 * It stops when the projected gradient is below the tolerance, and says so; a Hessian that is not
 * positive definite is damped (Levenberg) rather than ending the fit silently. Deterministic.
 */

/** An objective to minimize: its value, gradient and (when asked) Hessian at `w` (row-major, d × d). */
export interface NewtonObjective {
  dimension: number;
  evaluate(w: Float64Array, withHessian: boolean): { value: number; gradient: Float64Array; hessian?: Float64Array };
}

export interface NewtonSettings {
  /** Newton steps at most. */
  maxSteps: number;
  /** Converged when every component of the projected gradient is at most this. */
  gradientTolerance: number;
  /** Per weight, its least value (−Infinity: none): a monotone constraint keeps a weight's sign. */
  lower?: readonly number[];
  /** Per weight, its greatest value (Infinity: none). */
  upper?: readonly number[];
}

/** How a fit ended: what a model card records. */
export interface Convergence {
  iterations: number;
  converged: boolean;
  /** `gradient`: the projected gradient is within the tolerance; `steps`: maxSteps ran out; `stalled`: no step lowered the objective. */
  stop: 'gradient' | 'steps' | 'stalled';
  /** The largest component of the projected gradient at the end. */
  gradient: number;
  objective: number;
  /** Weights held at a bound at the end. */
  atBound: number;
}

/** Halvings of a step before the line search gives up. */
const MAX_HALVINGS = 40;
/** The Armijo condition's share of the predicted decrease. */
const ARMIJO = 1e-4;
/** Damping added to a Hessian that is not positive definite, multiplied tenfold until it is. */
const FIRST_DAMPING = 1e-8;
const MAX_DAMPING = 1e8;
/** A bound within this of a weight holds it. */
const AT_BOUND = 1e-12;

export function minimizeNewton(
  objective: NewtonObjective,
  settings: NewtonSettings,
  start?: Float64Array,
): { w: Float64Array; convergence: Convergence } {
  const d = objective.dimension;
  const lower = settings.lower ?? new Array<number>(d).fill(Number.NEGATIVE_INFINITY);
  const upper = settings.upper ?? new Array<number>(d).fill(Number.POSITIVE_INFINITY);
  const project = (w: Float64Array) => w.map((x, j) => Math.min(upper[j]!, Math.max(lower[j]!, x)));
  let w: Float64Array = project(start ? Float64Array.from(start) : new Float64Array(d));
  let current = objective.evaluate(w, true);
  let iterations = 0;
  let stop: Convergence['stop'] = 'steps';
  for (; iterations < settings.maxSteps; iterations++) {
    const g = current.gradient;
    // A weight at a bound whose gradient pushes it further out is held there this step.
    const held = (j: number) => (w[j]! <= lower[j]! + AT_BOUND && g[j]! > 0) || (w[j]! >= upper[j]! - AT_BOUND && g[j]! < 0);
    if (projectedGradient(w, g, lower, upper) <= settings.gradientTolerance) {
      stop = 'gradient';
      break;
    }
    const free = [...Array(d).keys()].filter((j) => !held(j));
    const direction = newtonDirection(current.hessian!, g, free, d);
    let t = 1;
    let accepted: { w: Float64Array; value: ReturnType<NewtonObjective['evaluate']> } | null = null;
    for (let h = 0; h < MAX_HALVINGS; h++) {
      const candidate = project(w.map((x, j) => x - t * direction[j]!));
      let predicted = 0;
      for (let j = 0; j < d; j++) predicted += g[j]! * (candidate[j]! - w[j]!);
      const value = objective.evaluate(candidate, false);
      if (value.value <= current.value + ARMIJO * Math.min(0, predicted)) {
        accepted = { w: candidate, value };
        break;
      }
      t /= 2;
    }
    if (!accepted) {
      stop = 'stalled';
      break;
    }
    w = accepted.w;
    current = objective.evaluate(w, true);
  }
  const gradient = projectedGradient(w, current.gradient, lower, upper);
  if (stop === 'steps' && gradient <= settings.gradientTolerance) stop = 'gradient';
  return {
    w,
    convergence: {
      iterations,
      converged: stop === 'gradient',
      stop,
      gradient,
      objective: current.value,
      atBound: [...w].filter((x, j) => x <= lower[j]! + AT_BOUND || x >= upper[j]! - AT_BOUND).length,
    },
  };
}

/** The largest component of the gradient projected on the box: zero at a constrained minimum. */
function projectedGradient(w: Float64Array, g: Float64Array, lower: readonly number[], upper: readonly number[]): number {
  let most = 0;
  for (let j = 0; j < w.length; j++) {
    const moved = Math.min(upper[j]!, Math.max(lower[j]!, w[j]! - g[j]!));
    most = Math.max(most, Math.abs(w[j]! - moved));
  }
  return most;
}

/** The Newton direction on the free weights (zero on the held ones), damped until the Hessian's block factors. */
function newtonDirection(hessian: Float64Array, g: Float64Array, free: readonly number[], d: number): Float64Array {
  const n = free.length;
  const direction = new Float64Array(d);
  if (n === 0) return direction;
  const block = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) block[a * n + b] = hessian[free[a]! * d + free[b]!]!;
  const rhs = Float64Array.from(free, (j) => g[j]!);
  let damping = 0;
  for (;;) {
    const solved = choleskySolve(block, rhs, n, damping);
    if (solved) {
      free.forEach((j, a) => {
        direction[j] = solved[a]!;
      });
      return direction;
    }
    damping = damping === 0 ? FIRST_DAMPING : damping * 10;
    // A Hessian no damping makes positive definite: fall back on the gradient itself.
    if (damping > MAX_DAMPING) {
      free.forEach((j) => {
        direction[j] = g[j]!;
      });
      return direction;
    }
  }
}

/** Solves (a + damping·I) x = b by Cholesky; null when the matrix is not positive definite. */
export function choleskySolve(a: Float64Array, b: Float64Array, n: number, damping = 0): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]! + (i === j ? damping : 0);
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(s > 0) || !Number.isFinite(s)) return null;
        l[i * n + i] = Math.sqrt(s);
      } else l[i * n + j] = s / l[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}
