/**
 * The walk of one statement's syntax tree with the names in scope (`read-statement.ts` says what
 * it reads): query blocks, their FROM items as table instances, CTEs and subqueries as relations
 * whose columns are followed to table columns, and the equalities between two instances' columns.
 */
import { isRecord } from '@guided-retrieval/profiler/files';
import { canonicalJoin, compareText, joinKey } from './join-key.js';
import type { SchemaNames } from './schema-names.js';
import { identifierText, unquote } from './sql.js';
import type { LearnedJoin } from './types.js';

/** One FROM item read: a graph table (null when the graph lacks it). */
interface Instance {
  readonly id: number;
  readonly table: string | null;
}

interface ColumnSource {
  instance: Instance;
  /** As the graph spells it. */
  column: string;
}

/** A CTE or a subquery: its columns, followed to the table columns they select. */
interface Relation {
  column(name: string): ColumnSource | null;
  /** The table column of its one output column, when it has one and that is a column (`IN (SELECT id FROM t)`). */
  single(): ColumnSource | null;
}

type Source = { instance: Instance } | { relation: Relation };
/** Alias or name (lower case) → what it stands for, in one query block. */
type Scope = Map<string, Source>;

interface Env {
  /** Innermost first. */
  scopes: readonly Scope[];
  /** CTE names (lower case) in scope. */
  ctes: ReadonlyMap<string, Relation>;
}

const NO_COLUMNS: Relation = { column: () => null, single: () => null };

/** Derived metadata and locations: no table or column of their own to read. */
const SKIPPED = new Set(['tableList', 'columnList', 'loc']);
/** Keys a query block reads itself, in its own order and scope. */
const BLOCK_KEYS = new Set(['with', 'from', '_next', 'table']);

const LITERAL_TYPES = new Set(['number', 'bool', 'date', 'time', 'timestamp', 'datetime', 'interval_literal']);

export function isLiteral(node: Record<string, unknown>): boolean {
  const type = node.type;
  if (typeof type !== 'string' || !('value' in node)) return false;
  return LITERAL_TYPES.has(type) || (type.endsWith('_string') && type !== 'backticks_quote_string');
}

function isQuery(node: Record<string, unknown>): boolean {
  return (
    node.type === 'select' || node.type === 'update' || (node.from !== null && node.from !== undefined && typeof node.from === 'object')
  );
}

function lower(name: string): string {
  return unquote(name).toLowerCase();
}

function columnName(ref: Record<string, unknown>): string | null {
  const raw = identifierText(ref.column) ?? (isRecord(ref.column) ? identifierText(ref.column.expr) : null);
  return raw === null ? null : unquote(raw);
}

export class Walker {
  private nextId = 0;
  /** The table instances of each query block. */
  private readonly blocks: Instance[][] = [];
  private readonly equalities: [ColumnSource, ColumnSource][] = [];
  /** Relations whose columns are being followed (a recursive CTE reads itself). */
  private readonly following = new Set<Relation>();
  /** Query blocks already read (a subquery a condition looked into is not read again). */
  private readonly walked = new Map<Record<string, unknown>, Relation>();
  readonly unknownTables = new Set<string>();
  readonly unknownColumns = new Set<string>();
  readonly literals: string[] = [];

  constructor(private readonly names: SchemaNames) {}

