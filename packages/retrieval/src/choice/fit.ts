/**
 * Fitting the choice among candidate trees: a conditional logit over each question's candidates,
 * maximizing the (weighted) probability of its right trees — uniform over them when several are
 * right — with an L2 penalty, by Newton's method with a backtracking line search. Deterministic:
 * the same examples give the same weights, and thousands of questions fit in seconds.
 */
import type { ChoiceModel } from './score.js';
import { bestIndex, scoreVectors } from './score.js';

/** One training question: its candidates' feature vectors and which of them are right. */
export interface ChoiceExample {
  /** The database: cross-validation folds never split one. */
  group: string;
  id: string;
  vectors: number[][];
  right: boolean[];
  /** How much the question counts in the fit (default 1). */
  weight?: number;
}

export interface FitSettings {
  features: readonly string[];
  /** The L2 penalty on the standardized weights. */
  penalty: number;
  /** Newton steps at most. */
  maxSteps: number;
}

/** Fits the model on `examples` (questions without a right candidate teach nothing and are skipped). */
export function fitChoice(examples: readonly ChoiceExample[], settings: FitSettings): ChoiceModel {
  const d = settings.features.length;
  const usable = examples.filter((e) => e.right.some(Boolean) && (e.weight ?? 1) > 0);
  const { mean, scale } = standardization(usable, d);
  const data = usable.map((e) => standardized(e, mean, scale, d));
  let w = new Float64Array(d);
  let current = objective(data, w, settings.penalty);
  for (let step = 0; step < settings.maxSteps; step++) {
    const { gradient, hessian } = derivatives(data, w, settings.penalty);
    const direction = solve(hessian, gradient, d);
    if (!direction) break;
    let t = 1;
    let next = w;
    let value = current;
    for (let halvings = 0; halvings < 30; halvings++) {
      const candidate = w.map((wi, j) => wi + t * direction[j]!);
      const v = objective(data, candidate, settings.penalty);
      if (v >= current - 1e-12) {
        next = candidate;
        value = v;
        break;
      }
      t /= 2;
    }
    const gain = value - current;
    w = next;
    current = value;
    if (gain < 1e-9) break;
  }
  return { features: [...settings.features], mean, scale, weights: [...w].map(round) };
}

/**
 * Out-of-fold picks: for each group of `held`, a model fitted on the other groups' questions and
 * every question of `always` (data of other databases that are never held out), scoring the group's.
 */
