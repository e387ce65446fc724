/**
 * Reading SQL text with node-sql-parser: under the grammar of the graph's engine first, then the
 * fallbacks that engine's SQL is most often also written in (`dialectsFor`); if none accepts the
 * text, once more after a few table-neutral rewrites (`normalizeForParser`). A team's statements
 * (`read-statement.ts`), the benchmarks' gold tables and the evaluation's gold columns all walk
 * the AST it gives.
 */
import { createRequire } from 'node:module';
import type { GraphEngine } from '@guided-retrieval/context-graph';
import { isRecord } from '@guided-retrieval/profiler/files';
import type { Parser } from 'node-sql-parser';

/** A grammar of node-sql-parser (its `database` option). */
export type ParserDialect = 'sqlite' | 'mysql' | 'mariadb' | 'postgresql' | 'snowflake' | 'bigquery' | 'redshift' | 'hive' | 'trino';

/**
 * The grammars tried for each engine, in order; the first that parses wins. For SQLite (and for a
 * schema described by hand, read as SQLite): MySQL next, since node-sql-parser's SQLite grammar
 * has no INTERSECT / EXCEPT, which Spider uses a lot; PostgreSQL last, the one of the three that
 * accepts both `OVER (ORDER BY ...)` (the SQLite grammar wants PARTITION BY) and `rank` as an
 * alias (MySQL reserves it). DuckDB writes PostgreSQL's SQL; Databricks' Spark SQL is Hive's.
 */
const DIALECTS: Record<GraphEngine, readonly ParserDialect[]> = {
  sqlite: ['sqlite', 'mysql', 'postgresql'],
  postgres: ['postgresql', 'mysql', 'sqlite'],
  duckdb: ['postgresql', 'sqlite', 'mysql'],
  mysql: ['mysql', 'mariadb', 'postgresql'],
  snowflake: ['snowflake', 'postgresql'],
  bigquery: ['bigquery', 'mysql'],
  redshift: ['redshift', 'postgresql'],
  databricks: ['hive', 'mysql'],
};

/** The grammars SQL written for `engine` is read with, first choice first (SQLite's when none is said). */
export function dialectsFor(engine: GraphEngine | undefined): readonly ParserDialect[] {
  return DIALECTS[engine ?? 'sqlite'];
}

/**
 * One parser, reused by every call, loaded on the first: node-sql-parser's grammars are 2 MB of
 * code that `guided retrieve` loading a history (no SQL read) never needs.
 */
let parser: Parser | null = null;
function sqlParser(): Parser {
  if (parser === null) {
    const { Parser: SqlParser } = createRequire(import.meta.url)('node-sql-parser') as typeof import('node-sql-parser');
    parser = new SqlParser();
  }
  return parser;
}

/** Longest error message kept, so a report line stays one readable line. */
const MAX_ERROR_LENGTH = 300;

/** A parse, or why none: with the line of the text (1 for the first) where the engine's own grammar stopped, when it says. */
export type Parsed = { ok: true; ast: unknown } | { ok: false; error: string; line?: number };

/**
 * The AST of `sql` under the first of `dialects` that reads it, or why none does: the error of the
 * first grammar (the engine's own), which says best what is wrong. `schemaKeys` are the schema's
 * table names, lower case, for the rewrites tried when no grammar reads the text as written.
 */
export function parse(sql: string, schemaKeys: ReadonlySet<string>, dialects: readonly ParserDialect[] = DIALECTS.sqlite): Parsed {
  if (sql.trim() === '') return { ok: false, error: 'empty SQL' };
  const attempts = [sql];
  const normalized = normalizeForParser(sql, schemaKeys);
  if (normalized !== sql) attempts.push(normalized);
  let first: { error: string; line?: number } | null = null;
  for (const text of attempts) {
    for (const database of dialects) {
      try {
        return { ok: true, ast: sqlParser().astify(text, { database }) };
      } catch (error) {
        if (first === null) {
          const line = errorLine(error);
          first = { error: `parse error (${database}): ${oneLine(error)}`, ...(line === undefined ? {} : { line }) };
        }
      }
    }
  }
  return { ok: false, ...(first ?? { error: 'no grammar to parse with' }) };
}

/** The line a parser error points at (node-sql-parser's errors carry `location.start.line`). */
function errorLine(error: unknown): number | undefined {
  if (!isRecord(error) || !isRecord(error.location) || !isRecord(error.location.start)) return undefined;
  const line = error.location.start.line;
  return typeof line === 'number' ? line : undefined;
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
