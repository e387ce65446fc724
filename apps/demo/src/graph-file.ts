/**
 * `--graph <file>` for `retrieve`, `serve` and `mcp`: the graph file, or one line saying what is
 * wrong with it. A file is judged by its content, never its name: a database (its first bytes) or a
 * profile (a JSON object the profiler reads) says which command makes a graph of it; anything
 * else, a damaged graph file included, gets the graph reader's own error, which names the file,
 * the JSON path and what is wrong there (`tables[0].columns.name[1]: expected a name`).
 */
import { resolve } from 'node:path';
import { type ContextGraph, GraphFileError, loadGraph } from '@guided-retrieval/context-graph';
import type { ConnectorEngine } from '@guided-retrieval/profiler';
import { sniffFile } from '@guided-retrieval/profiler/files';
import { UserError } from './errors.js';

export async function loadGraphFile(file: string): Promise<ContextGraph> {
  try {
    return await loadGraph(resolve(file));
  } catch (error) {
    if (!(error instanceof GraphFileError)) throw error;
    throw await whatItIs(file, error);
  }
}

const ENGINE_NAMES: Record<ConnectorEngine, string> = {
  sqlite: 'SQLite',
  duckdb: 'DuckDB or Parquet',
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
};

/** The file's error: what it is instead when its content says, else the graph reader's own. */
async function whatItIs(file: string, error: GraphFileError): Promise<Error> {
  const path = resolve(file);
  const engine = await sniffFile(path).catch(() => undefined);
  if (engine)
    return new UserError(
      `${file} is a ${ENGINE_NAMES[engine]} database, not a graph file: run \`guided build ${file} -o graph.json\` first`,
      {
        cause: error,
      },
    );
  // A profile reads as one (a damaged graph file never does: its tables hold lists, not column objects).
  const { loadProfile } = await import('@guided-retrieval/profiler');
  const profile = await loadProfile(path).then(
    () => true,
    () => false,
  );
  if (profile) return new UserError(`${file} is a profile, not a graph file: run \`guided build ${file} -o graph.json\``, { cause: error });
  return error;
}
