/**
 * The tables a gold SQL query reads, found through a real SQL parser.
 *
 * The gold query of each benchmark question is parsed as `sql.ts` reads it. The AST is walked here rather than trusting
 * `parser.tableList`, which reports CTE names as tables. Every FROM / JOIN item anywhere in the tree
 * counts — subqueries in FROM, WHERE, HAVING and select lists, IN (...),
 * EXISTS (...), set-operation chains (`_next`) and CTE bodies — while aliases
 * and the names of CTEs in scope never do. Meant for SELECT statements (all
 * gold SQL is); an UPDATE / INSERT target is not collected.
 */
import { isRecord } from '@guided-retrieval/profiler/files';
import { identifierText, oneLine, parse, unquote } from './sql.js';

export type GoldTables = { ok: true; tables: string[] } | { ok: false; error: string };

/**
 * The schema tables (schema spelling, sorted, deduplicated) read by `sql`, or
 * `{ ok: false }` when it does not parse or names a table missing from
 * `schemaTables`. Never throws.
 */
export function goldTables(sql: string, schemaTables: readonly string[]): GoldTables {
  try {
    const bySchemaKey = new Map<string, string>();
    for (const table of schemaTables) {
      const key = table.toLowerCase();
      if (!bySchemaKey.has(key)) bySchemaKey.set(key, table);
    }

    const parsed = parse(sql, new Set(bySchemaKey.keys()));
    if (!parsed.ok) return parsed;

    const referenced = new Set<string>();
    collectTables(parsed.ast, new Set<string>(), referenced);

    const tables = new Set<string>();
    for (const name of referenced) {
      const match = bySchemaKey.get(name.toLowerCase());
      if (match === undefined) return { ok: false, error: `unknown table ${name}` };
      tables.add(match);
    }
    return { ok: true, tables: [...tables].sort() };
  } catch (error) {
    return { ok: false, error: oneLine(error) };
  }
}

/**
 * The gold tables a benchmark lists for a question (Spider 2.0-lite's `gold_tables`), each looked
 * up in `schemaTables` case-insensitively and spelled as the schema spells it; `{ ok: false }`
 * naming the first one the schema lacks.
 */
export function listedGoldTables(listed: readonly string[], schemaTables: readonly string[]): GoldTables {
  const bySchemaKey = new Map<string, string>();
  for (const table of schemaTables) if (!bySchemaKey.has(table.toLowerCase())) bySchemaKey.set(table.toLowerCase(), table);
  const tables = new Set<string>();
  for (const name of listed) {
    const match = bySchemaKey.get(name.toLowerCase());
    if (match === undefined) return { ok: false, error: `gold table ${name} is not in the schema` };
    tables.add(match);
  }
  return tables.size === 0 ? { ok: false, error: 'no gold table listed' } : { ok: true, tables: [...tables].sort() };
}

/**
 * Walks any node-sql-parser AST node. `ctes` holds the lower-cased names of
 * the CTEs visible at this point; each referenced table name (as written,
 * unquoted) is added to `out`.
 */
function collectTables(node: unknown, ctes: ReadonlySet<string>, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectTables(item, ctes, out);
    return;
  }
  if (!isRecord(node)) return;

  let scope = ctes;
  if (Array.isArray(node.with)) {
    // WITH applies to the whole statement, its set-operation chain (`_next`
    // hangs off this node) and, for WITH RECURSIVE, the CTE bodies themselves.
    const names = new Set(ctes);
    for (const cte of node.with) {
      const name = cteName(cte);
      if (name !== null) names.add(name.toLowerCase());
    }
    scope = names;
  }

  // Any node with a FROM clause (SELECT, and DELETE in some grammars). Keyword
  // FROMs inside expressions (TRIM, EXTRACT) parse to other shapes; were one
  // ever to land here, its names would surface as 'unknown table', not vanish.
  const from = node.from;
  if (from !== null && from !== undefined) {
    for (const item of Array.isArray(from) ? from : [from]) {
      const table = fromItemTable(item);
      if (table !== null && !scope.has(table.toLowerCase())) out.add(table);
    }
  }

  for (const [key, value] of Object.entries(node)) {
    // Derived metadata (tableList/columnList: strings, CTE names included) and
    // locations carry no FROM items; skipping them is just cheaper.
    if (key === 'tableList' || key === 'columnList' || key === 'loc') continue;
    if (value !== null && typeof value === 'object') collectTables(value, scope, out);
  }
}

/** The table a FROM/JOIN item names directly, or null for subqueries, functions, DUAL. */
function fromItemTable(item: unknown): string | null {
  if (!isRecord(item)) return null;
  const table = identifierText(item.table);
  if (table === null || table === '') return null;
  return unquote(table);
}

function cteName(cte: unknown): string | null {
  if (!isRecord(cte)) return null;
  const name = identifierText(cte.name);
  return name === null ? null : unquote(name);
}
