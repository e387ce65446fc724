/**
 * `@guided-retrieval/context-graph/internal`: what the context graph shares with the other
 * `@guided-retrieval/*` packages and the apps. Not public API: it is versioned with the package,
 * but any release may change it (the changeset says so).
 *
 * - `graphFromEdgeList`: a graph from `'A.b->B.id'` strings, for tests — retrieval's `merge.test.ts`.
 * - `plural`, `tableStarted`, `tableDone`, `profiledAll`: the build's progress lines, which the
 *   demo's `guided profile` prints alike.
 * - `summarizeInference`, `describeInference`: what join inference did, in one line — the demo's
 *   `guided infer-joins`.
 */
export { describeInference, summarizeInference } from './builder/inference-notes.js';
export { plural, profiledAll, tableDone, tableStarted } from './builder/messages.js';
export { graphFromEdgeList } from './schema.js';
