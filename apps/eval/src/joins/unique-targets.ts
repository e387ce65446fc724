/**
 * Whether each inferred edge points at a unique target, asked of the database itself: the target
 * columns' tuples (NULLs left out) counted for repeats. A reference into a non-unique column set
 * (an awards table's `(playerID, yearID)` into a per-stint statistics table) joins each row to
 * several, whatever the profile said. Read-only, through the profiler's SQLite connector.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';
import { openSqlite } from '@guided-retrieval/profiler';

/** The ids of the inferred edges whose target tuples repeat in the database at `path`, sorted. */
export async function nonUniqueTargets(path: string, edges: readonly JoinEdge[]): Promise<string[]> {
  const inferred = edges.filter((e) => e.origin === 'inferred');
  if (inferred.length === 0) return [];
  const connector = await openSqlite(path);
  try {
    const quote = (name: string) => connector.dialect.quoteIdentifier(name);
    const out: string[] = [];
    const asked = new Map<string, boolean>();
    for (const edge of inferred) {
      const key = JSON.stringify([edge.toTable, edge.toColumns]);
      let repeats = asked.get(key);
      if (repeats === undefined) {
        const columns = edge.toColumns.map(quote);
        const sql =
          `SELECT COUNT(*) FROM (SELECT 1 FROM ${quote(edge.toTable)} WHERE ${columns.map((c) => `${c} IS NOT NULL`).join(' AND ')} ` +
          `GROUP BY ${columns.join(', ')} HAVING COUNT(*) > 1) AS d`;
        repeats = Number((await connector.query(sql))[0]?.[0] ?? 0) > 0;
        asked.set(key, repeats);
      }
      if (repeats) out.push(edge.id);
    }
    return out.sort();
  } finally {
    await connector.close();
  }
}
