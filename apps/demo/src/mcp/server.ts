/**
 * `guided mcp`: the retriever as Model Context Protocol tools (retrieve_tables, schema_context,
 * describe_table, list_tables, and learn to teach it the team's SQL), over stdio or Streamable
 * HTTP on 127.0.0.1, with the official SDK.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { Retriever } from '@guided-retrieval/retrieval';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '../errors.js';
import { MCP_PATH } from '../options.js';
import { checkMessage } from './jsonrpc-check.js';
import { type HistoryStore, learnInput, learnOutput, renderLearned } from './learn.js';
import { retrievalResultSchema } from './result-schema.js';
import { LineTransport } from './stdio-transport.js';
import { MCP_TOOLS, type McpToolName } from './tool-names.js';
import {
  describeTable,
  describeTableInput,
  describeTableOutput,
  listTables,
  listTablesOutput,
  renderDescription,
  renderRetrieval,
  renderTableList,
  retrieveTables,
  retrieveTablesInput,
  schemaContext,
  schemaContextInput,
  schemaContextOutput,
  TOOL_DESCRIPTIONS,
  ToolInputError,
} from './tools.js';

export interface McpContext {
  graph: ContextGraph;
  retriever: Retriever;
  /** The graph's learned history, which `learn` adds to. */
  history: HistoryStore;
  version: string;
  log: (message: string) => void;
}

const INSTRUCTIONS =
  "Guided Retrieval over one relational database. Before writing SQL for a question, call retrieve_tables: it returns the tables the question needs, the join tree, the columns it needs and a FROM clause to build on; schema_context gives the same as prompt text within a token budget. describe_table gives a table's columns (with sample values) and keys; list_tables lists every table. learn takes the team's question–SQL pairs or SQL statements and keeps the tables and joins they use.";

