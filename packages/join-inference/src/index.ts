export type { JoinEdge, JoinInferrer } from './types.js';
export { declaredJoinEdges, declaredKeysInferrer, joinEdgeId } from './declared.js';