  visit(node: unknown, env: Env): void {
    if (Array.isArray(node)) {
      for (const item of node) this.visit(item, env);
      return;
    }
    if (!isRecord(node)) return;
    if (node.type === 'column_ref') {
      this.checkColumn(node, env);
      return;
    }
    if (isLiteral(node)) {
      this.literals.push(String(node.value));
      return;
    }
    if (isQuery(node)) {
      this.query(node, env);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!SKIPPED.has(key) && value !== null && typeof value === 'object') this.visit(value, env);
    }
  }

  /** A query block: its CTEs, its FROM items in a new scope, its conditions, the rest, then the next arm of a set operation. */
  private query(node: Record<string, unknown>, env: Env): Relation {
    const known = this.walked.get(node);
    if (known !== undefined) return known;
    const outer = Array.isArray(node.with) ? this.withCtes(node.with, env) : env;
    const scope: Scope = new Map();
    const inner: Env = { scopes: [scope, ...outer.scopes], ctes: outer.ctes };
    const items = [...(node.type === 'update' ? asList(node.table) : []), ...asList(node.from)];
    const instances: Instance[] = [];
    const sources = items.map((item) => this.fromItem(item, scope, outer, instances));
    items.forEach((item, i) => {
      if (!isRecord(item)) return;
      if (item.on !== null && item.on !== undefined) {
        this.joinConditions(item.on, inner);
        this.visit(item.on, inner);
      }
      if (Array.isArray(item.using)) this.using(item.using, sources, i);
    });
    if (node.where !== null && node.where !== undefined) this.joinConditions(node.where, inner);
    for (const [key, value] of Object.entries(node)) {
      if (!BLOCK_KEYS.has(key) && !SKIPPED.has(key) && value !== null && typeof value === 'object') this.visit(value, inner);
    }
    if (instances.length > 0) this.blocks.push(instances);
    const relation = this.output(node, inner);
    this.walked.set(node, relation);
    // A set operation's next arm sees the statement's CTEs, not this arm's tables.
    if (isRecord(node._next)) this.visit(node._next, outer);
    return relation;
  }

  private withCtes(list: readonly unknown[], env: Env): Env {
    const ctes = new Map(env.ctes);
    const withEnv: Env = { scopes: env.scopes, ctes };
    for (const cte of list) {
      if (!isRecord(cte)) continue;
      const name = identifierText(cte.name);
      if (name === null) continue;
      // Registered before its body is read: WITH RECURSIVE reads itself.
      let body: Relation = NO_COLUMNS;
      ctes.set(lower(name), { column: (column) => body.column(column), single: () => body.single() });
      const stmt = isRecord(cte.stmt) && isRecord(cte.stmt.ast) ? cte.stmt.ast : cte.stmt;
      body = this.relationOf(stmt, withEnv);
    }
    return withEnv;
  }

  private relationOf(node: unknown, env: Env): Relation {
    if (isRecord(node) && isQuery(node)) return this.query(node, env);
    this.visit(node, env);
    return NO_COLUMNS;
  }

  /** Puts one FROM item in `scope`: a table instance, a CTE, a subquery (read in the outer scope) or a table function. */
  private fromItem(item: unknown, scope: Scope, outer: Env, instances: Instance[]): Source | null {
    if (!isRecord(item)) return null;
    const aliasText = identifierText(item.as);
    const alias = aliasText === null || aliasText === '' ? null : lower(aliasText);
    if (isRecord(item.expr)) {
      const source: Source = { relation: isRecord(item.expr.ast) ? this.relationOf(item.expr.ast, outer) : NO_COLUMNS };
      if (!isRecord(item.expr.ast)) this.visit(item.expr, outer);
      if (alias !== null) scope.set(alias, source);
      return source;
    }
    const name = identifierText(item.table);
    if (name === null || name === '') return null;
    const prefix = [identifierText(item.db), identifierText(item.schema)].filter((s): s is string => s !== null && s !== '');
    const cte = prefix.length === 0 ? outer.ctes.get(lower(name)) : undefined;
    if (cte !== undefined) {
      const source: Source = { relation: cte };
      scope.set(alias ?? lower(name), source);
      return source;
    }
    const segments = [...prefix.flatMap((p) => unquote(p).split('.')), unquote(name)];
    const match = this.names.table(segments);
    const instance: Instance = { id: this.nextId++, table: match.ok ? match.table : null };
    if (!match.ok)
      this.unknownTables.add(
        match.ambiguous.length > 0 ? `${segments.join('.')} (ambiguous: ${match.ambiguous.join(', ')})` : segments.join('.'),
      );
    instances.push(instance);
    const source: Source = { instance };
    scope.set(alias ?? lower(name), source);
    return source;
  }

  /** `JOIN t USING (a, b)`: each column equated with the one earlier item of the block that has it. */
  private using(columns: readonly unknown[], sources: readonly (Source | null)[], at: number): void {
    const own = sources[at];
    if (!own) return;
    for (const raw of columns) {
      const name = identifierText(raw);
      if (name === null) continue;
      const right = this.sourceColumn(own, unquote(name));
      const lefts = sources.slice(0, at).flatMap((s) => {
        const c = s ? this.sourceColumn(s, unquote(name)) : null;
        return c ? [c] : [];
      });
      if (right && lefts.length === 1 && lefts[0]!.instance !== right.instance) this.equalities.push([lefts[0]!, right]);
    }
  }

  /** The equalities between two instances' columns among the AND-ed conditions of `expr`. */
  private joinConditions(expr: unknown, env: Env): void {
    if (!isRecord(expr) || expr.type !== 'binary_expr') return;
    const operator = String(expr.operator).toUpperCase();
    if (operator === 'AND') {
      this.joinConditions(expr.left, env);
      this.joinConditions(expr.right, env);
      return;
    }
    if (!isRecord(expr.left) || expr.left.type !== 'column_ref' || !isRecord(expr.right)) return;
    let right: ColumnSource | null = null;
    if ((operator === '=' || operator === '==') && expr.right.type === 'column_ref') right = this.resolve(expr.right, env);
    else if (operator === 'IN') right = this.subquerySingle(expr.right, env);
    else return;
    const left = this.resolve(expr.left, env);
    if (left && right && left.instance !== right.instance) this.equalities.push([left, right]);
  }

  /** `x IN (SELECT t.y …)`: the column the subquery selects, a semi-join's other side. */
  private subquerySingle(list: Record<string, unknown>, env: Env): ColumnSource | null {
    const items = list.type === 'expr_list' ? asList(list.value) : [];
    const only = items.length === 1 ? items[0] : undefined;
    if (!isRecord(only) || !isRecord(only.ast) || !isQuery(only.ast)) return null;
    return this.query(only.ast, env).single();
  }

  /** The table column a column reference reads, through aliases, CTEs and subqueries; null when none (or not one). */
  private resolve(ref: Record<string, unknown>, env: Env): ColumnSource | null {
    const column = columnName(ref);
    if (column === null || column === '*' || column === '') return null;
    const qualifier = identifierText(ref.table);
    if (qualifier !== null && qualifier !== '') {
      const key = lower(qualifier);
      for (const scope of env.scopes) {
        const source = scope.get(key);
        if (source) return this.sourceColumn(source, column);
      }
      return null;
    }
    // Unqualified: the one source of the innermost block that has it (two: ambiguous, none read).
    for (const scope of env.scopes) {
      const found = [...scope.values()].flatMap((s) => {
        const c = this.sourceColumn(s, column);
        return c ? [c] : [];
      });
      if (found.length > 0) return found.length === 1 ? found[0]! : null;
    }
    return null;
  }

  private sourceColumn(source: Source, column: string): ColumnSource | null {
    if ('instance' in source) {
      const table = source.instance.table;
      const spelled = table === null ? null : this.names.column(table, column);
      return typeof spelled === 'string' ? { instance: source.instance, column: spelled } : null;
    }
    if (this.following.has(source.relation)) return null;
    this.following.add(source.relation);
    try {
      return source.relation.column(column);
    } finally {
      this.following.delete(source.relation);
    }
  }

  /** A query block's output columns: each named select item, and `*` / `t.*` passing a source's columns through. */
  private output(node: Record<string, unknown>, inner: Env): Relation {
    const scope = inner.scopes[0]!;
    const named = new Map<string, Record<string, unknown> | null>();
    const stars: Source[] = [];
    const items = node.columns === '*' ? [{ expr: { type: 'column_ref', table: null, column: '*' } }] : asList(node.columns);
    for (const item of items) {
      if (!isRecord(item) || !isRecord(item.expr)) continue;
      const expr = item.expr;
      const isRef = expr.type === 'column_ref';
      if (isRef && columnName(expr) === '*') {
        const qualifier = identifierText(expr.table);
        const source = qualifier ? scope.get(lower(qualifier)) : undefined;
        stars.push(...(qualifier ? (source ? [source] : []) : scope.values()));
        continue;
      }
      const alias = identifierText(item.as);
      const name = alias !== null && alias !== '' ? unquote(alias) : isRef ? columnName(expr) : null;
      if (name !== null && !named.has(name.toLowerCase())) named.set(name.toLowerCase(), isRef ? expr : null);
    }
    const firstItem = items.length === 1 && isRecord(items[0]) && isRecord(items[0].expr) ? items[0].expr : null;
    return {
      single: () => (firstItem?.type === 'column_ref' && stars.length === 0 ? this.resolve(firstItem, inner) : null),
      column: (name) => {
        const expr = named.get(name.toLowerCase());
        if (expr !== undefined) return expr === null ? null : this.resolve(expr, inner);
        const found = stars.flatMap((s) => {
          const c = this.sourceColumn(s, name);
          return c ? [c] : [];
        });
        return found.length === 1 ? found[0]! : null;
      },
    };
  }

  /** A qualified column the graph's table lacks is named (an unqualified one may be a select alias: never judged). */
  private checkColumn(ref: Record<string, unknown>, env: Env): void {
    const qualifier = identifierText(ref.table);
    const column = columnName(ref);
    if (qualifier === null || qualifier === '' || column === null || column === '*' || column === '') return;
    const key = lower(qualifier);
    const source = env.scopes.find((s) => s.has(key))?.get(key);
    if (!source || !('instance' in source) || source.instance.table === null) return;
    if (this.names.column(source.instance.table, column) === undefined) this.unknownColumns.add(`${source.instance.table}.${column}`);
  }

  /** Each graph table as many times as one block reads it at most, sorted. */
  tables(): string[] {
    const most = new Map<string, number>();
    for (const block of this.blocks) {
      const counts = new Map<string, number>();
      for (const { table } of block) if (table !== null) counts.set(table, (counts.get(table) ?? 0) + 1);
      for (const [table, n] of counts) most.set(table, Math.max(n, most.get(table) ?? 0));
    }
    return [...most].flatMap(([table, n]) => Array<string>(n).fill(table)).sort(compareText);
  }

  /** One join per pair of instances, its column pairs together, canonical and deduplicated. */
  joins(): LearnedJoin[] {
    const byPair = new Map<string, { a: Instance; b: Instance; pairs: Map<string, [string, string]> }>();
    for (const [x, y] of this.equalities) {
      const [first, second] = x.instance.id < y.instance.id ? [x, y] : [y, x];
      const key = `${first.instance.id}:${second.instance.id}`;
      let group = byPair.get(key);
      if (group === undefined) {
        group = { a: first.instance, b: second.instance, pairs: new Map() };
        byPair.set(key, group);
      }
      group.pairs.set(`${first.column}\u0000${second.column}`, [first.column, second.column]);
    }
    const joins = new Map<string, LearnedJoin>();
    for (const { a, b, pairs } of byPair.values()) {
      if (a.table === null || b.table === null) continue;
      const join = canonicalJoin(a.table, b.table, [...pairs.values()]);
      joins.set(joinKey(join), join);
    }
    return [...joins].sort(([x], [y]) => compareText(x, y)).map(([, join]) => join);
  }
}

function asList(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
