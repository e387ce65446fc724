/** Which PostgreSQL tables a profile covers, and the names it gives them across schemas. */
import { byCodeUnit } from './code-unit.js';
import { quoteIdentifier } from './connector.js';
import { ProfilerError } from './errors.js';

/** Where a profile's table lives in PostgreSQL. */
export interface PostgresTable {
  schema: string;
  table: string;
  /** A view (`relkind` v) or materialized view (m); absent for tables (r, and partitioned p). */
  kind?: 'view' | 'materialized view';
}

/** `pg_class.relkind` as a table's `kind`. */
export function kindOf(relkind: string): PostgresTable['kind'] {
  if (relkind === 'v') return 'view';
  if (relkind === 'm') return 'materialized view';
  return undefined;
}

/** The schemas a `schema` option names (trimmed, no empty names, no repeats); `undefined`: every non-system schema. */
export function schemaList(schema: string | readonly string[] | undefined): string[] | undefined {
  if (schema === undefined) return undefined;
  const names = (typeof schema === 'string' ? schema.split(',') : [...schema]).map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 0)
    throw new ProfilerError(
      'bad-connection',
      `no schema named in ${JSON.stringify(typeof schema === 'string' ? schema : schema.join(','))}`,
    );
  return [...new Set(names)];
}

/**
 * Profile names for tables: bare where the name is unique among them, `schema.table` where two
 * schemas share it (and `"schema"."table"` in the unlikely case that this is the own name of
 * another table, one with a dot in its name). Sorted by name.
 */
export function nameTables(tables: readonly PostgresTable[]): Map<string, PostgresTable> {
  const schemasOf = new Map<string, number>();
  for (const t of tables) schemasOf.set(t.table, (schemasOf.get(t.table) ?? 0) + 1);
  const named = tables.map((t) => {
    const qualified = (schemasOf.get(t.table) ?? 0) > 1;
    return { ...t, qualified, name: qualified ? `${t.schema}.${t.table}` : t.table };
  });
  const own = new Set(named.filter((t) => !t.qualified).map((t) => t.name));
  for (const t of named) if (t.qualified && own.has(t.name)) t.name = `${quoteIdentifier(t.schema)}.${quoteIdentifier(t.table)}`;
  named.sort((a, b) => byCodeUnit(a.name, b.name));
  return new Map(named.map(({ name, schema, table, kind }) => [name, { schema, table, ...(kind ? { kind } : {}) }]));
}

/** Schemas PostgreSQL keeps for itself (user schemas cannot start with `pg_`). */
export const USER_SCHEMA = "n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'";

/**
 * Base and partitioned tables (a partitioned table is one logical table: its partitions are left
 * out, and so are the children of table inheritance, the older way to partition, as a query of
 * the parent reads their rows), and views and materialized views when `views`, of the given schemas or of every user
 * schema: schema, name, relkind. Never foreign tables.
 */
export function tableListSql(schemas: readonly string[] | undefined, views = false): string {
  const where = schemas === undefined ? USER_SCHEMA : `n.nspname = ANY($1::text[])`;
  const kinds = views ? "'r', 'p', 'v', 'm'" : "'r', 'p'";
  return `SELECT n.nspname, c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE ${where} AND c.relkind IN (${kinds}) AND NOT c.relispartition
             AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid)
           ORDER BY n.nspname COLLATE "C", c.relname COLLATE "C"`;
}
