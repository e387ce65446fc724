/**
 * Starts the demo's web server on 127.0.0.1 and prints its URL on stderr; resolves once the
 * server has stopped (SIGINT or SIGTERM, or `stop()` on the returned handle).
 */

import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { History } from '@guided-retrieval/history';
import type { RetrieverOptions } from '@guided-retrieval/retrieval';
import { serve } from '@hono/node-server';
import { UserError } from '../errors.js';
import { retrieverWithHistory } from '../history.js';
import { warmRetriever } from '../models.js';
import { createApp } from './app.js';
import { type PreviewDatabase, PreviewRunner } from './preview.js';

/** Where Vite puts the built page: dist/web beside dist/server. */
export const STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');

export interface ServeOptions {
  graph: ContextGraph;
  /** What `guided learn` kept beside the graph file, when it did. */
  history?: History | null;
  /** A configured LLM disambiguator or embedder; the deterministic defaults otherwise. */
  retrieverOptions?: RetrieverOptions;
  /** Where row previews run (none for a graph file or a profile). */
  database: PreviewDatabase | null;
  examples: readonly string[];
  /** 0 picks a free port. */
  port: number;
  log: (message: string) => void;
}

export interface RunningServer {
  url: string;
  stopped: Promise<void>;
  stop(): void;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const retriever = await retrieverWithHistory(options.graph, options.retrieverOptions ?? {}, options.history ?? null);
  await warmRetriever(retriever, options.examples[0]);
  const previews = options.database === null ? undefined : new PreviewRunner(options.database);
  const app = createApp({
    graph: options.graph,
    retriever,
    database: options.database,
    ...(previews ? { previews } : {}),
    staticDir: STATIC_DIR,
    examples: options.examples,
    log: options.log,
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new UserError(`port ${options.port} is in use: pass another with --port (0 picks a free one)`)
          : error,
      ),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      previews?.close();
      server.close(() => resolve());
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    };
  });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  options.log(
    `guided: serving ${options.graph.database} (${options.graph.tables.length} table${options.graph.tables.length === 1 ? '' : 's'}${options.database ? ', with row previews' : ''}) at ${url}`,
  );
  options.log('guided: press Ctrl+C to stop');
  return { url, stopped, stop };
}
