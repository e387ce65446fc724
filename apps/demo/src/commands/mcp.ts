/** `guided mcp`: table retrieval as Model Context Protocol tools, for agents (stdio, or Streamable HTTP). */
import { fileURLToPath } from 'node:url';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import type { Command } from 'commander';
import { demoGraph } from '../cache.js';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { MCP_PATH, serveHttp, serveStdio } from '../mcp/server.js';
import { EMBEDDER_HELP, LLM_HELP, type ModelFlags, retrieverOptions } from '../models.js';
import { buildGraph } from '../pipeline.js';
import { say } from '../progress.js';
import { SOURCE_HELP } from '../source.js';
import { packageVersion } from '../version.js';
import { port } from './serve.js';

export const DEFAULT_MCP_PORT = 8788;

interface McpCommandOptions extends ModelFlags {
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
    return buildGraph(
      options.database,
      log,
      undefined,
      { kind: 'declared' },
      options.schema === undefined ? {} : { schema: options.schema },
    );
  return (await demoGraph(log)).graph;
}

/**
 * What an MCP client's configuration names to start this server: this Node and this CLI by
 * absolute path (no `guided` binary is on PATH in a clone, and a client may not run a shell).
 */
function clientConfiguration(graphFile: string): string {
  const args = [fileURLToPath(new URL('../cli.js', import.meta.url)), 'mcp', '--graph', graphFile];
  return JSON.stringify({ mcpServers: { guided: { command: process.execPath, args } } });
}

export function registerMcp(cli: Command, log: (message: string) => void): void {
  cli
    .command('mcp')
    .description(
      'serve table retrieval to agents as MCP tools (retrieve_tables, describe_table, list_tables): over stdio, or Streamable HTTP on 127.0.0.1 with --http (default: over the embedded TPC-H database)',
    )
    .option('--graph <file>', 'a context graph file from `guided build`')
    .option('--database <source>', `profiled read-only on start: ${SOURCE_HELP}`)
    .option('--schema <names>', 'PostgreSQL schemas to profile, comma-separated (default: every non-system schema)')
    .option(
      '--http',
      `serve Streamable HTTP at http://127.0.0.1:<port>${MCP_PATH} instead of stdio (stateless; the URL is printed on stderr)`,
    )
    .option('--port <n>', `port for --http (0 picks a free one; default ${DEFAULT_MCP_PORT})`, port)
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .addHelpText(
      'after',
      `
On stdio, stdout carries the protocol alone; progress and logs go to stderr. An MCP client
starts it as a command, e.g. in its configuration:

  ${clientConfiguration('/path/to/shop.graph.json')}

With --http, clients connect to http://127.0.0.1:${DEFAULT_MCP_PORT}${MCP_PATH} (only this machine can).`,
    )
    .action(async (options: McpCommandOptions) => {
      if (options.port !== undefined && !options.http) throw new UserError('--port needs --http (stdio has no port)');
      const models = retrieverOptions(options);
      const graph = await graphFor(options, log);
      const retriever = await Retriever.create(graph, models);
      const context = { graph, retriever, version: packageVersion(), log: say };
      if (options.http) await serveHttp(context, { port: options.port ?? DEFAULT_MCP_PORT });
      else await serveStdio(context);
    });
}
