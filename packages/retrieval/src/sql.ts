import type { GraphEngine } from '@guided-retrieval/context-graph';
import { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
import type { JoinTree } from './types.js';

/** The SQL engine a FROM clause is written for: the one the graph was built from. */
export type SqlDialect = GraphEngine;

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** PostgreSQL folds unquoted names to lower case: any other spelling must be quoted to stay itself. */
const PLAIN_LOWER = /^[a-z_][a-z0-9_]*$/;

/** Whether `name` can stand bare in `dialect`: a plain word the engine does not keep for itself. */
export function isBareName(name: string, dialect: SqlDialect = 'sqlite'): boolean {
  if (dialect === 'sqlite') return PLAIN.test(name) && !SQLITE_KEYWORDS.has(name.toLowerCase());
  return PLAIN_LOWER.test(name) && !POSTGRES_KEYWORDS.has(name);
}

/** `name` as `dialect` reads it: bare when it can be, else in double quotes (embedded ones doubled). */
export function quoteIdentifier(name: string, dialect: SqlDialect = 'sqlite'): string {
  return isBareName(name, dialect) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** `FROM root AS alias JOIN child AS alias ON …`, one join per line, in the tree's order and dialect. */
export function renderFromClause(tree: JoinTree): string {
  const [root, ...rest] = tree.nodes;
  if (!root) return '';
  const q = (name: string) => quoteIdentifier(name, tree.dialect);
  const lines = [`FROM ${q(root.table)} AS ${q(root.alias)}`];
  for (const node of rest) lines.push(`JOIN ${q(node.table)} AS ${q(node.alias)} ON ${node.on}`);
  return lines.join('\n');
}
