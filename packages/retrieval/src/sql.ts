import type { GraphEngine } from '@guided-retrieval/context-graph';
import { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
import type { JoinTree, JoinTreeNode } from './types.js';

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

/**
 * A table as `dialect` names it in FROM. A PostgreSQL profile spells a table two schemas share as
 * `schema.table` (or `"schema"."table"` when a table's own name holds the dot): each part is quoted
 * on its own, so the engine reads a schema and a table, not one name with a dot in it.
 */
export function tableReference(name: string, dialect: SqlDialect = 'sqlite'): string {
  if (dialect !== 'postgres') return quoteIdentifier(name, dialect);
  if (/^"(?:[^"]|"")+"\."(?:[^"]|"")+"$/.test(name)) return name;
  const qualified = /^([^."]+)\.([^."]+)$/.exec(name);
  return qualified
    ? `${quoteIdentifier(qualified[1]!, dialect)}.${quoteIdentifier(qualified[2]!, dialect)}`
    : quoteIdentifier(name, dialect);
}

/** A node's join predicate in aliases, quoted for `dialect`: `lineitem.L_SUPPKEY = supplier.S_SUPPKEY`; null at the root. */
export function joinCondition(node: JoinTreeNode, dialect: SqlDialect = 'sqlite'): string | null {
  if (!node.join || node.parent === null) return null;
  const q = (name: string) => quoteIdentifier(name, dialect);
  const { parent, alias } = node;
  return node.join.columns.map((c) => `${q(parent)}.${q(c.parent)} = ${q(alias)}.${q(c.child)}`).join(' AND ');
}

export interface FromClauseOptions {
  /**
   * How a table is named in FROM; by default as the tree's dialect reads a profiled name
   * (`tableReference`). A preview that reads Parquet names it `read_parquet('…')`.
   */
  tableReference?: (table: string) => string;
}

/** `FROM root AS alias JOIN child AS alias ON …`, one join per line, in the tree's order and dialect. */
export function renderFromClause(tree: JoinTree, options: FromClauseOptions = {}): string {
  const [root, ...rest] = tree.nodes;
  if (!root) return '';
  const q = (name: string) => quoteIdentifier(name, tree.dialect);
  const t = options.tableReference ?? ((name: string) => tableReference(name, tree.dialect));
  const lines = [`FROM ${t(root.table)} AS ${q(root.alias)}`];
  for (const node of rest) lines.push(`JOIN ${t(node.table)} AS ${q(node.alias)} ON ${joinCondition(node, tree.dialect) ?? 'TRUE'}`);
  return lines.join('\n');
}
