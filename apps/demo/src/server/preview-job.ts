/** What a preview child process is asked to run, shared by preview.ts and preview-child.ts (kept light: the child loads it). */

import type { ConnectorEngine } from '@guided-retrieval/profiler';
import type { JoinTree } from '@guided-retrieval/retrieval';

export type PreviewJob =
  /** A SQLite file: the two statements, over the retrieved FROM clause. */
  | { database: string; countSql: string; sampleSql: string }
  /** Any engine through the profiler's read-only connector, which names the tables in the FROM clause. */
  | {
      connector: { engine: ConnectorEngine; target: string; schema?: string };
      /** The retrieved join tree: the child renders its FROM clause with each table as the connector names it. */
      tree: JoinTree;
      /** The select list (`"alias"."column" AS "alias.column"`, …) and the names it gives. */
      select: string;
      columns: string[];
      limit: number;
      timeoutMs: number;
    };

/** What a preview child sends once it has its database open, before the queries: the time limit starts then. */
export interface PreviewOpened {
  opened: true;
}