/** A result with structured content and a short text rendering; a `ToolInputError` becomes a tool error. */
async function answer<T extends Record<string, unknown>>(
  log: McpContext['log'],
  tool: string,
  run: () => T | Promise<T>,
  render: (value: T) => string,
): Promise<CallToolResult> {
  try {
    const value = await run();
    return { structuredContent: value, content: [{ type: 'text', text: render(value) }] };
  } catch (error) {
    if (error instanceof ToolInputError) return { isError: true, content: [{ type: 'text', text: error.message }] };
    log(`guided mcp: ${tool} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return {
      isError: true,
      content: [{ type: 'text', text: `${tool} failed: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
}

/** One MCP server with every tool of `MCP_TOOLS` over `context` (the retriever and the history are shared, built once). */
export function createMcpServer(context: McpContext): McpServer {
  const { graph, retriever, history, log } = context;
  const server = new McpServer(
    { name: 'guided-retrieval', title: 'Guided Retrieval', version: context.version },
    { instructions: INSTRUCTIONS },
  );
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  // One registration per name of MCP_TOOLS (the record's type asks for each): `guided mcp --help` names the same list.
  const register: Record<McpToolName, () => void> = {
    retrieve_tables: () =>
      server.registerTool(
        'retrieve_tables',
        {
          title: 'Retrieve tables and joins',
          description: TOOL_DESCRIPTIONS.retrieve_tables,
          inputSchema: retrieveTablesInput,
          outputSchema: retrievalResultSchema,
          annotations: readOnly,
        },
        ({ question }) => answer(log, 'retrieve_tables', () => retrieveTables(retriever, question), renderRetrieval),
      ),
    schema_context: () =>
      server.registerTool(
        'schema_context',
        {
          title: 'Schema context for a prompt',
          description: TOOL_DESCRIPTIONS.schema_context,
          inputSchema: schemaContextInput,
          outputSchema: schemaContextOutput,
          annotations: readOnly,
        },
        ({ question, maxTokens, mode }) =>
          answer(
            log,
            'schema_context',
            () => schemaContext(retriever, question, maxTokens, mode),
            (c) => c.text,
          ),
      ),
    describe_table: () =>
      server.registerTool(
        'describe_table',
        {
          title: 'Describe a table',
          description: TOOL_DESCRIPTIONS.describe_table,
          inputSchema: describeTableInput,
          outputSchema: describeTableOutput,
          annotations: readOnly,
        },
        ({ table }) => answer(log, 'describe_table', () => describeTable(graph, table), renderDescription),
      ),
    list_tables: () =>
      server.registerTool(
        'list_tables',
        { title: 'List tables', description: TOOL_DESCRIPTIONS.list_tables, outputSchema: listTablesOutput, annotations: readOnly },
        () => answer(log, 'list_tables', () => listTables(graph), renderTableList),
      ),
    learn: () =>
      server.registerTool(
        'learn',
        {
          title: "Learn the team's SQL",
          description: TOOL_DESCRIPTIONS.learn,
          inputSchema: learnInput,
          outputSchema: learnOutput,
          annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        },
        (input) => answer(log, 'learn', () => history.learn(input), renderLearned),
      ),
  };
  for (const name of MCP_TOOLS) register[name]();
  return server;
}

const about = (graph: ContextGraph) => `${graph.database} (${graph.tables.length} table${graph.tables.length === 1 ? '' : 's'})`;

/**
 * Serves over stdin/stdout until stdin ends or a signal comes. stdout carries the protocol alone:
 * `console.log` and its kin are sent to stderr while serving. Every line but a notification is
 * answered, a malformed one with a JSON-RPC error (stdio-transport.ts).
 */
export async function serveStdio(context: McpContext): Promise<void> {
  for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error;
  const server = createMcpServer(context);
  const transport = new LineTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  context.log(`guided: MCP server for ${about(context.graph)} on stdio`);
  const stop = () => void server.close();
  process.stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostname(value: string, scheme: boolean): string | null {
  try {
    return new URL(scheme ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

function reject(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Answers one HTTP request: POST /mcp through a fresh stateless transport and server (the
 * retriever behind them is shared); a Host or Origin other than this machine's is refused (DNS
 * rebinding), as is anything else.
 */
async function handle(context: McpContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const host = hostname(req.headers.host ?? '', false);
  if (host === null || !LOCAL_HOSTS.has(host)) return reject(res, 403, `Host ${req.headers.host ?? '(none)'} is not this machine`);
  const origin = req.headers.origin;
  if (origin !== undefined && !LOCAL_HOSTS.has(hostname(origin, true) ?? '')) return reject(res, 403, `Origin ${origin} is not allowed`);
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path !== MCP_PATH) return reject(res, 404, `no such path: ${path}; the MCP endpoint is ${MCP_PATH}`);
  if (req.method !== 'POST')
    return reject(res, 405, `use POST ${MCP_PATH} (this server is stateless: no SSE stream, no session)`, { allow: 'POST' });
  const server = createMcpServer(context);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  // Params a known method's schema refuses: -32602 in one line, before the SDK answers -32603 (jsonrpc-check.ts).
  const handOn = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const checked = checkMessage(message);
    if ('reply' in checked) void transport.send(checked.reply);
    else handOn?.(message, extra);
  };
  await transport.handleRequest(req, res);
}

export interface HttpOptions {
  /** 0 picks a free one. */
  port: number;
}

/** Serves Streamable HTTP on 127.0.0.1 until SIGINT or SIGTERM; prints its URL on stderr. */
export async function serveHttp(context: McpContext, options: HttpOptions): Promise<void> {
  const http = createServer((req, res) => {
    handle(context, req, res).catch((error: unknown) => {
      context.log(
        `guided mcp: ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) reject(res, 500, 'internal error: see the server log');
      else res.end();
    });
  });
  await new Promise<void>((resolve, fail) => {
    http.once('listening', resolve);
    http.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new UserError(`port ${options.port} is in use: pass another with --port (0 picks a free one)`)
          : error,
      ),
    );
    http.listen(options.port, '127.0.0.1');
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${MCP_PATH}`;
  context.log(`guided: MCP server for ${about(context.graph)} at ${url} (Streamable HTTP)`);
  context.log('guided: press Ctrl+C to stop');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      http.close(() => resolve());
      http.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
