import { existsSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { buildContextGraph, type ContextGraph } from '@guided-retrieval/context-graph';
import { declaredJoinEdges } from '@guided-retrieval/join-inference';
import { profileSqlite } from '@guided-retrieval/profiler';
import { UserError } from './errors.js';

export interface BuildProgress {
  (message: string): void;
}

/**
 * Database → context graph: profile the SQLite file read-only, take its declared keys as join
 * edges, build the graph. Nothing is written to the database.
 */
export async function buildGraphFromSqlite(path: string, progress: BuildProgress = () => {}, name?: string): Promise<ContextGraph> {
  if (!existsSync(path)) throw new UserError(`database file not found: ${path}`);
  if (!statSync(path).isFile()) throw new UserError(`not a database file: ${path} is a directory`);
  const started = performance.now();
  const profile = await profileSqlite(path, {
    database: name ?? basename(path, extname(path)),
    onProgress: ({ table, index, total }) => progress(`profiling ${table} (${index + 1}/${total})`),
  });
  const edges = declaredJoinEdges(profile, (reason) => progress(`skipped a foreign key: ${reason}`));
  const graph = buildContextGraph(profile, edges);
  progress(`built the context graph: ${graph.tables.length} tables, ${edges.length} join edges in ${Math.round(performance.now() - started)} ms`);
  return graph;
}
