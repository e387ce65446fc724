/**
 * Fitting the choice among candidate trees: a conditional logit over each question's candidates,
 * maximizing the (weighted) likelihood of a target distribution over them — the right trees alike,
 * or graded by each candidate's F1 so that a near miss counts for more than a wild tree — with an
 * L2 penalty and sign constraints (losing evidence never raises a score), by the workspace's one
 * solver (`learn/newton.ts`). Deterministic: the same examples give the same weights.
 */
import { type Convergence, minimizeNewton, type NewtonObjective } from '../learn/newton.js';
import { IDENTITY_CALIBRATION } from './calibrate.js';
import { bestIndex, type ChoiceModel, scoreVectors } from './score.js';

/** One training question: its candidates' feature vectors, which of them are right, and how near each is. */
export interface ChoiceExample {
  /** The database: cross-validation folds never split one. */
  group: string;
  id: string;
  vectors: number[][];
  right: boolean[];
  /** Each candidate's F1 against the gold tables (for a graded target; `right` alone otherwise). */
  f1?: number[];
  /** How much the question counts in the fit (default 1). */
  weight?: number;
}

/** What the model is fitted to: the right trees alike, or every candidate by its F1. */
export type ChoiceTarget = { kind: 'exact' } | { kind: 'graded'; sharpness: number };

export interface FitSettings {
  features: readonly string[];
  /** The L2 penalty on the standardized weights. */
  penalty: number;
  /** Newton steps at most. */
  maxSteps: number;
  /** Converged when the projected gradient's largest component is at most this. */
  gradientTolerance: number;
  target: ChoiceTarget;
  /** Features whose weight may not be positive (evidence a tree loses never raises its score). */
  nonPositive?: readonly string[];
  /**
   * A model fitted before whose features keep their standardization and weights: only the others
   * are fitted, over its scores (a team's history features over the choice without them).
   */
  frozen?: ChoiceModel;
}

/** Fits the model on `examples`; questions with no target (nothing right, no F1) or no weight teach nothing. */
export function fitChoice(
  examples: readonly ChoiceExample[],
  settings: FitSettings,
  start?: readonly number[],
): { model: ChoiceModel; convergence: Convergence } {
  const d = settings.features.length;
  // A question of one candidate teaches nothing (its probability is 1 whatever the weights).
  const usable = merged(examples.filter((e) => (e.weight ?? 1) > 0 && e.vectors.length > 1 && targetOf(e, settings.target) !== null));
  const { mean, scale } = standardization(usable, d);
  const frozen = new Map((settings.frozen?.features ?? []).map((f, j) => [f, j]));
  settings.features.forEach((f, j) => {
    const k = frozen.get(f);
    if (k === undefined) return;
    mean[j] = settings.frozen!.mean[k]!;
    scale[j] = settings.frozen!.scale[k]!;
  });
  const data = usable.map((e) => standardized(e, mean, scale, d, targetOf(e, settings.target)!));
  const negative = new Set(settings.nonPositive ?? []);
  const fixed = (f: string) => {
    const k = frozen.get(f);
    return k === undefined ? undefined : settings.frozen!.weights[k]!;
  };
  const upper = settings.features.map((f) => fixed(f) ?? (negative.has(f) ? 0 : Number.POSITIVE_INFINITY));
  const lower = settings.features.map((f) => fixed(f) ?? Number.NEGATIVE_INFINITY);
  const initial = start ?? (frozen.size > 0 ? settings.features.map((f) => fixed(f) ?? 0) : undefined);
  // A frozen weight is not penalized: the penalty is the fit's, and those were fitted with their own.
  const penalized = settings.features.map((f) => (frozen.has(f) ? 0 : 1));
  const { w, convergence } = minimizeNewton(
    logitObjective(data, d, settings.penalty, penalized),
    { maxSteps: settings.maxSteps, gradientTolerance: settings.gradientTolerance, upper, lower },
    initial ? Float64Array.from(initial) : undefined,
  );
  return {
    model: { features: [...settings.features], mean, scale, weights: [...w].map(round), calibration: IDENTITY_CALIBRATION },
    convergence,
  };
}

/** Questions of identical candidates and labels, one with their weights summed: a names-only set repeats many. */
function merged(examples: readonly ChoiceExample[]): ChoiceExample[] {
  const byKey = new Map<string, ChoiceExample>();
  for (const e of examples) {
    const key = JSON.stringify([e.vectors, e.right, e.f1 ?? null]);
    const same = byKey.get(key);
    if (same) same.weight = (same.weight ?? 1) + (e.weight ?? 1);
    else byKey.set(key, { ...e, weight: e.weight ?? 1 });
  }
  return [...byKey.values()];
}

/** A question's target distribution over its candidates, or null when it has none. */
function targetOf(e: ChoiceExample, target: ChoiceTarget): Float64Array | null {
  if (target.kind === 'exact' || !e.f1) {
    const n = e.right.filter(Boolean).length;
    return n === 0 ? null : Float64Array.from(e.right, (r) => (r ? 1 / n : 0));
  }
  const top = Math.max(...e.f1);
  if (!(top > 0)) return null;
  const raw = Float64Array.from(e.f1, (f) => Math.exp(target.sharpness * (f - top)));
  const z = raw.reduce((a, b) => a + b, 0);
  return raw.map((x) => x / z);
}

/**
 * Out-of-fold picks: for each fold of `held`'s groups (one per group, or `folds` of them, the
 * groups dealt round in name order), a model fitted on the other folds' questions and every
 * question of `always` (data of other databases that are never held out), scoring the fold's.
 */
