/**
 * The fitted scorer: a linear score over a candidate tree's standardized features, one weight per
 * feature, named (a conditional logit: the softmax of the scores over one question's candidates,
 * calibrated by `calibrate.ts`, is the probability each is the right tree). The weights come from
 * `fit.ts`, never from a hand.
 */

/** Platt scaling of the returned tree's log-odds: p = σ(slope · logit(softmax top) + intercept). */
export interface Calibration {
  slope: number;
  intercept: number;
}

/** Learned by `fitChoice`: the features' names, how each is standardized, its weight, and the calibration. */
export interface ChoiceModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  /** Platt scaling of the returned tree's probability, fitted on out-of-fold scores (`calibrate.ts`). */
  calibration: Calibration;
}

/** Each candidate's score under `model`; `vectors` are in `model.features` order. */
export function scoreVectors(model: ChoiceModel, vectors: readonly (readonly number[])[]): number[] {
  return vectors.map((x) => {
    let s = 0;
    for (let j = 0; j < model.weights.length; j++) s += model.weights[j]! * (((x[j] ?? 0) - model.mean[j]!) / model.scale[j]!);
    return s;
  });
}

/**
 * The model's weights laid over vectors in another feature order (`names`, the code's): scored by
 * name, so that a feature the code computes and the model never saw weighs nothing, rather than
 * shifting every weight one place. A model feature the code does not compute is an error.
 */
export function modelFor(model: ChoiceModel, names: readonly string[]): ChoiceModel {
  const at = new Map(names.map((n, i) => [n, i]));
  const missing = model.features.filter((f) => !at.has(f));
  if (missing.length > 0)
    throw new Error(`the choice model weighs ${missing.join(', ')}, which this version does not compute: refit with pnpm fit`);
  const n = names.length;
  const mean = new Array<number>(n).fill(0);
  const scale = new Array<number>(n).fill(1);
  const weights = new Array<number>(n).fill(0);
  model.features.forEach((f, j) => {
    const i = at.get(f)!;
    mean[i] = model.mean[j]!;
    scale[i] = model.scale[j]!;
    weights[i] = model.weights[j]!;
  });
  return { features: [...names], mean, scale, weights, calibration: model.calibration };
}

/** The index of the best score; a tie goes to the earlier candidate (the heuristic's tree comes first). */
export function bestIndex(scores: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]! + 1e-12) best = i;
  return best;
}

/** The softmax of `scores` divided by `temperature`: a distribution over the candidates (summing to 1). */
export function softmax(scores: readonly number[], temperature: number): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp((s - top) / temperature));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}
