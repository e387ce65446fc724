/**
 * The namespace a table's name spells, read from the name alone: what comes before its last dot
 * (`DB.SCHEMA` of Spider 2.0-lite's `DB.SCHEMA.TABLE`, `sales` of PostgreSQL's `sales.orders`),
 * undefined for a bare name. Only where the name is all there is to go by: a schema described by
 * names (a benchmark's file), a profile's name that no `schema` explains, a graph file written
 * before `GraphTable.namespace` existed. Everything downstream reads the field.
 */
export function namespaceFromName(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(0, dot) : undefined;
}
