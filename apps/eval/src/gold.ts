/**
 * The SQL reader of `@guided-retrieval/history` (node-sql-parser under the engine's grammars), for
 * `gold-columns.ts` until gold columns join the gold tables and joins in the benchmarks package.
 */
export { identifierText, oneLine, parse, unquote } from '@guided-retrieval/history/sql';
