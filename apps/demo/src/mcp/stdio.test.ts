/**
 * `guided mcp` over stdio, end to end: the built CLI as a child process, spoken to by the SDK's
 * real `Client` (and by hand, to see every byte it writes on stdout), over a small TPC-H graph.
 */

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, requireBuiltCli, type Sandbox, sandbox } from '../test-support/cli.js';
import { connectStdio, exerciseErrors, exerciseTools, makeTpchGraph, PAPER_QUESTION, rawStdioSession } from '../test-support/mcp.js';

let box: Sandbox;
let graph: string;

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('mcp-stdio');
  graph = makeTpchGraph(box);
});

afterAll(() => box?.remove());

describe('guided mcp (stdio) with the SDK client', () => {
  let client: Client;
  let errors: Error[];
  let stderr: () => string;

  beforeAll(async () => {
    ({ client, errors, stderr } = await connectStdio(box, ['--graph', graph]));
  });

  afterAll(() => client?.close());

  it('names itself with the package version', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'guided-retrieval', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(client.getInstructions()).toContain('retrieve_tables');
  });

  it('lists the five tools and answers each', async () => {
    await exerciseTools(client);
  });

  it('answers bad arguments with tool errors, a malformed request with a protocol error, and keeps answering', async () => {
    await exerciseErrors(client);
  });

  it('wrote nothing but protocol on stdout, and logs on stderr', () => {
    expect(errors).toEqual([]);
    expect(stderr()).toContain('guided: MCP server for tpch (8 tables) on stdio');
  });
});

describe('guided mcp (stdio) by hand', () => {
  it('writes one JSON-RPC message a line on stdout, answers a line that is not JSON with -32700, and exits 0 when stdin closes', async () => {
    const session = await rawStdioSession(
      box,
      ['--graph', graph],
      [
        { id: 2, method: 'tools/list' },
        'this is not JSON',
        { id: 3, method: 'tools/call', params: { name: 'retrieve_tables', arguments: { question: PAPER_QUESTION } } },
        { id: 4, method: 'tools/call', params: { name: 'retrieve_tables', arguments: { question: '' } } },
        { id: 5, method: 'no/such/method' },
        { id: 6, method: 'tools/call', params: { name: 'list_tables' } },
      ],
    );
    expect(session.code, session.stderr).toBe(0);
    expect(session.messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    expect(session.messages.map((m) => m.id)).toEqual([1, 2, null, 3, 4, 5, 6]);
    expect(session.messages[2]).toMatchObject({ error: { code: -32700, message: expect.stringMatching(/^parse error: not JSON/) } });
    const byId = (id: number) =>
      session.messages.find((m) => m.id === id) as {
        result?: { isError?: boolean; structuredContent?: { tables?: unknown[] } };
        error?: { code: number };
      };
    expect(byId(3).result?.structuredContent?.tables).toEqual(['LINEITEM', 'SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER']);
    expect(byId(4).result?.isError).toBe(true);
    expect(byId(5).error?.code).toBe(-32601);
    expect(byId(6).result?.structuredContent?.tables).toHaveLength(8);
    expect(session.stderr).toContain('on stdio');
  });

  it('serves the embedded TPC-H graph without --graph, generated on first use with progress on stderr only', async () => {
    const session = await rawStdioSession(box, [], [{ id: 2, method: 'tools/call', params: { name: 'list_tables', arguments: {} } }]);
    expect(session.code, session.stderr).toBe(0);
    expect(session.messages.map((m) => m.id)).toEqual([1, 2]);
    const list = (session.messages[1]!.result as { structuredContent: { database: string; tables: { name: string; rowCount: number }[] } })
      .structuredContent;
    expect(list.database).toBe('tpch');
    expect(list.tables.find((t) => t.name === 'NATION')?.rowCount).toBe(25);
    expect(session.stderr).toMatch(/generating TPC-H/);
  });

  it('profiles --database on start (progress on stderr) and serves its graph', async () => {
    const session = await rawStdioSession(
      box,
      ['--database', 'tpch.sqlite'],
      [{ id: 2, method: 'tools/call', params: { name: 'describe_table', arguments: { table: 'nation' } } }],
    );
    expect(session.code, session.stderr).toBe(0);
    const nation = (
      session.messages[1]!.result as { structuredContent: { database: string; table: string; joinsOut: { toTable: string }[] } }
    ).structuredContent;
    expect(nation).toMatchObject({ database: 'tpch', table: 'NATION', joinsOut: [{ toTable: 'REGION' }] });
    expect(session.stderr).toMatch(/profiling \[\d+\/\d+\] NATION/);
  });
});

describe('guided mcp: one-line errors before serving', () => {
  it('refuses --port without --http, both --graph and --database, and a missing graph file', () => {
    expectOneLineError(box.run(['mcp', '--port', '9000']), '--port needs --http');
    expectOneLineError(box.run(['mcp', '--graph', graph, '--database', 'tpch.sqlite']), 'pass --graph or --database, not both');
    expectOneLineError(box.run(['mcp', '--graph', 'missing.graph.json']), 'missing.graph.json');
    expectOneLineError(box.run(['mcp', '--schema', 'public']), '--schema needs --database');
  });
});
