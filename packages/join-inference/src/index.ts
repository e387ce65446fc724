export { type AdjudicatorOptions, createJoinAdjudicator } from './adjudicate.js';
export type { SetAsideColumn } from './bookkeeping.js';
export { columnSetsToProfile } from './composite.js';
export { declaredJoinEdges } from './declared.js';
export { inferJoins } from './infer.js';
export {
  JOINS_FORMAT_VERSION,
  type JoinsDocument,
  type JoinsFile,
  JoinsFileError,
  type JoinsStats,
  loadJoins,
  parseJoins,
  saveJoins,
  serializeJoins,
} from './io.js';
export { defaultJoinParams, type JoinParams, loadJoinParams, writeJoinParams } from './params.js';
export { type DefaultJoinEdges, defaultJoinEdges } from './policy.js';
export type { InferJoinsOptions, JoinAdjudicator, JoinEdge, JoinInference, KeyCandidate } from './types.js';
