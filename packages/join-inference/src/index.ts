export { ADJUDICATION_PROMPT_VERSION, type AdjudicatorOptions, adjudicationPrompt, createJoinAdjudicator } from './adjudicate.js';
export { type Containment, estimateContainment } from './containment.js';
export { declaredJoinEdges, declaredKeysInferrer, joinEdgeId } from './declared.js';
export { edgesForProfile, mergeEdges } from './file-edges.js';
export { DEFAULT_ADJUDICATION_BAND, DEFAULT_MIN_CONFIDENCE, inferJoins } from './infer.js';
export {
  JOINS_FORMAT_VERSION,
  type JoinsDocument,
  type JoinsFile,
  JoinsFileError,
  loadJoins,
  parseJoins,
  saveJoins,
  serializeJoins,
} from './io.js';
export { keyCandidates } from './keys.js';
export { type NameMatch, nameMatch } from './names.js';
export { type DefaultJoinEdges, defaultJoinEdges } from './policy.js';
export type { InferJoinsOptions, JoinAdjudicator, JoinEdge, JoinInference, JoinInferrer, KeyCandidate } from './types.js';
