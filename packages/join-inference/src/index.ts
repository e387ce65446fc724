export type { JoinEdge, JoinInferrer } from './types.js';
export { declaredJoinEdges, declaredKeysInferrer, joinEdgeId } from './declared.js';
export { JOINS_FORMAT_VERSION, JoinsFileError, loadJoins, parseJoins, saveJoins, serializeJoins, type JoinsDocument, type JoinsFile } from './io.js';
