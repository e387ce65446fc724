// For the workspace's own apps and tests (the demo checks the quoting against real engines, and its
// preview child renders FROM clauses without loading the retriever); not a stable API: names here
// may change in any release.
export { mergePaths, trimPath } from './merge.js';
export { isBareName, joinCondition, renderFromClause, tableReference } from './sql.js';
export { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
export { formatPath } from './trace-text.js';
