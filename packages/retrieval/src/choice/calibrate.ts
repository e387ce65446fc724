/**
 * Calibrating the choice's probabilities. The softmax of the scores ranks the candidates but says
 * too much at the top (a tree given 0.98 is right three times in four) and too little in the middle;
 * Platt scaling of the returned tree's log-odds — two numbers, fitted on out-of-fold scores —
 * makes its probability match how often it is right, and the other candidates share the rest in
 * the softmax's proportions, so that the candidates' probabilities still sum to 1. The reliability
 * table measures it.
 */
import { minimizeNewton } from '../learn/newton.js';
import { fourDecimals } from '../rounding.js';
import { bestIndex, type Calibration, softmax } from './score.js';

export type { Calibration };

/** A question's scores over its candidates (only those the choice may pick) and which are right. */
export interface ScoredQuestion {
  scores: readonly number[];
  right: readonly boolean[];
}

export interface CalibrationSettings {
  /** Newton steps at most, and the gradient at which the fit has converged. */
  maxSteps: number;
  gradientTolerance: number;
  /** The softmax's top probability is held within [clip, 1 − clip] before its log-odds are taken. */
  clip: number;
}

/** No calibration: the softmax as it is. */
export const IDENTITY_CALIBRATION: Calibration = { slope: 1, intercept: 0 };

const logit = (p: number, clip: number) => {
  const q = Math.min(1 - clip, Math.max(clip, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/**
 * Each candidate's probability: the returned tree's calibrated, the others the rest in the
 * softmax's proportions (a single candidate is certain: there is nothing else to give to).
 */
export function calibratedProbabilities(scores: readonly number[], calibration: Calibration, clip: number): number[] {
  const p = softmax(scores, 1);
  if (p.length <= 1) return p;
  const top = bestIndex(scores);
  const calibrated = sigmoid(calibration.slope * logit(p[top]!, clip) + calibration.intercept);
  const rest = 1 - p[top]!;
  return p.map((x, i) => (i === top ? calibrated : rest > 0 ? (x / rest) * (1 - calibrated) : (1 - calibrated) / (p.length - 1)));
}

/** The Platt scaling that best predicts whether the returned tree is right (log-loss over every question with two or more candidates). */
export function fitCalibration(questions: readonly ScoredQuestion[], settings: CalibrationSettings): Calibration {
  const rows = questions
    .filter((q) => q.scores.length > 1)
    .map((q) => {
      const top = bestIndex(q.scores);
      return { x: logit(softmax(q.scores, 1)[top]!, settings.clip), y: q.right[top] ? 1 : 0 };
    });
  if (rows.length === 0 || rows.every((r) => r.y === rows[0]!.y)) return IDENTITY_CALIBRATION;
  const { w } = minimizeNewton(
    {
      dimension: 2,
      evaluate(w, withHessian) {
        let value = 0;
        const gradient = new Float64Array(2);
        const hessian = new Float64Array(4);
        for (const { x, y } of rows) {
          const p = sigmoid(w[0]! * x + w[1]!);
          value -= y ? Math.log(Math.max(p, Number.MIN_VALUE)) : Math.log(Math.max(1 - p, Number.MIN_VALUE));
          gradient[0]! += (p - y) * x;
          gradient[1]! += p - y;
          const v = p * (1 - p);
          hessian[0]! += v * x * x;
          hessian[1]! += v * x;
          hessian[2]! += v * x;
          hessian[3]! += v;
        }
        return withHessian ? { value, gradient, hessian } : { value, gradient };
      },
    },
    settings,
    Float64Array.from([IDENTITY_CALIBRATION.slope, IDENTITY_CALIBRATION.intercept]),
  );
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { slope: round(w[0]!), intercept: round(w[1]!) };
}

/** One bin of the reliability table: questions whose returned tree's probability fell in [from, to). */
export interface ReliabilityBin {
  from: number;
  to: number;
  questions: number;
  /** Mean probability of the returned tree. */
  confidence: number;
  /** Share of them whose returned tree is right. */
  accuracy: number;
}

/** The returned tree of a question: its probability, and whether it is right. */
export interface ReturnedTree {
  probability: number;
  right: boolean;
}

/** The returned tree of scored candidates under `calibration`. */
export function returnedTree(q: ScoredQuestion, calibration: Calibration, clip: number): ReturnedTree {
  const pick = bestIndex(q.scores);
  return { probability: calibratedProbabilities(q.scores, calibration, clip)[pick]!, right: q.right[pick] === true };
}

/** The reliability table of the returned trees' probabilities, and the expected calibration error. */
export function reliability(questions: readonly ReturnedTree[], bins: number): { ece: number; bins: ReliabilityBin[]; questions: number } {
  const table = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, n: 0, conf: 0, right: 0 }));
  for (const q of questions) {
    const bin = table[Math.min(bins - 1, Math.floor(q.probability * bins))]!;
    bin.n += 1;
    bin.conf += q.probability;
    if (q.right) bin.right += 1;
  }
  const n = questions.length;
  let ece = 0;
  for (const b of table) if (b.n > 0) ece += (b.n / n) * Math.abs(b.right / b.n - b.conf / b.n);
  return {
    ece: fourDecimals(ece),
    questions: n,
    bins: table.map((b) => ({
      from: b.from,
      to: b.to,
      questions: b.n,
      confidence: b.n === 0 ? 0 : fourDecimals(b.conf / b.n),
      accuracy: b.n === 0 ? 0 : fourDecimals(b.right / b.n),
    })),
  };
}
