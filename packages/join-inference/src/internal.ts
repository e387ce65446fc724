/**
 * `@guided-retrieval/join-inference/internal`: what join inference shares with the other
 * `@guided-retrieval/*` packages and apps. Not public API: it is versioned with the package, but any
 * release may change it (the changeset says so).
 *
 * - `joinEdgeId`: the id an edge is derived under — context-graph (`schema.ts`, and the graph
 *   file's reader and writer, which store only the ids that differ from it).
 * - `edgesForProfile`, `mergeEdges`: a joins file's edges respelled for a database and merged with
 *   the declared ones — the demo's `--joins FILE`.
 */
export { joinEdgeId } from './declared.js';
export { edgesForProfile, mergeEdges } from './file-edges.js';
