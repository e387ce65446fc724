/**
 * Logistic regression by Newton's method with an L2 penalty (the intercept unpenalised):
 * deterministic (no random start, a fixed number of steps), exact enough for a handful of
 * features and a few thousand examples, and no dependency.
 */

export interface Example {
  features: readonly number[];
  label: 0 | 1;
  /** Which database it came from: what cross-validation folds by. */
  group: string;
}

export interface LogisticFit {
  /** The intercept first, then one weight per feature. */
  weights: number[];
  iterations: number;
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

export function predict(weights: readonly number[], features: readonly number[]): number {
  let z = weights[0] ?? 0;
  for (let j = 0; j < features.length; j++) z += (weights[j + 1] ?? 0) * features[j]!;
  return sigmoid(z);
}

/** Fits weights maximising the penalised likelihood of `examples`; throws on no examples or one class only. */
export function fitLogistic(examples: readonly Example[], options: { l2?: number; maxIterations?: number } = {}): LogisticFit {
  if (examples.length === 0) throw new Error('fitLogistic: no examples');
  const positives = examples.filter((e) => e.label === 1).length;
  if (positives === 0 || positives === examples.length)
    throw new Error(`fitLogistic: all ${examples.length} examples have label ${examples[0]!.label}`);
  const l2 = options.l2 ?? 1;
  const d = examples[0]!.features.length + 1;
  let w = new Array<number>(d).fill(0);
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? 50); iterations++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const e of examples) {
      const x = [1, ...e.features];
      const p = predict(w, e.features);
      const r = p * (1 - p);
      for (let i = 0; i < d; i++) {
        grad[i]! += (p - e.label) * x[i]!;
        for (let j = 0; j < d; j++) hess[i]![j]! += r * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < d; i++) {
      grad[i]! += l2 * w[i]!;
      hess[i]![i]! += l2;
    }
    hess[0]![0]! += 1e-9;
    const step = solve(hess, grad);
    w = w.map((v, i) => v - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { weights: w.map((v) => Math.round(v * 1e4) / 1e4), iterations };
}

/** Mean negative log-likelihood of `examples` under `weights`. */
export function logLoss(weights: readonly number[], examples: readonly Example[]): number {
  const eps = 1e-12;
  let sum = 0;
  for (const e of examples) {
    const p = predict(weights, e.features);
    sum -= e.label === 1 ? Math.log(Math.max(eps, p)) : Math.log(Math.max(eps, 1 - p));
  }
  return sum / Math.max(1, examples.length);
}

/** Area under the ROC curve of `scores` against `labels` (ties count half); 0.5 when one class is missing. */
export function auc(scores: readonly number[], labels: readonly (0 | 1)[]): number {
  const pos = scores.filter((_, i) => labels[i] === 1);
  const neg = scores.filter((_, i) => labels[i] === 0);
  if (pos.length === 0 || neg.length === 0) return 0.5;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

export interface CrossValidation {
  /** Per held-out group: the fit on the others, scored on it. */
  folds: { group: string; examples: number; logLoss: number; baselineLogLoss: number; auc: number }[];
  /** Pooled over the held-out predictions. */
  logLoss: number;
  baselineLogLoss: number;
  auc: number;
}

/**
 * Leave-one-group-out: for each group, fit on every other group and score the held-out one; the
 * baseline predicts the training positives' share for every example.
 */
export function crossValidate(examples: readonly Example[], options: { l2?: number } = {}): CrossValidation {
  const groups = [...new Set(examples.map((e) => e.group))].sort();
  const folds: CrossValidation['folds'] = [];
  const pooled: { p: number; base: number; label: 0 | 1 }[] = [];
  for (const group of groups) {
    const train = examples.filter((e) => e.group !== group);
    const test = examples.filter((e) => e.group === group);
    const share = train.filter((e) => e.label === 1).length / Math.max(1, train.length);
    let fit: LogisticFit;
    try {
      fit = fitLogistic(train, options);
    } catch {
      continue;
    }
    const base = [Math.log(share / (1 - share))];
    const ps = test.map((e) => predict(fit.weights, e.features));
    for (const [i, e] of test.entries()) pooled.push({ p: ps[i]!, base: share, label: e.label });
    folds.push({
      group,
      examples: test.length,
      logLoss: round(logLoss(fit.weights, test)),
      baselineLogLoss: round(logLoss(base.concat(new Array(test[0]?.features.length ?? 0).fill(0)), test)),
      auc: round(
        auc(
          ps,
          test.map((e) => e.label),
        ),
      ),
    });
  }
  const nll = (p: number, y: 0 | 1) => -Math.log(Math.max(1e-12, y === 1 ? p : 1 - p));
  return {
    folds,
    logLoss: round(pooled.reduce((s, x) => s + nll(x.p, x.label), 0) / Math.max(1, pooled.length)),
    baselineLogLoss: round(pooled.reduce((s, x) => s + nll(x.base, x.label), 0) / Math.max(1, pooled.length)),
    auc: round(
      auc(
        pooled.map((x) => x.p),
        pooled.map((x) => x.label),
      ),
    ),
  };
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const p = m[c]![c]!;
    if (Math.abs(p) < 1e-15) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / p;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-15 ? 0 : row[n]! / row[i]!));
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
