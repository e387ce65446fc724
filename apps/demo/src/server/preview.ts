/**
 * A small read-only look at what a FROM clause joins: `SELECT COUNT(*)` over it and its first
 * rows (a few columns per table), in a worker thread with a time limit.
 */
import { Worker } from 'node:worker_threads';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { JoinTreeNode } from '@guided-retrieval/retrieval';
import type { Preview } from '../view/api-types.js';

export interface PreviewOptions {
  /** Sample rows at most (default 5). */
  limit?: number;
  /** Columns shown per table of the tree (default 2): names first, then the primary key, then the rest. */
  columnsPerTable?: number;
  /** Give up after this many milliseconds (default 3000). */
  timeoutMs?: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function shownColumns(graph: ContextGraph, table: string, count: number): string[] {
  const t = graph.table(table);
  if (!t) return [];
  const names = t.columns.filter((c) => /name/i.test(c.name)).map((c) => c.name);
  return [...new Set([...names, ...t.primaryKey, ...t.columns.map((c) => c.name)])].slice(0, count);
}

/** The two statements a preview runs; exported for tests. */
export function previewSql(graph: ContextGraph, nodes: readonly JoinTreeNode[], from: string, options: PreviewOptions = {}): { countSql: string; sampleSql: string } {
  const limit = Math.max(1, Math.min(50, options.limit ?? 5));
  const perTable = options.columnsPerTable ?? 2;
  const columns = nodes.flatMap((n) => shownColumns(graph, n.table, perTable).map((c) => `${quote(n.alias)}.${quote(c)} AS ${quote(`${n.alias}.${c}`)}`));
  return {
    countSql: `SELECT COUNT(*) AS n ${from}`,
    sampleSql: `SELECT ${columns.join(', ') || '*'} ${from} LIMIT ${limit}`,
  };
}

export function runPreview(database: string, graph: ContextGraph, nodes: readonly JoinTreeNode[], from: string, options: PreviewOptions = {}): Promise<Preview> {
  const { countSql, sampleSql } = previewSql(graph, nodes, from, options);
  const timeoutMs = options.timeoutMs ?? 3000;
  const limit = Math.max(1, Math.min(50, options.limit ?? 5));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./preview-worker.js', import.meta.url), { workerData: { database, countSql, sampleSql } });
    const done = (preview: Preview) => {
      clearTimeout(timer);
      resolve(preview);
      void worker.terminate();
    };
    const timer = setTimeout(() => done({ ok: false, error: `the preview query took longer than ${timeoutMs} ms` }), timeoutMs);
    worker.once('message', (m: Preview) => done(m.ok ? { ...m, limit } : m));
    worker.once('error', (error) => done({ ok: false, error: error.message }));
    worker.once('exit', (code) => done({ ok: false, error: `the preview worker stopped (exit ${code})` }));
  });
}
