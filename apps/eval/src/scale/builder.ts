/**
 * Shared machinery of the shape generators: unique enterprise table names, the columns of a
 * table of a given kind, foreign keys named after the referenced key (`customer_id` →
 * `customer.customer_id`, role-playing `ship_country_id` → `country.country_id`), and look-alike
 * copies (`X_hist`, `X_1`, `X_bak`) with the same columns.
 */
import type { SchemaColumnSpec, SchemaForeignKeySpec, SchemaSpec, SchemaTableSpec } from '@guided-retrieval/context-graph';
import type { Rng } from './prng.js';
import {
  COPY_SUFFIXES,
  type EntityKind,
  type EntityRole,
  GENERIC_ROLES,
  kind as kindNamed,
  QUALIFIERS,
  ROLES,
  STATUS_VALUES,
} from './vocabulary.js';

/** What the question generator needs to know of a table beyond its spec. */
export interface TableMeta {
  name: string;
  kind: string;
  role: EntityRole;
  copyOf?: string;
}

/** A generated schema with its tables' kinds and roles. */
export interface BuiltSchema {
  spec: SchemaSpec;
  tables: TableMeta[];
}

export interface TableRef {
  name: string;
  kind: EntityKind;
  /** The single-column primary key, `<name>_id`. */
  key: string;
  domain: string | null;
  /** Set on a look-alike: the table it copies. */
  copyOf?: string;
  spec: SchemaTableSpec;
}

/**
 * `sales` + `b2b` + `invoice` → `sales_b2b_invoice`; a kind that starts with the prefix keeps it once
 * (`sales_order`, `sales_b2b_order`).
 */
export function composeName(prefix: string | null, qualifier: string | null, kindName: string): string {
  if (prefix === null) return qualifier ? `${qualifier}_${kindName}` : kindName;
  const rest = kindName.startsWith(`${prefix}_`) ? kindName.slice(prefix.length + 1) : kindName;
  return [prefix, qualifier, rest].filter((p) => p !== null).join('_');
}

const col = (name: string, type: string, sample?: readonly (string | number)[]): SchemaColumnSpec =>
  sample && sample.length > 0 ? { name, type, sample: [...sample] } : { name, type };

/** The columns of a table of `kind` named `name`: key first, then what such a table holds. */
export function columnsFor(name: string, kind: EntityKind, rng: Rng): SchemaColumnSpec[] {
  const columns: SchemaColumnSpec[] = [col(`${name}_id`, 'INTEGER')];
  const valueColumn = kind.values ? col(kind.values.column, 'VARCHAR(100)', kind.values.samples) : null;
  if (kind.role === 'fact') {
    columns.push(col(`${kind.name}_number`, 'VARCHAR(30)'), col(`${kind.name}_date`, 'DATE'));
    for (const m of kind.measures ?? []) columns.push(col(m, 'DECIMAL(18,2)'));
  } else if (kind.role === 'dimension') {
    columns.push(col(`${kind.name}_name`, 'VARCHAR(200)'), col(`${kind.name}_code`, 'VARCHAR(30)'));
    if (valueColumn && valueColumn.name !== `${kind.name}_name`) columns.push(valueColumn);
    else if (valueColumn) columns[1] = valueColumn;
    if (['customer', 'supplier', 'vendor', 'employee', 'contact', 'lead'].includes(kind.name))
      columns.push(col('email', 'VARCHAR(200)'), col('phone', 'VARCHAR(40)'));
  } else if (kind.role === 'bridge') {
    columns.push(col('valid_from', 'DATE'), col('valid_to', 'DATE'), col('allocation_pct', 'DECIMAL(5,2)'));
  } else {
    if (valueColumn) columns.push(valueColumn);
    if (!kind.values?.column.endsWith('_code')) columns.push(col(`${kind.name}_code`, 'VARCHAR(20)'));
    columns.push(col('description', 'TEXT'));
  }
  if ((kind.role === 'fact' || kind.role === 'dimension') && rng.chance(0.6))
    columns.push(col('status', 'VARCHAR(20)', rng.sample(STATUS_VALUES, 4)));
  columns.push(col('created_at', 'TIMESTAMP'));
  if (kind.role === 'dimension') columns.push(col('updated_at', 'TIMESTAMP'));
  return columns;
}

export class SchemaBuilder {
  readonly tables: TableRef[] = [];
  readonly foreignKeys: SchemaForeignKeySpec[] = [];
  private readonly byName = new Map<string, TableRef>();
  private readonly nextQualifier = new Map<string, number>();
  private readonly qualifierOrder = new Map<string, (string | null)[]>();
  private readonly pairs = new Set<string>();
  private readonly columnNames = new Map<string, Set<string>>();

  constructor(private readonly rng: Rng) {}

  get size(): number {
    return this.tables.length;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): TableRef | undefined {
    return this.byName.get(name);
  }

