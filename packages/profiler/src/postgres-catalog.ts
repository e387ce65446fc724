/** What PostgreSQL's catalog says of one table: columns, types, comments, keys, estimates. */
import type { TableDescription } from './connector.js';
import { ProfilerError } from './errors.js';
import type { PostgresTable } from './postgres-schemas.js';
import type { ForeignKey } from './types.js';

type Run = (text: string, values?: unknown[]) => Promise<unknown[][]>;

/** The schema SQL resolves an unqualified name in by default (`search_path` = `"$user", public`). */
const DEFAULT_SCHEMA = 'public';

/**
 * What profiling reads a column of a type of the database's own as: a domain as its base type,
 * an enum, composite or range type by what it is (`pg_type.typtype`); `null` for built-in types.
 */
const BASE_TYPE = `CASE t.typtype WHEN 'd' THEN format_type(t.typbasetype, t.typtypmod) WHEN 'e' THEN 'enum'
  WHEN 'c' THEN 'record' WHEN 'r' THEN 'anyrange' WHEN 'm' THEN 'anyrange' END`;

/**
 * `describeTable` for PostgreSQL: columns in order with their declared type (`format_type`),
 * base type, NOT NULL, comment (`col_description`) and ANALYZE's distinct estimate; the table's
 * comment (`obj_description`), row estimate, primary key, foreign keys and single-column unique
 * indexes. `ref` is the table as a `to_regclass` argument; `nameOf` names a referenced table.
 */
export async function describePostgresTable(
  run: Run,
  name: string,
  { schema, table }: PostgresTable,
  ref: string,
  nameOf: (target: PostgresTable) => string,
): Promise<TableDescription> {
  // reltuples: ANALYZE's estimate of the rows (-1 or 0 when never analyzed, or empty).
  const exists = await run(
    `SELECT to_regclass(${ref}), (SELECT reltuples FROM pg_class WHERE oid = to_regclass(${ref})), obj_description(to_regclass(${ref}), 'pg_class')`,
  );
  if (exists[0]?.[0] === null || exists[0]?.[0] === undefined) throw new ProfilerError('no-such-table', `no such table: ${name}`);
  const estimate = Number(exists[0]?.[1]);
  const comment = exists[0]?.[2];
  const cols = await run(
    `SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, col_description(a.attrelid, a.attnum), ${BASE_TYPE}
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = to_regclass(${ref}) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
  );
  // ANALYZE's distinct estimates, from a sample of rows (not of pages): absent when never analyzed.
  const stats = new Map(
    (await run('SELECT attname, n_distinct FROM pg_stats WHERE schemaname = $1 AND tablename = $2 AND NOT inherited', [schema, table])).map(
      (r) => [String(r[0]), Number(r[1])] as const,
    ),
  );
  // Single-column unique indexes (primary keys and unique constraints have one), not partial, not on expressions.
  const unique = await run(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE i.indrelid = to_regclass(${ref}) AND i.indisunique AND i.indisvalid AND i.indnkeyatts = 1 AND i.indpred IS NULL AND i.indexprs IS NULL
      ORDER BY a.attname COLLATE "C"`,
  );
  const keys = await run(
    `SELECT con.contype, con.conname,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i),
            rc.relname,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i),
            rn.nspname
       FROM pg_constraint con LEFT JOIN pg_class rc ON rc.oid = con.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
      WHERE con.conrelid = to_regclass(${ref}) AND con.contype IN ('p', 'f')
      ORDER BY con.contype DESC, con.conname COLLATE "C"`,
  );
  let primaryKey: string[] = [];
  const foreignKeys: ForeignKey[] = [];
  for (const [type, , columns, referencedTable, referencedColumns, referencedSchema] of keys) {
    if (type === 'p') primaryKey = columns as string[];
    else {
      const referenced = nameOf({ schema: String(referencedSchema), table: String(referencedTable) });
      foreignKeys.push({ columns: columns as string[], referencedTable: referenced, referencedColumns: referencedColumns as string[] });
    }
  }
  return {
    ...(schema !== DEFAULT_SCHEMA ? { schema } : {}),
    ...(typeof comment === 'string' && comment.trim() !== '' ? { description: comment.trim() } : {}),
    columns: cols.map(([column, type, notNull, description, base]) => {
      const distinct = stats.get(String(column));
      return {
        name: String(column),
        declaredType: String(type),
        ...(typeof base === 'string' ? { baseType: base } : {}),
        notNull: notNull === true,
        ...(typeof description === 'string' && description.trim() !== '' ? { description: description.trim() } : {}),
        ...(distinct === undefined ? {} : { catalogDistinct: distinct }),
      };
    }),
    primaryKey,
    foreignKeys,
    unique: [...new Set(unique.map((r) => String(r[0])))],
    ...(estimate > 0 ? { estimatedRows: Math.round(estimate) } : {}),
  };
}
