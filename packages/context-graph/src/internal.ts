/**
 * `@guided-retrieval/context-graph/internal`: what the context graph shares with the other
 * `@guided-retrieval/*` packages. Not public API: it is versioned with the package, but any release
 * may change it (the changeset says so).
 *
 * - `DEFAULT_MAX_PATH_LENGTH`: the searches' default longest path — retrieval's `DEFAULT_PATH_LIMITS`
 *   (`limits.ts`), so that both sides stop at the same length.
 * - `graphFromEdgeList`: a graph from `'A.b->B.id'` strings, for tests — retrieval's `merge.test.ts`.
 */
export { DEFAULT_MAX_PATH_LENGTH } from './graph.js';
export { graphFromEdgeList } from './schema.js';
