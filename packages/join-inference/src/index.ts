export type { InferJoinsOptions, JoinAdjudicator, JoinEdge, JoinInference, JoinInferrer, KeyCandidate } from './types.js';
export { declaredJoinEdges, declaredKeysInferrer, joinEdgeId } from './declared.js';
export { DEFAULT_ADJUDICATION_BAND, DEFAULT_MIN_CONFIDENCE, inferJoins } from './infer.js';
export { defaultJoinEdges, type DefaultJoinEdges } from './policy.js';
export { keyCandidates } from './keys.js';
export { estimateContainment, type Containment } from './containment.js';
export { nameMatch, type NameMatch } from './names.js';
export { JOINS_FORMAT_VERSION, JoinsFileError, loadJoins, parseJoins, saveJoins, serializeJoins, type JoinsDocument, type JoinsFile } from './io.js';
export { ADJUDICATION_PROMPT_VERSION, adjudicationPrompt, createJoinAdjudicator, type AdjudicatorOptions } from './adjudicate.js';
