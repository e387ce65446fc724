/** What a preview child process is asked to run, shared by preview.ts and preview-child.ts (kept light: the child loads it). */

export type PreviewJob =
  /** A SQLite file: the two statements, over the retrieved FROM clause. */
  | { database: string; countSql: string; sampleSql: string }
  /** Any engine through the profiler's read-only connector, which names the tables (`fromClause`). */
  | {
      connector: { engine: 'sqlite' | 'postgres' | 'duckdb'; target: string; schema?: string };
      /** The join tree's nodes: table names as the graph has them, aliases quoted for the graph's dialect, ON predicates as retrieved. */
      nodes: { table: string; alias: string; on: string | null }[];
      /** The select list (`"alias"."column" AS "alias.column"`, …) and the names it gives. */
      select: string;
      columns: string[];
      limit: number;
      timeoutMs: number;
    };

/** A FROM clause over the tree with each table as `tableRef` names it (aliases and ON predicates as retrieved). */
export function fromClause(
  nodes: readonly { table: string; alias: string; on: string | null }[],
  tableRef: (table: string) => string,
): string {
  return nodes
    .map((n, i) => (i === 0 ? `FROM ${tableRef(n.table)} AS ${n.alias}` : `JOIN ${tableRef(n.table)} AS ${n.alias} ON ${n.on ?? 'TRUE'}`))
    .join('\n');
}
