import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { spelledAs } from './spelled.js';
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
  const table = spelledAs(profile.tables);
  const edges: JoinEdge[] = [];
  const seen = new Set<string>();
  for (const from of profile.tables) {
    for (const fk of from.foreignKeys) {
      const target = table(fk.referencedTable);
      if (!target) {
        onSkip(`${from.name}(${fk.columns.join(',')}) references missing table ${fk.referencedTable}`);
        continue;
      }
      const toColumns = resolveColumns(target, fk.referencedColumns);
      const fromColumns = resolveColumns(from, fk.columns);
      if (!toColumns || !fromColumns || toColumns.length !== fromColumns.length) {
        onSkip(
          `${from.name}(${fk.columns.join(',')}) -> ${fk.referencedTable}(${fk.referencedColumns.join(',')}): columns do not match the schema`,
        );
        continue;
      }
      const id = joinEdgeId(from.name, fromColumns, target.name, toColumns);
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({
        id,
        fromTable: from.name,
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
  const column = spelledAs(table.columns);
  const resolved = wanted.map((c) => column(c)?.name);
  return resolved.every((c): c is string => c !== undefined) ? resolved : undefined;
}
