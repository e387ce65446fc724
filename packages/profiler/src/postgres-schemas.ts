/** Which PostgreSQL tables a profile covers, and the names it gives them across schemas. */
import { byCodeUnit } from './code-unit.js';
import { quoteIdentifier } from './connector.js';
import { ProfilerError } from './errors.js';

/** Where a profile's table lives in PostgreSQL. */
export interface PostgresTable {
  schema: string;
  table: string;
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
  return new Map(named.map(({ name, schema, table }) => [name, { schema, table }]));
}

/** Schemas PostgreSQL keeps for itself (user schemas cannot start with `pg_`). */
export const USER_SCHEMA = "n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'";

/** Base and partitioned tables (not partitions, views or foreign tables) of the given schemas, or of every user schema. */
export function tableListSql(schemas: readonly string[] | undefined): string {
  const where = schemas === undefined ? USER_SCHEMA : `n.nspname = ANY($1::text[])`;
  return `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE ${where} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
           ORDER BY n.nspname COLLATE "C", c.relname COLLATE "C"`;
}
