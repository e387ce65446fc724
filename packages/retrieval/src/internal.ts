/**
 * `@guided-retrieval/retrieval/internal`: what retrieval shares with the workspace's apps. Not public
 * API: it is versioned with the package, but any release may change it (the changeset says so).
 *
 * - `formatPath`: a trace path in words, for the web view's browser bundle, which loads no
 *   retriever (`formatTrace.path` on the main entry is the same function).
 * - `joinCondition`, `renderFromClause` (also on the main entry): the demo's preview child and web
 *   view render FROM clauses and ON conditions through this entry, which loads no grounding or
 *   language model, unlike the main one (`server/preview-child.ts`, `view/join-graph.ts`).
 * - `weighColumns`, `COLUMN_FEATURES`, `withLikelihood`, `tableColumns`: the eval's column fit
 *   (`apps/eval/src/fit/columns.ts`) reads the features the column model weighs, and lists the
 *   columns with its out-of-fold likelihoods to render the prompts it fits the price on.
 * - `mergePaths`, `POSTGRES_KEYWORDS`, `SQLITE_KEYWORDS`: the demo checks the quoting against real
 *   engines (`sql-dialects.test.ts`).
 */
export { COLUMN_FEATURES } from './columns/features.js';
export { tableColumns, type WeighedColumn, weighColumns, withLikelihood } from './columns/relevance.js';
export { mergePaths } from './merge.js';
export { joinCondition, renderFromClause } from './sql.js';
export { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
export { formatPath } from './trace-text.js';
