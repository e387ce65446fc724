/**
 * Union benchmarks: every database of a benchmark merged into one schema, so that retrieval is
 * measured among the other databases' tables as distractors, as in an enterprise warehouse.
 *
 * The renaming rule: a table keeps its name unless another database of the union has a table of
 * the same name, compared case-insensitively (as the context graph looks names up); then every
 * table of that name is renamed `<database>__<table>` (`concert_singer__singer`, `singer__singer`)
 * and gets its own name as an alias, so that a question saying "singer" still finds it by name.
 * Grounding splits identifiers on any run of `_`, so the prefix reads as separate words
 * (`concert singer singer`); the double underscore only keeps the name reversible for a reader.
 * Foreign keys are renamed likewise; descriptions, aliases, columns and sample values are kept.
 */

import type { BenchDatabase } from '@guided-retrieval/benchmarks';
import type { SchemaForeignKeySpec, SchemaSpec, SchemaTableSpec } from '@guided-retrieval/context-graph';

/** Between the database's name and the table's in a renamed table. */
export const UNION_SEPARATOR = '__';

export interface UnionSchema {
  schema: SchemaSpec;
  /** The union's name of `table` of database `db` (table matched case-insensitively); throws for an unknown one. */
  rename: (db: string, table: string) => string;
  /** The tables that were renamed, as `db.table → union name`, in schema order. */
  renamed: { db: string; table: string; name: string }[];
}

/**
 * One schema of every table of `databases` (in their order), colliding names prefixed with their
 * database (see the module comment). Pure: the inputs are not modified. Throws on a database
 * listed twice, or when a prefixed name would itself collide with another table's.
 */
export function unionSchemas(databases: readonly BenchDatabase[], name = 'union'): UnionSchema {
  const dbNames = new Set<string>();
  const owners = new Map<string, Set<string>>();
  for (const db of databases) {
    if (dbNames.has(db.name)) throw new Error(`union: database ${db.name} listed twice`);
    dbNames.add(db.name);
    for (const table of db.schema.tables) {
      const key = table.name.toLowerCase();
      owners.set(key, (owners.get(key) ?? new Set()).add(db.name));
    }
  }

  const names = new Map<string, Map<string, string>>();
  const taken = new Map<string, string>();
  const tables: SchemaTableSpec[] = [];
  const renamed: UnionSchema['renamed'] = [];
  for (const db of databases) {
    const dbTables = new Map<string, string>();
    names.set(db.name, dbTables);
    for (const table of db.schema.tables) {
      const collides = owners.get(table.name.toLowerCase())!.size > 1;
      const unionName = collides ? `${db.name}${UNION_SEPARATOR}${table.name}` : table.name;
      const key = unionName.toLowerCase();
      const holder = taken.get(key);
      if (holder !== undefined) throw new Error(`union: ${db.name}.${table.name} would be named ${unionName}, the name of ${holder}`);
      taken.set(key, `${db.name}.${table.name}`);
      dbTables.set(table.name.toLowerCase(), unionName);
      if (!collides) {
        tables.push(table);
        continue;
      }
      const aliases = table.aliases ?? [];
      const hasOwnName = aliases.some((a) => a.toLowerCase() === table.name.toLowerCase());
      tables.push({ ...table, name: unionName, aliases: hasOwnName ? [...aliases] : [table.name, ...aliases] });
      renamed.push({ db: db.name, table: table.name, name: unionName });
    }
  }

  const rename = (db: string, table: string): string => {
    const dbTables = names.get(db);
    if (!dbTables) throw new Error(`union: no database ${db} in the union`);
    const unionName = dbTables.get(table.toLowerCase());
    if (unionName === undefined) throw new Error(`union: database ${db} has no table ${table}`);
    return unionName;
  };

  const foreignKeys: SchemaForeignKeySpec[] = databases.flatMap((db) =>
    (db.schema.foreignKeys ?? []).map((fk) => ({
      fromTable: rename(db.name, fk.fromTable),
      fromColumns: [...fk.fromColumns],
      toTable: rename(db.name, fk.toTable),
      toColumns: [...fk.toColumns],
    })),
  );
  return { schema: { database: name, tables, foreignKeys }, rename, renamed };
}