export function crossValidate(
  held: readonly ChoiceExample[],
  settings: FitSettings,
  always: readonly ChoiceExample[] = [],
): { accuracy: number; picks: Map<string, number>; perGroup: Map<string, { right: number; questions: number }> } {
  const groups = [...new Set(held.map((e) => e.group))].sort();
  const picks = new Map<string, number>();
  const perGroup = new Map<string, { right: number; questions: number }>();
  let right = 0;
  for (const g of groups) {
    const model = fitChoice([...held.filter((e) => e.group !== g), ...always], settings);
    let ok = 0;
    const questions = held.filter((e) => e.group === g);
    for (const e of questions) {
      const pick = bestIndex(scoreVectors(model, e.vectors));
      picks.set(e.id, pick);
      if (e.right[pick]) ok += 1;
    }
    perGroup.set(g, { right: ok, questions: questions.length });
    right += ok;
  }
  return { accuracy: held.length === 0 ? 0 : right / held.length, picks, perGroup };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A question's candidates, standardized row by row into one array, with its target distribution. */
interface Standardized {
  x: Float64Array;
  rows: number;
  target: Float64Array;
  weight: number;
}

function standardized(e: ChoiceExample, mean: readonly number[], scale: readonly number[], d: number): Standardized {
  const rows = e.vectors.length;
  const x = new Float64Array(rows * d);
  e.vectors.forEach((v, c) => {
    for (let j = 0; j < d; j++) x[c * d + j] = (v[j]! - mean[j]!) / scale[j]!;
  });
  const n = e.right.filter(Boolean).length;
  return { x, rows, target: Float64Array.from(e.right, (r) => (r ? 1 / n : 0)), weight: e.weight ?? 1 };
}

function standardization(examples: readonly ChoiceExample[], d: number): { mean: number[]; scale: number[] } {
  const sum = new Float64Array(d);
  const square = new Float64Array(d);
  let n = 0;
  for (const e of examples)
    for (const v of e.vectors) {
      n += 1;
      for (let j = 0; j < d; j++) {
        sum[j]! += v[j]!;
        square[j]! += v[j]! * v[j]!;
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

function objective(data: readonly Standardized[], w: Float64Array, penalty: number): number {
  let total = 0;
  for (const q of data) {
    const p = probabilities(q, w);
    for (let c = 0; c < q.rows; c++) if (q.target[c]! > 0) total += q.weight * q.target[c]! * Math.log(Math.max(p[c]!, 1e-300));
  }
  let norm = 0;
  for (const wi of w) norm += wi * wi;
  return total - (penalty / 2) * norm;
}

/** The objective's gradient, and the negated Hessian (positive definite with the penalty). */
function derivatives(data: readonly Standardized[], w: Float64Array, penalty: number): { gradient: Float64Array; hessian: Float64Array } {
  const d = w.length;
  const gradient = w.map((wi) => -penalty * wi);
  const hessian = new Float64Array(d * d);
  for (let j = 0; j < d; j++) hessian[j * d + j] = penalty;
  const expected = new Float64Array(d);
  const centred = new Float64Array(d);
  for (const q of data) {
    const p = probabilities(q, w);
    expected.fill(0);
    for (let c = 0; c < q.rows; c++) for (let j = 0; j < d; j++) expected[j]! += p[c]! * q.x[c * d + j]!;
    for (let c = 0; c < q.rows; c++) {
      const t = q.target[c]!;
      const pc = p[c]! * q.weight;
      for (let j = 0; j < d; j++) {
        centred[j] = q.x[c * d + j]! - expected[j]!;
        if (t > 0) gradient[j]! += q.weight * t * centred[j]!;
      }
      if (pc < 1e-12) continue;
      for (let j = 0; j < d; j++) {
        const a = pc * centred[j]!;
        if (a === 0) continue;
        for (let k = j; k < d; k++) hessian[j * d + k]! += a * centred[k]!;
      }
    }
  }
  for (let j = 0; j < d; j++) for (let k = 0; k < j; k++) hessian[j * d + k] = hessian[k * d + j]!;
  return { gradient, hessian };
}

/** Solves `a · x = b` (a is d × d, row-major) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: Float64Array, b: Float64Array, d: number): Float64Array | null {
  const m = new Float64Array(d * (d + 1));
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) m[i * (d + 1) + j] = a[i * d + j]!;
    m[i * (d + 1) + d] = b[i]!;
  }
  const at = (r: number, c: number) => m[r * (d + 1) + c]!;
  for (let col = 0; col < d; col++) {
    let pivot = col;
    for (let r = col + 1; r < d; r++) if (Math.abs(at(r, col)) > Math.abs(at(pivot, col))) pivot = r;
    if (Math.abs(at(pivot, col)) < 1e-12) return null;
    if (pivot !== col)
      for (let k = 0; k <= d; k++) {
        const tmp = at(col, k);
        m[col * (d + 1) + k] = at(pivot, k);
        m[pivot * (d + 1) + k] = tmp;
      }
    for (let r = 0; r < d; r++) {
      if (r === col) continue;
      const f = at(r, col) / at(col, col);
      if (f === 0) continue;
      for (let k = col; k <= d; k++) m[r * (d + 1) + k]! -= f * at(col, k);
    }
  }
  return Float64Array.from({ length: d }, (_, i) => at(i, d) / at(i, i));
}
