/**
 * `@guided-retrieval/retrieval/fit`: what fitting the choice among candidate trees needs — the
 * conditional logit and its cross-validation, the nested selection of its settings, the
 * calibration of its probabilities, the feature fingerprints of its card, the solver every fit of
 * the workspace shares, and the one function that writes the shipped model. `pnpm fit`
 * (`apps/eval`) is its user; a team refitting on its own questions is another.
 */
export {
  type Calibration,
  type CalibrationSettings,
  calibratedProbabilities,
  fitCalibration,
  type ReliabilityBin,
  type ReturnedTree,
  reliability,
  returnedTree,
  type ScoredQuestion,
} from './choice/calibrate.js';
export { eligibleTrees } from './choice/eligible.js';
export { FEATURE_NAMES, PAST_FEATURES } from './choice/features.js';
export { featureFingerprints, PROBE_SCALE } from './choice/fingerprint.js';
export { type ChoiceExample, type ChoiceTarget, crossValidate, type FitSettings, fitChoice } from './choice/fit.js';
export { untrainedChoice, writeChoiceModel } from './choice/model-file.js';
export { bestIndex, scoreVectors, softmax } from './choice/score.js';
export { chooseSettings, describePoint, type GridPoint, gridOf, nestedCrossValidate } from './choice/select.js';
export { type Convergence, minimizeNewton, type NewtonObjective, type NewtonSettings } from './learn/newton.js';
