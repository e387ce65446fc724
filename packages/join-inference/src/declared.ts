import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import type { JoinEdge } from './types.js';

export function joinEdgeId(from: string, fromColumns: readonly string[], to: string, toColumns: readonly string[]): string {
  // One join rather than a template: V8 keeps a template's result as a tree of its pieces until the
  // string is first hashed or compared, and a graph file of 188,000 edges makes every id on load.
  return [from, '(', fromColumns.join(','), ')->', to, '(', toColumns.join(','), ')'].join('');
}

/** Edges in id order (by code unit), as every edge list is returned. */
export function byEdgeId(a: JoinEdge, b: JoinEdge): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The foreign keys the schema declares, as join edges. Keys that reference a table or column
 * missing from the profile are reported through `onSkip` and left out rather than guessed.
 */
export function declaredJoinEdges(profile: DatabaseProfile, onSkip: (reason: string) => void = () => {}): JoinEdge[] {
  const tables = new Map(profile.tables.map((t) => [t.name.toLowerCase(), t]));
  const edges: JoinEdge[] = [];
  const seen = new Set<string>();
  for (const table of profile.tables) {
    for (const fk of table.foreignKeys) {
      const target = tables.get(fk.referencedTable.toLowerCase());
      if (!target) {
        onSkip(`${table.name}(${fk.columns.join(',')}) references missing table ${fk.referencedTable}`);
        continue;
      }
      const toColumns = resolveColumns(target, fk.referencedColumns);
      const fromColumns = resolveColumns(table, fk.columns);
      if (!toColumns || !fromColumns || toColumns.length !== fromColumns.length) {
        onSkip(
          `${table.name}(${fk.columns.join(',')}) -> ${fk.referencedTable}(${fk.referencedColumns.join(',')}): columns do not match the schema`,
        );
        continue;
      }
      const id = joinEdgeId(table.name, fromColumns, target.name, toColumns);
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({
        id,
        fromTable: table.name,
        fromColumns,
        toTable: target.name,
        toColumns,
        origin: 'declared',
        confidence: 1,
        evidence: ['declared FOREIGN KEY'],
      });
    }
  }
  return edges.sort(byEdgeId);
}

/** Spells columns as the table does; an empty list means the referenced table's primary key. */
function resolveColumns(table: TableProfile, columns: readonly string[]): string[] | undefined {
  const wanted = columns.length > 0 ? columns : table.primaryKey;
  if (wanted.length === 0) return undefined;
  const byName = new Map(table.columns.map((c) => [c.name.toLowerCase(), c.name]));
  const resolved = wanted.map((c) => byName.get(c.toLowerCase()));
  return resolved.every((c): c is string => c !== undefined) ? resolved : undefined;
}
