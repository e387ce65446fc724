/**
 * `@guided-retrieval/context-graph/internal`: what the context graph shares with the other
 * `@guided-retrieval/*` packages. Not public API: it is versioned with the package, but any release
 * may change it (the changeset says so).
 *
 * - `graphFromEdgeList`: a graph from `'A.b->B.id'` strings, for tests — retrieval's `merge.test.ts`.
 */
export { graphFromEdgeList } from './schema.js';