  /**
   * A fresh name for a table of `kindName` in `domain` (null: unprefixed, `country`): the plain
   * name first, then with each qualifier in turn (in an order drawn once per domain and kind); null once all are taken.
   */
  freshName(domain: string | null, kindName: string): string | null {
    const slot = `${domain ?? ''}/${kindName}`;
    let order = this.qualifierOrder.get(slot);
    if (!order) {
      order = [null, ...this.rng.shuffle(QUALIFIERS)];
      this.qualifierOrder.set(slot, order);
    }
    for (let i = this.nextQualifier.get(slot) ?? 0; i < order.length; i++) {
      const name = composeName(domain, order[i]!, kindName);
      if (!this.byName.has(name)) {
        this.nextQualifier.set(slot, i + 1);
        return name;
      }
    }
    this.nextQualifier.set(slot, order.length);
    return null;
  }

  /** Adds a table of `kindName` under a fresh name in `domain`; null when the domain has no name left for that kind. */
  addKind(domain: string | null, kindName: string): TableRef | null {
    const name = this.freshName(domain, kindName);
    return name === null ? null : this.addTable(name, kindName, domain);
  }

  addTable(name: string, kindName: string, domain: string | null = null, columns?: SchemaColumnSpec[]): TableRef {
    if (this.byName.has(name)) throw new Error(`table ${name} exists already`);
    const kind = kindNamed(kindName);
    const spec: SchemaTableSpec = { name, primaryKey: [`${name}_id`], columns: columns ?? columnsFor(name, kind, this.rng) };
    const ref: TableRef = { name, kind, key: `${name}_id`, domain, spec };
    this.tables.push(ref);
    this.byName.set(name, ref);
    return ref;
  }

  /**
   * A foreign key `from.<role_><to.key>` → `to.<to.key>`. Without a role, the column is the key's
   * name; when `from` has that column already (a second key to the same table), a role name is
   * taken from the target's kind (`ship_`, `bill_` for a country). Returns the column.
   */
  reference(from: TableRef, to: TableRef, role?: string): string {
    const taken = this.columnsOf(from);
    const roles = [...(ROLES[to.kind.name] ?? []), ...GENERIC_ROLES];
    const candidates = role ? [`${role}_${to.key}`] : [to.key, ...roles.map((r) => `${r}_${to.key}`)];
    const column = candidates.find((c) => !taken.has(c)) ?? `${to.key}_${taken.size}`;
    from.spec.columns.push(col(column, 'INTEGER'));
    taken.add(column);
    this.foreignKeys.push({ fromTable: from.name, fromColumns: [column], toTable: to.name, toColumns: [to.key] });
    this.pairs.add(`${from.name}\u0000${to.name}`);
    return column;
  }

  private columnsOf(table: TableRef): Set<string> {
    let names = this.columnNames.get(table.name);
    if (!names) {
      names = new Set(table.spec.columns.map((c) => (typeof c === 'string' ? c : c.name)));
      this.columnNames.set(table.name, names);
    }
    return names;
  }

  /** Whether `from` already holds a foreign key to `to`. */
  references(from: TableRef, to: TableRef): boolean {
    return this.pairs.has(`${from.name}\u0000${to.name}`);
  }

  /**
   * Look-alike copies of randomly chosen tables until there are `total` tables: same columns
   * (same samples), nobody references them; a `_hist` copy keeps the original's foreign keys,
   * `_1` and `_bak` copies have none.
   */
  addCopies(total: number): void {
    const originals = this.tables.filter((t) => !t.copyOf);
    let guard = 0;
    while (this.size < total && guard++ < total * 20) {
      const original = this.rng.pick(originals);
      const suffix = this.rng.pick(COPY_SUFFIXES);
      const name = `${original.name}_${suffix}`;
      if (this.byName.has(name)) continue;
      this.addCopy(original, name, suffix === 'hist');
    }
  }

  /**
   * A look-alike of `original` named `name`: the same columns (same samples) and key, referenced
   * by nobody; with `keepKeys`, the original's foreign keys too (a history table, a partition).
   */
  addCopy(original: TableRef, name: string, keepKeys: boolean): TableRef {
    const columns = original.spec.columns.map(
      (c): SchemaColumnSpec => (typeof c === 'string' ? { name: c } : { ...c, ...(c.sample ? { sample: [...c.sample] } : {}) }),
    );
    const copy = this.addTable(name, original.kind.name, original.domain, columns);
    copy.copyOf = original.name;
    copy.key = original.key;
    copy.spec.primaryKey = [original.key];
    if (keepKeys) {
      for (const fk of this.foreignKeys.filter((f) => f.fromTable === original.name)) this.foreignKeys.push({ ...fk, fromTable: name });
    }
    return copy;
  }

  build(database: string): BuiltSchema {
    return {
      spec: { database, tables: this.tables.map((t) => t.spec), foreignKeys: this.foreignKeys },
      tables: this.tables.map((t) => ({ name: t.name, kind: t.kind.name, role: t.kind.role, ...(t.copyOf ? { copyOf: t.copyOf } : {}) })),
    };
  }
}
