/**
 * The columns a gold SQL query reads — in SELECT, WHERE, GROUP BY, HAVING, ORDER BY and the JOIN
 * predicates, in subqueries and set operations alike — each resolved to its schema table through
 * the aliases in scope (`T1.Zip` → `schools.Zip`) or, unqualified, to the innermost table in scope
 * that has a column of that name. A name no table in scope has (a select alias: `ORDER BY cnt`)
 * is no column; `*` is none. Read by the scorer only, never at retrieval time.
 */
import { isRecord } from '@guided-retrieval/profiler/files';
import { identifierText, oneLine, parse, unquote } from './gold.js';

/** A column as the scorer keys it: `table.column`, both as the schema spells them. */
export type ColumnKey = string;

export type GoldColumns = { ok: true; columns: ColumnKey[] } | { ok: false; error: string };

export interface SchemaColumns {
  name: string;
  columns: readonly string[];
}

export function columnKey(table: string, column: string): ColumnKey {
  return `${table}.${column}`;
}

/** One scope: alias or name (lower case) → the schema table it names, or null for a subquery or CTE. */
type Scope = Map<string, SchemaTable | null>;

interface SchemaTable {
  name: string;
  /** Lower-cased column name → as the schema spells it. */
  columns: Map<string, string>;
}

/** The schema columns `sql` reads, sorted, or `{ ok: false }` when it does not parse. Never throws. */
export function goldColumns(sql: string, schema: readonly SchemaColumns[]): GoldColumns {
  try {
    const tables = new Map<string, SchemaTable>();
    for (const t of schema) {
      const key = t.name.toLowerCase();
      if (!tables.has(key)) tables.set(key, { name: t.name, columns: new Map(t.columns.map((c) => [c.toLowerCase(), c])) });
    }
    const parsed = parse(sql, new Set(tables.keys()));
    if (!parsed.ok) return parsed;
    const out = new Set<ColumnKey>();
    walk(parsed.ast, [], tables, out);
    return { ok: true, columns: [...out].sort() };
  } catch (error) {
    return { ok: false, error: oneLine(error) };
  }
}

function walk(node: unknown, scopes: readonly Scope[], tables: ReadonlyMap<string, SchemaTable>, out: Set<ColumnKey>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, scopes, tables, out);
    return;
  }
  if (!isRecord(node)) return;
  if (node.type === 'column_ref') {
    const found = resolve(node, scopes);
    if (found) out.add(found);
    return;
  }
  let inner = scopes;
  const from = node.from;
  if (from !== null && from !== undefined) {
    const scope: Scope = new Map();
    for (const item of Array.isArray(from) ? from : [from]) {
      if (!isRecord(item)) continue;
      const name = identifierText(item.table);
      const table = name === null ? null : (tables.get(unquote(name).toLowerCase()) ?? null);
      const alias = identifierText(item.as);
      if (alias !== null) scope.set(unquote(alias).toLowerCase(), table);
      if (name !== null) scope.set(unquote(name).toLowerCase(), table);
    }
    inner = [scope, ...scopes];
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'tableList' || key === 'columnList' || key === 'loc') continue;
    if (value !== null && typeof value === 'object') walk(value, inner, tables, out);
  }
}

/** The schema column a column reference names, or null (a select alias, `*`, a subquery's column). */
function resolve(ref: Record<string, unknown>, scopes: readonly Scope[]): ColumnKey | null {
  const raw = identifierText(ref.column) ?? (isRecord(ref.column) ? identifierText(ref.column.expr) : null);
  if (raw === null) return null;
  const column = unquote(raw).toLowerCase();
  if (column === '*' || column === '') return null;
  const qualifier = identifierText(ref.table);
  const candidates: (SchemaTable | null)[] = [];
  if (qualifier !== null && qualifier !== '') {
    const q = unquote(qualifier).toLowerCase();
    const scope = scopes.find((s) => s.has(q));
    if (scope) candidates.push(scope.get(q) ?? null);
  } else {
    for (const scope of scopes) {
      const having = [...scope.values()].filter((t) => t?.columns.has(column));
      if (having.length > 0) {
        candidates.push(having[0]!);
        break;
      }
    }
  }
  const table = candidates[0];
  const spelled = table?.columns.get(column);
  return table && spelled !== undefined ? columnKey(table.name, spelled) : null;
}
