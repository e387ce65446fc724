/**
 * `@guided-retrieval/grounding/internal`: what grounding shares with the other `@guided-retrieval/*`
 * packages. Not public API: it is versioned with the package, but any release may change it (the
 * changeset says so).
 *
 * - `readParamsFile`, `checkParams`, `mergeParams`, `deepFreeze`, `ParamSpec`: reading and checking
 *   a parameters file — grounding's own (`params-load.ts`) and retrieval's heuristic parameters
 *   (`params.ts`), so both files are read and their errors worded alike.
 */
export { checkParams, deepFreeze, mergeParams, type ParamSpec, readParamsFile } from './params-file.js';
