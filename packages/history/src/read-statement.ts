/**
 * What one SQL text reads and joins, on a graph: its statements parsed with node-sql-parser
 * (`sql.ts`), then each syntax tree walked with the names in scope.
 *
 * - Tables: every FROM / JOIN item of every query block (subqueries in FROM, WHERE, HAVING and
 *   select lists, set operations, CTE bodies); aliases and CTE names are never tables. A table
 *   read in two roles in one block (`nation n1 … nation n2`) counts twice; a table read again in
 *   another block (a scalar subquery over the same table) does not.
 * - Joins: the equalities between columns of two table instances in ON and among the AND-ed
 *   conditions of WHERE (`a.x = b.y`, a correlated subquery's `b.aid = a.id` too), USING and
 *   `x IN (SELECT y …)`; one join per pair of instances, its column pairs together (a composite
 *   key). A column of a CTE or a subquery is followed to the table column it selects
 *   (`WITH o AS (SELECT * FROM orders)`), as dbt models write their imports.
 * - Names are the graph's (`schema-names.ts`): a table it lacks or cannot tell is named, never
 *   guessed; a qualified column the table lacks is named.
 * - The fingerprint hashes the tree with every literal left out.
 */
import { createHash } from 'node:crypto';
import { isRecord } from '@guided-retrieval/profiler/files';
import { type SchemaNames, schemaNames } from './schema-names.js';
import { dialectsFor, parse } from './sql.js';
import type { HistorySchema, LearnedJoin } from './types.js';
import { isLiteral, Walker } from './walker.js';

/** One statement as the graph reads it. */
export interface StatementReading {
  /** Graph tables read, sorted, a table in two roles of one block twice. */
  tables: string[];
  joins: LearnedJoin[];
  fingerprint: string;
  /** Tables the graph lacks, as written (`x.orders (ambiguous: a.orders, b.orders)` for a name it cannot tell), sorted. */
  unknownTables: string[];
  /** `table.column` where the graph's table lacks the column, sorted. */
  unknownColumns: string[];
  /** The text of every literal (strings, numbers, dates), for hashing the values a paired question repeats. */
  literals: string[];
}

export type SqlReading = { ok: true; statements: StatementReading[] } | { ok: false; error: string; line?: number };

/** Hex digits of SHA-256 kept as an entry's fingerprint (64 bits: no collision among a team's statements). */
const FINGERPRINT_HEX = 16;

/** Reads every statement of `sql` onto `schema`; `{ ok: false }` with the parser's error (and line) when none of the engine's grammars reads it. */
export function readSql(sql: string, schema: HistorySchema): SqlReading {
  const names = schemaNames(schema);
  const parsed = parse(sql, names.tableKeys, dialectsFor(schema.engine));
  if (!parsed.ok) return parsed;
  const asts = Array.isArray(parsed.ast) ? parsed.ast : [parsed.ast];
  return { ok: true, statements: asts.map((ast) => readStatement(ast, names)) };
}

function readStatement(ast: unknown, names: SchemaNames): StatementReading {
  const walker = new Walker(names);
  walker.visit(ast, { scopes: [], ctes: new Map() });
  return {
    tables: walker.tables(),
    joins: walker.joins(),
    fingerprint: fingerprint(ast),
    unknownTables: [...walker.unknownTables].sort(),
    unknownColumns: [...walker.unknownColumns].sort(),
    literals: walker.literals,
  };
}

/** SHA-256 of the tree with literals and locations left out. */
function fingerprint(ast: unknown): string {
  const text = JSON.stringify(ast, (key, value: unknown) => {
    if (key === 'loc' || key === 'tableList' || key === 'columnList') return undefined;
    if (isRecord(value) && isLiteral(value)) return '?';
    return value;
  });
  return createHash('sha256')
    .update(text ?? '')
    .digest('hex')
    .slice(0, FINGERPRINT_HEX);
}
