/**
 * The fitted scorer: a linear score over a candidate tree's standardized features, one weight per
 * feature (a conditional logit: the softmax of the scores over one question's candidates is the
 * probability each is the right tree). The weights come from `fit.ts`, never from a hand.
 */

/** Learned by `fitChoice`: the features' names, how each is standardized, and its weight. */
export interface ChoiceModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
}

/** Each candidate's score under `model`; `vectors` are in `model.features` order. */
export function scoreVectors(model: ChoiceModel, vectors: readonly (readonly number[])[]): number[] {
  return vectors.map((x) => {
    let s = 0;
    for (let j = 0; j < model.weights.length; j++) s += model.weights[j]! * ((x[j]! - model.mean[j]!) / model.scale[j]!);
    return s;
  });
}

/** The index of the best score; a tie goes to the earlier candidate (the heuristic's tree comes first). */
export function bestIndex(scores: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]! + 1e-12) best = i;
  return best;
}
