/**
 * For the `guided mcp` tests: a small TPC-H graph made by the built CLI, the SDK's real `Client`
 * over stdio or Streamable HTTP, a raw stdio session, and the checks every transport must pass.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type CallToolResult, CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { CLI, type Sandbox } from './cli.js';

export const PAPER_QUESTION = 'Which Indian suppliers are shipping the most to China?';
export const SCHEMA_FILE = new URL('../../schema/retrieval-result.schema.json', import.meta.url);

/** `guided tpch` at scale factor 0.001 and `guided build` over it: the graph file's path. */
export function makeTpchGraph(box: Sandbox): string {
  for (const args of [
    ['tpch', '-o', 'tpch.sqlite', '--scale-factor', '0.001'],
    ['build', 'tpch.sqlite', '-o', 'tpch.graph.json'],
  ]) {
    const run = box.run(args);
    if (run.status !== 0) throw new Error(`guided ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  }
  return join(box.work, 'tpch.graph.json');
}

export function sandboxEnv(box: Sandbox): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'GUIDED_DEBUG') env[key] = value;
  return { ...env, GUIDED_CACHE_DIR: box.cache, XDG_CACHE_HOME: join(box.root, 'xdg') };
}

export async function connect(transport: Transport): Promise<{ client: Client; errors: Error[] }> {
  const client = new Client({ name: 'guided-mcp-test', version: '0.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors };
}

/** The SDK's client over `node dist/cli.js mcp …args` on stdio; its stderr kept apart. */
export async function connectStdio(
  box: Sandbox,
  args: readonly string[],
): Promise<{ client: Client; errors: Error[]; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: sandboxEnv(box),
    cwd: box.work,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return { ...(await connect(transport)), stderr: () => stderr };
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** Lists the tools and calls each, as an agent would; the paper's question gives the six-node tree. */
export async function exerciseTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(['describe_table', 'learn', 'list_tables', 'retrieve_tables', 'schema_context']);
  for (const tool of tools) {
    expect(tool.description?.length ?? 0).toBeGreaterThan(20);
    expect(tool.outputSchema?.type).toBe('object');
    // learn writes the history beside the graph (adding only what it lacks); the others read.
    expect(tool.annotations).toMatchObject(
      tool.name === 'learn' ? { readOnlyHint: false, destructiveHint: false, idempotentHint: true } : { readOnlyHint: true },
    );
  }
  const retrieve = tools.find((t) => t.name === 'retrieve_tables');
  expect(retrieve?.inputSchema).toMatchObject({
    type: 'object',
    required: ['question'],
    properties: { question: { type: 'string', minLength: 1, maxLength: 2000 } },
  });
  // the output schema published is the checked-in JSON Schema of the retrieval result
  expect(retrieve?.outputSchema).toEqual(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));

  // the client validates structuredContent against the listed output schemas
  const paper = (await client.callTool({ name: 'retrieve_tables', arguments: { question: PAPER_QUESTION } })) as CallToolResult;
  expect(paper.isError ?? false, text(paper)).toBe(false);
  const result = paper.structuredContent as {
    source: string;
    tables: string[];
    sql: string;
    joinTree: { nodes: { alias: string; table: string; parent: string | null; join: unknown }[] };
    explanations: Record<string, string>;
  };
  expect(result.source).toBe('LINEITEM');
  expect(result.joinTree.nodes.map((n) => [n.table, n.alias, n.parent])).toEqual([
    ['LINEITEM', 'lineitem', null],
    ['SUPPLIER', 'supplier', 'lineitem'],
    ['NATION', 'nation_supplier', 'supplier'],
    ['ORDERS', 'orders', 'lineitem'],
    ['CUSTOMER', 'customer', 'orders'],
    ['NATION', 'nation_customer', 'customer'],
  ]);
  expect(result.joinTree.nodes[2]?.join).toEqual({
    edge: 'SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)',
    direction: 'forward',
    columns: [{ parent: 'S_NATIONKEY', child: 'N_NATIONKEY' }],
  });
  expect(result.sql).toMatch(/^FROM LINEITEM AS lineitem\n/);
  expect(Object.keys(result.explanations).sort()).toEqual([...result.tables].sort());
  expect(text(paper)).toContain('└─ NATION as nation_customer  ON customer.C_NATIONKEY = nation_customer.N_NATIONKEY');
  expect(text(paper)).toContain(result.sql);

  // the columns the question needs come with the result, and as a prompt within a budget
  const nation = (result as unknown as { columns: { table: string; columns: { column: string; roles: string[] }[] }[] }).columns.find(
    (t) => t.table === 'NATION',
  );
  expect(nation?.columns.find((c) => c.column === 'N_NAME')?.roles).toContain('filter');
  const context = (await client.callTool({
    name: 'schema_context',
    arguments: { question: PAPER_QUESTION, maxTokens: 400 },
  })) as CallToolResult;
  expect(context.isError ?? false, text(context)).toBe(false);
  const prompt = context.structuredContent as { text: string; tokens: number; maxTokens: number; overBudget: boolean; sql: string };
  expect(prompt).toMatchObject({ maxTokens: 400, overBudget: false, sql: result.sql });
  expect(prompt.tokens).toBeLessThanOrEqual(400);
  // NATION's name, with the values the question names first.
  expect(prompt.text).toMatch(/^ {2}N_NAME \S+ {2}-- e\.g\. 'INDIA', 'CHINA'/m);
  expect(text(context)).toBe(prompt.text);

  const nothing = (await client.callTool({ name: 'retrieve_tables', arguments: { question: 'xyzzy plugh frobnicate' } })) as CallToolResult;
  expect(nothing.isError ?? false).toBe(false);
  expect(nothing.structuredContent).toMatchObject({ source: null, sql: null, tables: [] });
  expect((nothing.structuredContent as { reason: string }).reason).toContain('xyzzy');

  const supplier = (await client.callTool({ name: 'describe_table', arguments: { table: 'supplier' } })) as CallToolResult;
  expect(supplier.structuredContent).toMatchObject({
    table: 'SUPPLIER',
    primaryKey: ['S_SUPPKEY'],
    joinsOut: [{ fromColumns: ['S_NATIONKEY'], toTable: 'NATION', toColumns: ['N_NATIONKEY'] }],
  });
  const columns = (supplier.structuredContent as { columns: { name: string; sampleValues: unknown[] }[] }).columns;
  expect(columns.map((c) => c.name)).toContain('S_ACCTBAL');
  expect(columns.find((c) => c.name === 'S_NAME')?.sampleValues.length).toBeGreaterThan(0);
  expect((supplier.structuredContent as { joinsIn: { fromTable: string }[] }).joinsIn.map((e) => e.fromTable).sort()).toEqual([
    'LINEITEM',
    'PARTSUPP',
  ]);

  const list = (await client.callTool({ name: 'list_tables', arguments: {} })) as CallToolResult;
  const tables = (list.structuredContent as { database: string; tables: { name: string; rowCount: number; columnCount: number }[] }).tables;
  expect(tables.map((t) => t.name)).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
  expect(tables.find((t) => t.name === 'NATION')).toMatchObject({ rowCount: 25, columnCount: 4 });
  expect(text(list)).toContain('NATION: 25 rows, 4 columns');

  const learn = (await client.callTool({
    name: 'learn',
    arguments: {
      pairs: [
        {
          question: 'Which suppliers are in India?',
          sql: "SELECT s.S_NAME FROM SUPPLIER s JOIN NATION n ON s.S_NATIONKEY = n.N_NATIONKEY WHERE n.N_NAME = 'INDIA'",
        },
      ],
      sql: 'SELECT * FROM REFUNDS; SELEC broken',
    },
  })) as CallToolResult;
  expect(learn.isError ?? false, text(learn)).toBe(false);
  expect(learn.structuredContent).toMatchObject({
    database: 'tpch',
    statements: 3,
    learned: 1,
    unparseable: 1,
    unknownTables: { REFUNDS: 1 },
  });
  expect((learn.structuredContent as { savedTo: string }).savedTo).toMatch(/tpch\.history\.json$/);
  expect(text(learn)).toMatch(/^Learned 1 of 3 statements/);
}

/** Bad arguments are tool errors, a malformed request a protocol error; the server answers after each. */
export async function exerciseErrors(client: Client): Promise<void> {
  await client.listTools();
  const toolError = async (name: string, args: Record<string, unknown>, mention: RegExp) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(text(result)).toMatch(mention);
    expect(result.structuredContent).toBeUndefined();
  };
  await toolError('retrieve_tables', { question: '' }, /question/);
  await toolError('retrieve_tables', { question: '   ' }, /question/);
  await toolError('retrieve_tables', { question: 'x'.repeat(2001) }, /question/);
  await toolError('retrieve_tables', { question: 42 }, /expected string/);
  await toolError('retrieve_tables', {}, /question/);
  await toolError('schema_context', { question: 'orders', maxTokens: 0 }, /maxTokens/);
  await toolError('schema_context', { question: 'orders', maxTokens: 'lots' }, /expected number/);
  await toolError('describe_table', {}, /table/);
  await toolError('describe_table', { table: ['SUPPLIER'] }, /expected string/);
  await toolError('describe_table', { table: 'suplier' }, /no table "suplier" in tpch; the nearest names: SUPPLIER/);
  await toolError('learn', {}, /nothing to learn/);
  await toolError('learn', { pairs: [{ question: 'q' }] }, /sql/);
  await toolError('no_such_tool', {}, /no_such_tool/);

  // tools/call without a tool name: the request itself is malformed, -32602 naming the field in one line
  const malformed = client.request({ method: 'tools/call', params: { arguments: {} } } as never, CallToolResultSchema);
  await expect(malformed).rejects.toSatisfy(
    (error: unknown) =>
      error instanceof McpError &&
      error.code === ErrorCode.InvalidParams &&
      /invalid params for tools\/call: params\.name: /.test(error.message) &&
      !error.message.includes('\n'),
  );
  await expect(client.request({ method: 'no/such/method' } as never, CallToolResultSchema)).rejects.toSatisfy(
    (error: unknown) => error instanceof McpError && error.code === ErrorCode.MethodNotFound,
  );

  // still answering
  const after = (await client.callTool({
    name: 'retrieve_tables',
    arguments: { question: 'Which customers ordered the most?' },
  })) as CallToolResult;
  expect(after.isError ?? false).toBe(false);
  expect((after.structuredContent as { tables: string[] }).tables).toEqual(expect.arrayContaining(['CUSTOMER', 'ORDERS']));
}

export interface RawSession {
  /** Every line the server wrote on stdout, parsed. */
  messages: { id?: number | null; result?: unknown; error?: unknown; jsonrpc?: string }[];
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * Speaks JSON-RPC lines to `guided mcp …args` by hand: initialize, then `requests` (each answered
 * before the next goes; a line given as a string goes as it is, unwaited: a line that is not JSON
 * is answered with an id of null), then closes stdin and waits for the process to exit by itself.
 */
export function rawStdioSession(
  box: Sandbox,
  args: readonly string[],
  requests: readonly (Record<string, unknown> | string)[],
): Promise<RawSession> {
  const child = spawn(process.execPath, [CLI, 'mcp', ...args], { cwd: box.work, env: sandboxEnv(box), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const answered = new Map<number, () => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const line of stdout.split('\n').slice(0, -1)) {
      try {
        const id = (JSON.parse(line) as { id?: number }).id;
        if (id !== undefined) answered.get(id)?.();
      } catch {
        // not JSON: the test fails on it below, once the process has exited
      }
    }
  });
  const send = (message: Record<string, unknown> | string) =>
    child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // answered, or the process is gone (then the checks on the messages say what is missing)
  const ask = (message: Record<string, unknown>) =>
    Promise.race([
      new Promise<void>((resolve) => {
        answered.set(message.id as number, resolve);
        send(message);
      }),
      exited,
    ]);
  return (async () => {
    await ask({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ method: 'notifications/initialized' });
    for (const request of requests) {
      if (typeof request === 'string' || request.id === undefined) send(request);
      else await ask(request);
    }
    child.stdin.end();
    const code = await exited;
    const messages = stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as RawSession['messages'][number];
        } catch {
          throw new Error(`guided mcp wrote a line that is not JSON-RPC on stdout: ${line}`);
        }
      });
    return { messages, stdout, stderr, code };
  })();
}
