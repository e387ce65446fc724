/**
 * Reading a gold SQL query: node-sql-parser under the SQLite grammar first, then MySQL
 * (node-sql-parser's SQLite grammar has no INTERSECT / EXCEPT, which Spider uses a lot), then
 * PostgreSQL; if none accepts the text, once more after a few table-neutral rewrites
 * (`normalizeForParser`). The gold tables and the gold columns both walk the AST it gives.
 */
import { isRecord } from '@guided-retrieval/profiler/files';
import pkg from 'node-sql-parser';

const { Parser } = pkg;

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

export type Parsed = { ok: true; ast: unknown } | { ok: false; error: string };

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
