/**
 * A graph's table and column names as SQL may write them: any case, schema-qualified or not.
 * A name is matched, never guessed: a qualified name finds the table of that schema (or whose
 * namespaced name it is), else the one table of that name; a bare name that two schemas share is
 * ambiguous and said so.
 */
import type { HistorySchema } from './types.js';

/** What a table reference written in SQL is on the graph. */
export type TableMatch = { ok: true; table: string } | { ok: false; ambiguous: string[] };

export interface SchemaNames {
  /** The graph's lower-cased table names (for the parser's rewrites). */
  readonly tableKeys: ReadonlySet<string>;
  /** The table `segments` (`['public', 'orders']`, `['orders']`) names. */
  table(segments: readonly string[]): TableMatch;
  /** A column of a graph table, as the graph spells it, or undefined; null when the graph lists no column for the table. */
  column(table: string, column: string): string | undefined | null;
}

const cache = new WeakMap<HistorySchema, SchemaNames>();

/** The names of `schema`, indexed once per schema object. */
export function schemaNames(schema: HistorySchema): SchemaNames {
  let names = cache.get(schema);
  if (names === undefined) {
    names = indexNames(schema);
    cache.set(schema, names);
  }
  return names;
}

function indexNames(schema: HistorySchema): SchemaNames {
  /** Full keys: the name, and `schema.name` for a table whose schema is said. */
  const full = new Map<string, string[]>();
  /** The table's own name, namespace and schema aside: what a bare reference matches. */
  const bare = new Map<string, string[]>();
  const columns = new Map<string, Map<string, string> | null>();
  const add = (map: Map<string, string[]>, key: string, table: string) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [table]);
    else if (!list.includes(table)) list.push(table);
  };
  for (const t of schema.tables) {
    const name = t.name.toLowerCase();
    add(full, name, t.name);
    if (t.schema) add(full, `${t.schema.toLowerCase()}.${ownName(t.name, t.namespace).toLowerCase()}`, t.name);
    add(bare, ownName(t.name, t.namespace).toLowerCase(), t.name);
    columns.set(t.name, t.columns.length === 0 ? null : new Map(t.columns.map((c) => [c.name.toLowerCase(), c.name])));
  }
  return {
    tableKeys: new Set(full.keys()),
    table(segments) {
      const lower = segments.map((s) => s.toLowerCase());
      // The longest written suffix that a table's full name is, then the last segment alone.
      for (let start = 0; start < lower.length; start++) {
        const found = full.get(lower.slice(start).join('.'));
        if (found !== undefined) return found.length === 1 ? { ok: true, table: found[0]! } : { ok: false, ambiguous: found };
      }
      const found = bare.get(lower.at(-1) ?? '');
      if (found === undefined) return { ok: false, ambiguous: [] };
      return found.length === 1 ? { ok: true, table: found[0]! } : { ok: false, ambiguous: [...found].sort() };
    },
    column(table, column) {
      const spelled = columns.get(table);
      return spelled === null || spelled === undefined ? null : spelled.get(column.toLowerCase());
    },
  };
}

/** A table's name without its namespace (`sales.orders` → `orders`). */
function ownName(name: string, namespace: string | undefined): string {
  return namespace && name.startsWith(`${namespace}.`) ? name.slice(namespace.length + 1) : name;
}
