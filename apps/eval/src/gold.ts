/**
 * The tables a gold SQL query reads, found through a real SQL parser.
 *
 * The gold query of each benchmark question is parsed with node-sql-parser:
 * SQLite grammar first, then MySQL (node-sql-parser's SQLite grammar has no
 * INTERSECT / EXCEPT, which Spider uses a lot), then PostgreSQL; if none
 * accepts the text, once more after a few table-neutral rewrites
 * (see `normalizeForParser`). The AST is walked here rather than trusting
 * `parser.tableList`, which reports CTE names as tables. Every FROM / JOIN item anywhere in the tree
 * counts — subqueries in FROM, WHERE, HAVING and select lists, IN (...),
 * EXISTS (...), set-operation chains (`_next`) and CTE bodies — while aliases
 * and the names of CTEs in scope never do. Meant for SELECT statements (all
 * gold SQL is); an UPDATE / INSERT target is not collected.
 */
import { isRecord } from '@guided-retrieval/profiler/internal';
import pkg from 'node-sql-parser';

const { Parser } = pkg;

export type GoldTables = { ok: true; tables: string[] } | { ok: false; error: string };

/**
 * Dialects tried in order; the first one that parses wins. PostgreSQL is the
 * last resort: of the three it alone accepts both `OVER (ORDER BY ...)` (the
 * SQLite grammar wants PARTITION BY) and `rank` as an alias (MySQL reserves it).
 */
const DIALECTS = ['sqlite', 'mysql', 'postgresql'] as const;

/** One parser, reused by every call (~2,600 per full run). */
const parser = new Parser();

/** Longest error message kept, so a report line stays one readable line. */
const MAX_ERROR_LENGTH = 300;

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

type Parsed = { ok: true; ast: unknown } | { ok: false; error: string };

/** The AST of `sql` under the first dialect that reads it (as `goldTables` parses), or why none does. */
export function parse(sql: string, schemaKeys: ReadonlySet<string>): Parsed {
  if (sql.trim() === '') return { ok: false, error: 'empty SQL' };
  const attempts = [sql];
  const normalized = normalizeForParser(sql, schemaKeys);
  if (normalized !== sql) attempts.push(normalized);
  let lastError = 'no parse attempted';
  for (const text of attempts) {
    for (const database of DIALECTS) {
      try {
        return { ok: true, ast: parser.astify(text, { database }) };
      } catch (error) {
        lastError = `parse error (${database}): ${oneLine(error)}`;
      }
    }
  }
  return { ok: false, error: lastError };
}

/** Aggregates whose DISTINCT argument node-sql-parser 5.4 rejects (COUNT and GROUP_CONCAT parse). */
const AGGREGATE_DISTINCT = /\b(SUM|AVG|MIN|MAX|TOTAL)(\s*\(\s*)DISTINCT\b\s*/gi;
/** A bare word right after FROM / JOIN: a table name, possibly one the grammar reserves (e.g. SHOW). */
const TABLE_AFTER_KEYWORD = /\b(FROM|JOIN)(\s+)([A-Za-z_][A-Za-z0-9_]*)\b/gi;

/**
 * The fallback text tried when the query as written parses under no dialect.
 * Each rewrite leaves the set of tables read unchanged:
 * - `[name]` identifiers (which neither grammar accepts) become `` `name` ``;
 * - `SUM(DISTINCT x)` and friends lose the DISTINCT, which the grammar only
 *   accepts for COUNT / GROUP_CONCAT;
 * - a bare schema table name after FROM / JOIN is backtick-quoted, so tables
 *   named like reserved words (Spider's `show`) parse.
 * String literals and quoted identifiers are left untouched.
 */
function normalizeForParser(sql: string, schemaKeys: ReadonlySet<string>): string {
  const rewriteBare = (text: string): string =>
    text
      .replace(AGGREGATE_DISTINCT, '$1$2')
      .replace(TABLE_AFTER_KEYWORD, (whole, keyword: string, space: string, word: string) =>
        schemaKeys.has(word.toLowerCase()) ? `${keyword}${space}\`${word}\`` : whole,
      );

  let result = '';
  let bare = '';
  let quoted = '';
  let close: string | null = null;
  for (const char of sql) {
    if (close !== null) {
      if (char === close) {
        result += close === ']' ? `${quoted}\`` : quoted + char;
        quoted = '';
        close = null;
      } else {
        quoted += char;
      }
    } else if (char === "'" || char === '"' || char === '`' || char === '[') {
      result += rewriteBare(bare);
      bare = '';
      quoted = char === '[' ? '`' : char;
      close = char === '[' ? ']' : char;
    } else {
      bare += char;
    }
  }
  // An unterminated quote is kept as written; the parser will report it.
  return result + rewriteBare(bare) + quoted;
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

/** Identifiers come as plain strings or as `{ value: string }` nodes depending on the dialect. */
export function identifierText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.value === 'string') return value.value;
  return null;
}

/** The parser already strips quotes; this guards against any that survive. */
export function unquote(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length >= 2) {
    const first = trimmed[0];
    const last = trimmed[trimmed.length - 1];
    if ((first === '`' && last === '`') || (first === '"' && last === '"') || (first === '[' && last === ']')) {
      return trimmed.slice(1, -1);
    }
  }
  return trimmed;
}

export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_ERROR_LENGTH ? `${flat.slice(0, MAX_ERROR_LENGTH - 1)}…` : flat;
}
