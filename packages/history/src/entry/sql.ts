/**
 * `@guided-retrieval/history/sql`: how SQL text is parsed — node-sql-parser under the engine's
 * grammar and its fallbacks, with a few table-neutral rewrites when none reads the text — and the
 * helpers that read its syntax tree. Not public API: versioned with the package, but any release
 * may change it.
 *
 * - `readSql`: the benchmarks' gold tables (`goldTables`), read as a team's statements are;
 * - `parse`, `identifierText`, `unquote`, `oneLine`: the evaluation's gold columns walk the tree.
 */
export { readSql, type SqlReading, type StatementReading } from '../read-statement.js';
export { identifierText, oneLine, parse, unquote } from '../sql.js';
