/**
 * The keys a dbt project declares: `unique` + `not_null` tests on one column → primary key;
 * `relationships` tests and `foreign_key` constraints → foreign keys; `primary_key` constraints
 * (model- or column-level) → primary key, ahead of tests. A test with a `where` filter proves
 * nothing about the whole table and is left out.
 */
import { isRecord } from './is-record.js';
import type { ForeignKey } from './types.js';

type Json = Record<string, unknown>;

export interface DbtColumn {
  name: string;
  type: string;
  description: string;
}

/** One relation (a model, a seed, a snapshot, a source, or a seed and the source over it). */
export interface DbtTable {
  /** The profile's name for it (bare, or `schema.name` where two schemas share the name). */
  tableName: string;
  schema: string;
  /** The relation's name in the warehouse. */
  name: string;
  description: string;
  kind?: 'view' | 'materialized view';
  /** The manifest's `columns` of each node read as this relation. */
  documented: Json[];
  /** The catalog's `columns`, when it has the relation. */
  physical?: Json;
  /** Lower-cased name → column, once resolved. */
  columns: Map<string, DbtColumn>;
  aliases: Set<string>;
}

export interface DbtKeys {
  primaryKeys: Map<DbtTable, string[]>;
  foreignKeys: Map<DbtTable, ForeignKey[]>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Json => (isRecord(value) ? value : {});
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** `ref('name')`, `ref('package', 'name')`, `source('source', 'table')`, with or without `{{ }}`. */
const REF = /^\s*(?:\{\{\s*)?(ref|source)\s*\(\s*(['"])([^'"]+)\2\s*(?:,\s*(['"])([^'"]+)\4)?/;
/** A constraint expression's `schema.table (col, …)` / `table(col)`. */
const EXPRESSION = /^\s*([\w."`]+)\s*\(([^)]*)\)\s*$/;

export function dbtKeys(manifest: Json, tables: ReadonlyMap<string, DbtTable>, notes: string[]): DbtKeys {
  const byRef = new Map<string, DbtTable>();
  const byRelation = new Map<string, DbtTable>();
  for (const [id, table] of tables) {
    const node = record(record(manifest.nodes)[id] ?? record(manifest.sources)[id]);
    if (text(node.resource_type) === 'source') byRef.set(`source:${text(node.source_name)}.${text(node.name)}`.toLowerCase(), table);
    else byRef.set(`ref:${text(node.name)}`.toLowerCase(), table);
    byRelation.set(table.name.toLowerCase(), table);
    byRelation.set(`${table.schema}.${table.name}`.toLowerCase(), table);
  }
  const target = (to: string, expression: string, fallback: string[]): DbtTable | undefined => {
    const ref = REF.exec(to);
    if (ref) {
      const [, kind, , first, , second] = ref;
      const key = kind === 'source' ? `source:${first}.${second}` : `ref:${second ?? first}`;
      const found = byRef.get(key.toLowerCase());
      if (found) return found;
    }
    const named = EXPRESSION.exec(expression)?.[1]?.replace(/["`]/g, '').toLowerCase();
    if (named) {
      const parts = named.split('.');
      return byRelation.get(parts.slice(-2).join('.')) ?? byRelation.get(parts.at(-1)!);
    }
    return fallback.map((id) => tables.get(id)).find((t) => t !== undefined);
  };
  const column = (table: DbtTable, name: string): string | undefined => table.columns.get(name.replace(/["`]/g, '').toLowerCase())?.name;

  const unique = new Map<DbtTable, Set<string>>();
  const notNull = new Map<DbtTable, Set<string>>();
  const declaredPk = new Map<DbtTable, string[]>();
  const foreignKeys = new Map<DbtTable, ForeignKey[]>();
  let unresolved = 0;
  const addFk = (from: DbtTable, columns: string[], to: DbtTable | undefined, toColumns: string[]) => {
    const fromCols = columns.map((c) => column(from, c));
    const toCols = to ? toColumns.map((c) => column(to, c)) : [];
    if (!to || fromCols.length === 0 || fromCols.length !== toCols.length || [...fromCols, ...toCols].some((c) => c === undefined)) {
      unresolved += 1;
      return;
    }
    const list = foreignKeys.get(from) ?? [];
    const fk = { columns: fromCols as string[], referencedTable: to.tableName, referencedColumns: toCols as string[] };
    if (!list.some((k) => JSON.stringify(k) === JSON.stringify(fk))) list.push(fk);
    foreignKeys.set(from, list);
  };

  for (const value of Object.values(record(manifest.nodes))) {
    const node = record(value);
    const config = record(node.config);
    if (text(node.resource_type) !== 'test' || config.enabled === false || text(config.where)) continue;
    const meta = record(node.test_metadata);
    const kwargs = record(meta.kwargs);
    const dependsOn = strings(record(node.depends_on).nodes);
    const attached = text(node.attached_node) || dependsOn.at(-1) || '';
    const table = tables.get(attached);
    const name = text(kwargs.column_name) || text(node.column_name);
    if (!table || !name) continue;
    const test = text(meta.name);
    const col = column(table, name);
    if ((test === 'unique' || test === 'not_null') && col) {
      const map = test === 'unique' ? unique : notNull;
      map.set(table, (map.get(table) ?? new Set()).add(col));
    } else if (test === 'relationships') {
      const others = dependsOn.filter((id) => id !== attached);
      addFk(table, [name], target(text(kwargs.to), '', others), [text(kwargs.field)]);
    }
  }

  for (const [id, table] of tables) {
    const node = record(record(manifest.nodes)[id]);
    const constraints: Json[] = [
      ...(Array.isArray(node.constraints) ? node.constraints.map(record) : []),
      ...Object.values(record(node.columns)).flatMap((c) =>
        (Array.isArray(record(c).constraints) ? (record(c).constraints as unknown[]) : []).map((k) => ({
          ...record(k),
          columns: [text(record(c).name)],
        })),
      ),
    ];
    for (const k of constraints) {
      const columns = strings(k.columns);
      if (text(k.type) === 'primary_key') {
        const cols = columns.map((c) => column(table, c)).filter((c): c is string => c !== undefined);
        if (cols.length === columns.length && cols.length > 0) declaredPk.set(table, cols);
      } else if (text(k.type) === 'foreign_key') {
        const expression = text(k.expression);
        const toColumns = strings(k.to_columns).length > 0 ? strings(k.to_columns) : (EXPRESSION.exec(expression)?.[2] ?? '').split(',');
        addFk(
          table,
          columns,
          target(text(k.to), expression, []),
          toColumns.map((c) => c.trim()).filter((c) => c !== ''),
        );
      }
    }
  }
  if (unresolved > 0)
    notes.push(`left out ${unresolved} relationships tests or foreign_key constraints naming a table or column not found`);

  const primaryKeys = new Map(declaredPk);
  for (const [table, cols] of unique) {
    if (primaryKeys.has(table)) continue;
    // the table's column order decides between two unique, not-null columns
    const key = [...table.columns.values()].find((c) => cols.has(c.name) && notNull.get(table)?.has(c.name));
    if (key) primaryKeys.set(table, [key.name]);
  }
  return { primaryKeys, foreignKeys };
}
