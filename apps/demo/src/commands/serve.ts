/** `guided serve` and `guided demo --web`: the web page over the demo, a graph file, a database or a profile. */

import { buildGraph, resolveSource, type Source } from '@guided-retrieval/context-graph/build';
import type { RetrieverOptions } from '@guided-retrieval/retrieval';
import { demoGraph } from '../cache.js';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { graphHistory } from '../history.js';
import { retrieverOptions, warmModels } from '../models.js';
import type { ModelFlags } from '../options.js';
import { progress, say } from '../progress.js';
import { exampleQuestions } from '../server/examples.js';
import { TPCH_EXAMPLES } from '../server/graph-payload.js';
import type { PreviewDatabase } from '../server/preview.js';
import { startServer } from '../server/serve.js';

export interface ServeCommandOptions {
  graph?: string;
  database?: string;
  /** PostgreSQL schemas, comma-separated (with `database`). */
  schema?: string;
  port: number;
  scaleFactor?: number;
}

/**
 * Where row previews run for a source: the SQLite file itself; PostgreSQL and DuckDB/Parquet
 * through the profiler's read-only connector; none for a profile, a dbt manifest or a catalog export (no database behind them).
 */
export function previewDatabase(source: Source, schema?: string): PreviewDatabase | null {
  if (source.kind !== 'database') return null;
  if (source.engine === 'sqlite') return source.target;
  return { engine: source.engine, target: source.target, ...(schema === undefined ? {} : { schema }) };
}

/** Serves until stopped (Ctrl+C). */
export async function serveWeb(options: ServeCommandOptions, log: (message: string) => void, models: RetrieverOptions = {}): Promise<void> {
  if (options.graph && options.database) throw new UserError('pass --graph or --database, not both');
  if (options.schema !== undefined && !options.database) throw new UserError('--schema needs --database');
  let source: Pick<Parameters<typeof startServer>[0], 'graph' | 'database' | 'examples' | 'history'>;
  if (options.graph) {
    const graph = await loadGraphFile(options.graph);
    source = { graph, database: null, examples: exampleQuestions(graph), history: await graphHistory(options.graph, graph) };
  } else if (options.database) {
    const from = await resolveSource(options.database);
    const graph = await buildGraph(from, { onProgress: log, ...(options.schema === undefined ? {} : { schema: options.schema }) });
    const database = previewDatabase(from, options.schema);
    if (database === null)
      say(
        `guided: row previews are off: ${from.display} is a ${from.kind === 'profile' ? 'profile' : 'schema file'}, with no database behind it`,
      );
    source = { graph, database, examples: exampleQuestions(graph) };
  } else {
    const { graph, files } = await demoGraph(log, options.scaleFactor);
    source = { graph, database: files.database, examples: TPCH_EXAMPLES };
  }
  const server = await startServer({ ...source, port: options.port, log: say, retrieverOptions: models });
  warmModels(models, source.graph);
  await server.stopped;
}

export function runServe(options: ServeCommandOptions & ModelFlags): Promise<void> {
  return serveWeb(options, progress, retrieverOptions(options));
}