export function crossValidate(
  held: readonly ChoiceExample[],
  settings: FitSettings,
  always: readonly ChoiceExample[] = [],
  folds?: number,
): {
  accuracy: number;
  picks: Map<string, number>;
  scores: Map<string, number[]>;
  perGroup: Map<string, { right: number; questions: number }>;
} {
  const groups = [...new Set(held.map((e) => e.group))].sort();
  const count = folds === undefined ? groups.length : Math.min(folds, groups.length);
  const foldOf = new Map(groups.map((g, i) => [g, i % count]));
  const picks = new Map<string, number>();
  const scores = new Map<string, number[]>();
  const perGroup = new Map<string, { right: number; questions: number }>();
  let right = 0;
  let start: number[] | undefined;
  for (let f = 0; f < count; f++) {
    const { model } = fitChoice([...held.filter((e) => foldOf.get(e.group) !== f), ...always], settings, start);
    // The next fold starts where this one ended: the folds' optima lie close.
    start = model.weights;
    for (const e of held) {
      if (foldOf.get(e.group) !== f) continue;
      const s = scoreVectors(model, e.vectors);
      const pick = bestIndex(s);
      picks.set(e.id, pick);
      scores.set(e.id, s);
      const g = perGroup.get(e.group) ?? { right: 0, questions: 0 };
      g.questions += 1;
      if (e.right[pick]) {
        g.right += 1;
        right += 1;
      }
      perGroup.set(e.group, g);
    }
  }
  return { accuracy: held.length === 0 ? 0 : right / held.length, picks, scores, perGroup };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A question's candidates, standardized row by row into one array, with its target distribution. */
interface Standardized {
  x: Float64Array;
  rows: number;
  target: Float64Array;
  weight: number;
}

function standardized(e: ChoiceExample, mean: readonly number[], scale: readonly number[], d: number, target: Float64Array): Standardized {
  const rows = e.vectors.length;
  const x = new Float64Array(rows * d);
  e.vectors.forEach((v, c) => {
    for (let j = 0; j < d; j++) x[c * d + j] = ((v[j] ?? 0) - mean[j]!) / scale[j]!;
  });
  return { x, rows, target, weight: e.weight ?? 1 };
}

function standardization(examples: readonly ChoiceExample[], d: number): { mean: number[]; scale: number[] } {
  const sum = new Float64Array(d);
  const square = new Float64Array(d);
  let n = 0;
  for (const e of examples)
    for (const v of e.vectors) {
      n += 1;
      for (let j = 0; j < d; j++) {
        sum[j]! += v[j] ?? 0;
        square[j]! += (v[j] ?? 0) ** 2;
      }
    }
  const mean = [...sum].map((s) => (n === 0 ? 0 : s / n));
  const scale = [...square].map((s, j) => {
    const variance = n === 0 ? 0 : s / n - mean[j]! * mean[j]!;
    return variance > 1e-12 ? round(Math.sqrt(variance)) : 1;
  });
  return { mean: mean.map(round), scale };
}

/** The softmax of a question's candidate scores under `w`. */
function probabilities(q: Standardized, w: Float64Array): Float64Array {
  const d = w.length;
  const p = new Float64Array(q.rows);
  let top = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < q.rows; c++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += q.x[c * d + j]! * w[j]!;
    p[c] = s;
    if (s > top) top = s;
  }
  let z = 0;
  for (let c = 0; c < q.rows; c++) {
    p[c] = Math.exp(p[c]! - top);
    z += p[c]!;
  }
  for (let c = 0; c < q.rows; c++) p[c]! /= z;
  return p;
}

/** The negated penalized log-likelihood (cross-entropy against each question's target), its gradient and Hessian. */
function logitObjective(data: readonly Standardized[], d: number, penalty: number, penalized: readonly number[]): NewtonObjective {
  return {
    dimension: d,
    evaluate(w, withHessian) {
      let value = 0;
      const gradient = w.map((wi, j) => penalty * penalized[j]! * wi);
      w.forEach((wi, j) => {
        value += (penalty / 2) * penalized[j]! * wi * wi;
      });
      const hessian = withHessian ? new Float64Array(d * d) : undefined;
      if (hessian) for (let j = 0; j < d; j++) hessian[j * d + j] = penalty * penalized[j]!;
      const expected = new Float64Array(d);
      const centred = new Float64Array(d);
      for (const q of data) {
        const p = probabilities(q, w);
        expected.fill(0);
        for (let c = 0; c < q.rows; c++) for (let j = 0; j < d; j++) expected[j]! += p[c]! * q.x[c * d + j]!;
        for (let c = 0; c < q.rows; c++) {
          const t = q.target[c]!;
          if (t > 0) value -= q.weight * t * Math.log(Math.max(p[c]!, 1e-300));
          const pc = p[c]! * q.weight;
          for (let j = 0; j < d; j++) {
            centred[j] = q.x[c * d + j]! - expected[j]!;
            // d/dw of −Σ t log p = −Σ t (x − E[x]); the targets sum to 1.
            if (t > 0) gradient[j]! -= q.weight * t * centred[j]!;
          }
          if (!hessian || pc < 1e-12) continue;
          for (let j = 0; j < d; j++) {
            const a = pc * centred[j]!;
            if (a === 0) continue;
            for (let k = j; k < d; k++) hessian[j * d + k]! += a * centred[k]!;
          }
        }
      }
      if (hessian) for (let j = 0; j < d; j++) for (let k = 0; k < j; k++) hessian[j * d + k] = hessian[k * d + j]!;
      return hessian ? { value, gradient, hessian } : { value, gradient };
    },
  };
}
