/**
 * The tables a gold SQL query reads, read as a team's statements are read
 * (`@guided-retrieval/history`'s `readSql`: node-sql-parser, every FROM / JOIN item of every query
 * block — subqueries, set operations and CTE bodies — aliases and CTE names never).
 */
import { oneLine, readSql } from '@guided-retrieval/history/sql';

export type GoldTables = { ok: true; tables: string[] } | { ok: false; error: string };

/**
 * The schema tables (schema spelling, sorted, deduplicated) read by `sql`, or
 * `{ ok: false }` when it does not parse or names a table missing from
 * `schemaTables`. Never throws.
 */
export function goldTables(sql: string, schemaTables: readonly string[]): GoldTables {
  try {
    const read = readSql(sql, { tables: schemaTables.map((name) => ({ name, columns: [] })) });
    if (!read.ok) return { ok: false, error: read.error };
    const unknown = read.statements.flatMap((s) => s.unknownTables);
    if (unknown.length > 0) return { ok: false, error: `unknown table ${unknown[0]}` };
    return { ok: true, tables: [...new Set(read.statements.flatMap((s) => s.tables))].sort() };
  } catch (error) {
    return { ok: false, error: oneLine(error) };
  }
}

/**
 * The gold tables a benchmark lists for a question (Spider 2.0-lite's `gold_tables`), each looked
 * up in `schemaTables` case-insensitively and spelled as the schema spells it; `{ ok: false }`
 * naming the first one the schema lacks.
 */
export function listedGoldTables(listed: readonly string[], schemaTables: readonly string[]): GoldTables {
  const bySchemaKey = new Map<string, string>();
  for (const table of schemaTables) if (!bySchemaKey.has(table.toLowerCase())) bySchemaKey.set(table.toLowerCase(), table);
  const tables = new Set<string>();
  for (const name of listed) {
    const match = bySchemaKey.get(name.toLowerCase());
    if (match === undefined) return { ok: false, error: `gold table ${name} is not in the schema` };
    tables.add(match);
  }
  return tables.size === 0 ? { ok: false, error: 'no gold table listed' } : { ok: true, tables: [...tables].sort() };
}
