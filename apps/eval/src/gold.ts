/**
 * The gold SQL reader of `@guided-retrieval/benchmarks`, for `gold-columns.ts` until gold columns
 * join the gold tables and joins in that package.
 */
export { identifierText, oneLine, parse, unquote } from '@guided-retrieval/benchmarks/sql';
