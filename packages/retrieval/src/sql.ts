import { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
import type { JoinTree, JoinTreeNode, SqlDialect } from './types.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** PostgreSQL folds unquoted names to lower case: any other spelling must be quoted to stay itself. */
const PLAIN_LOWER = /^[a-z_][a-z0-9_]*$/;
/** Snowflake folds unquoted names to upper case. */
const PLAIN_UPPER = /^[A-Z_][A-Z0-9_]*$/;
/**
 * Engines that quote with backticks. Their keyword lists are not kept here: a name is left bare
 * only when neither SQLite's nor PostgreSQL's list has it, so at worst a name is quoted that
 * needed not be (harmless), never the other way round.
 */
const BACKTICK: ReadonlySet<SqlDialect> = new Set(['mysql', 'bigquery', 'databricks']);

/** Whether `name` can stand bare in `dialect`: a plain word the engine does not keep for itself. */
export function isBareName(name: string, dialect: SqlDialect = 'sqlite'): boolean {
  if (dialect === 'sqlite') return PLAIN.test(name) && !SQLITE_KEYWORDS.has(name.toLowerCase());
  if (BACKTICK.has(dialect))
    return PLAIN.test(name) && !SQLITE_KEYWORDS.has(name.toLowerCase()) && !POSTGRES_KEYWORDS.has(name.toLowerCase());
  if (dialect === 'snowflake') return PLAIN_UPPER.test(name) && !POSTGRES_KEYWORDS.has(name.toLowerCase());
  return PLAIN_LOWER.test(name) && !POSTGRES_KEYWORDS.has(name);
}

/** `name` as `dialect` reads it: bare when it can be, else quoted (double quotes, or backticks for MySQL, BigQuery, Databricks). */
export function quoteIdentifier(name: string, dialect: SqlDialect = 'sqlite'): string {
  if (isBareName(name, dialect)) return name;
  return BACKTICK.has(dialect) ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/**
 * A table as `dialect` names it in FROM. `schema` is where the table lives when the graph says
 * (`GraphTable.schema`): `schema.table`, each part quoted on its own. Without it, a PostgreSQL
 * profile's `schema.table` name (a table two schemas share; `"schema"."table"` when a table's own
 * name holds the dot) is read as a schema and a table, not as one name with a dot in it.
 */
export function tableReference(name: string, dialect: SqlDialect = 'sqlite', schema?: string): string {
  if (schema !== undefined && schema !== '') {
    const own = name.startsWith(`${schema}.`) ? name.slice(schema.length + 1) : name;
    return `${quoteIdentifier(schema, dialect)}.${quoteIdentifier(own, dialect)}`;
  }
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
  /** The schema a table lives in, when not the default one (`GraphTable.schema`). */
  schemaOf?: (table: string) => string | undefined;
  /** Leave out `AS alias` where the table's reference is its alias already (a prompt's shorter form). */
  bareNames?: boolean;
}

/** `FROM root AS alias JOIN child AS alias ON …`, one join per line, in the tree's order and dialect. */
export function renderFromClause(tree: JoinTree, options: FromClauseOptions = {}): string {
  const [root, ...rest] = tree.nodes;
  if (!root) return '';
  const q = (name: string) => quoteIdentifier(name, tree.dialect);
  const t = options.tableReference ?? ((name: string) => tableReference(name, tree.dialect, options.schemaOf?.(name)));
  const named = (node: JoinTreeNode) => {
    const reference = t(node.table);
    return options.bareNames && reference === q(node.alias) ? reference : `${reference} AS ${q(node.alias)}`;
  };
  const lines = [`FROM ${named(root)}`];
  for (const node of rest) lines.push(`JOIN ${named(node)} ON ${joinCondition(node, tree.dialect) ?? 'TRUE'}`);
  return lines.join('\n');
}
