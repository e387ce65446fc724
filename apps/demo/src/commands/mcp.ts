/** `guided mcp`: table retrieval as Model Context Protocol tools, for agents (stdio, or Streamable HTTP). */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { historyPathFor } from '@guided-retrieval/history';
import { demoGraph } from '../cache.js';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { graphHistory, retrieverWithHistory } from '../history.js';
import { historyStore } from '../mcp/learn.js';
import { serveHttp, serveStdio } from '../mcp/server.js';
import { retrieverOptions, warmModels, warmRetriever } from '../models.js';
import { DEFAULT_MCP_PORT, type ModelFlags } from '../options.js';
import { progress, say } from '../progress.js';
import { exampleQuestions } from '../server/examples.js';
import { packageVersion } from '../version.js';

export interface McpCommandOptions extends ModelFlags {
  graph?: string;
  database?: string;
  schema?: string;
  http?: boolean;
  port?: number;
}

/** The graph to serve: a graph file, a database profiled now, or the demo's TPC-H graph. Progress goes to `log` (stderr). */
async function graphFor(options: McpCommandOptions, log: (message: string) => void): Promise<ContextGraph> {
  if (options.graph && options.database) throw new UserError('pass --graph or --database, not both');
  if (options.schema !== undefined && !options.database) throw new UserError('--schema needs --database');
  if (options.graph) return loadGraphFile(options.graph);
  if (options.database)
    return buildGraph(options.database, { onProgress: log, ...(options.schema === undefined ? {} : { schema: options.schema }) });
  return (await demoGraph(log)).graph;
}

export async function runMcp(options: McpCommandOptions): Promise<void> {
  if (options.port !== undefined && !options.http) throw new UserError('--port needs --http (stdio has no port)');
  const models = retrieverOptions(options);
  const graph = await graphFor(options, progress);
  const learned = options.graph ? await graphHistory(options.graph, graph) : null;
  const retriever = await retrieverWithHistory(graph, models, learned);
  await warmRetriever(retriever, exampleQuestions(graph)[0]);
  const history = historyStore(graph, options.graph ? historyPathFor(options.graph) : null, learned);
  const context = { graph, retriever, history, version: packageVersion(), log: say };
  warmModels(models, graph);
  if (options.http) await serveHttp(context, { port: options.port ?? DEFAULT_MCP_PORT });
  else await serveStdio(context);
}
