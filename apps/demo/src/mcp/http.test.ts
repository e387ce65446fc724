/**
 * `guided mcp --http --port 0`, end to end: the built CLI as a child process on 127.0.0.1 (it
 * prints its URL on stderr), spoken to by the SDK's real `Client` over Streamable HTTP, and by
 * plain HTTP for what it refuses.
 */
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, type Sandbox, sandbox } from '../test-support/cli.js';
import { connect, exerciseErrors, exerciseTools, makeTpchGraph, PAPER_QUESTION } from '../test-support/mcp.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let box: Sandbox;
let server: TestServer;
/** `http://127.0.0.1:<port>/mcp` */
let endpoint: URL;

beforeAll(async () => {
  requireBuiltCli();
  box = sandbox('mcp-http');
  const graph = makeTpchGraph(box);
  server = await startTestServer(['mcp', '--http', '--graph', graph], { GUIDED_CACHE_DIR: box.cache });
  endpoint = new URL(/at (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(server.stderr())?.[1] ?? 'http://missing/');
});

afterAll(async () => {
  await server?.stop();
  box?.remove();
});

/** One raw HTTP request to the server (node:http, so that Host can be set). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        method,
        path,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

describe('guided mcp --http with the SDK client', () => {
  let client: Client;
  let errors: Error[];

  beforeAll(async () => {
    ({ client, errors } = await connect(new StreamableHTTPClientTransport(endpoint)));
  });

  afterAll(() => client?.close());

  it('prints its URL on stderr, on 127.0.0.1', () => {
    expect(endpoint.hostname).toBe('127.0.0.1');
    expect(server.stderr()).toContain(`guided: MCP server for tpch (8 tables) at ${endpoint.href} (Streamable HTTP)`);
  });

  it('lists the five tools and answers each', async () => {
    await exerciseTools(client);
  });

  it('answers bad arguments with tool errors, a malformed request with a protocol error, and keeps answering', async () => {
    await exerciseErrors(client);
  });

  it('serves several clients at once (stateless: nothing kept between requests)', async () => {
    const others = await Promise.all([1, 2, 3].map(() => connect(new StreamableHTTPClientTransport(endpoint))));
    try {
      const answers = await Promise.all(
        others.map(({ client: c }) => c.callTool({ name: 'retrieve_tables', arguments: { question: PAPER_QUESTION } })),
      );
      for (const answer of answers)
        expect((answer.structuredContent as { tables: string[] }).tables).toEqual(['LINEITEM', 'SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER']);
    } finally {
      await Promise.all(others.map(({ client: c }) => c.close()));
    }
  });

  it('raised no transport error in the client', () => {
    expect(errors).toEqual([]);
  });
});

describe('guided mcp --http refuses', () => {
  it('a Host or an Origin other than this machine (DNS rebinding)', async () => {
    const host = await send('POST', '/mcp', { host: 'attacker.example:80' }, INITIALIZE);
    expect(host.status).toBe(403);
    expect(host.body).toContain('attacker.example');
    const origin = await send('POST', '/mcp', { origin: 'http://attacker.example' }, INITIALIZE);
    expect(origin.status).toBe(403);
    expect(origin.body).toContain('Origin http://attacker.example is not allowed');
    const local = await send(
      'POST',
      '/mcp',
      { host: `localhost:${endpoint.port}`, origin: `http://localhost:${endpoint.port}` },
      INITIALIZE,
    );
    expect(local.status).toBe(200);
    expect(JSON.parse(local.body)).toMatchObject({ id: 1, result: { serverInfo: { name: 'guided-retrieval' } } });
  });

  it('GET and DELETE (no SSE stream, no session), other paths, and a body that is not JSON-RPC', async () => {
    expect((await send('GET', '/mcp')).status).toBe(405);
    expect((await send('DELETE', '/mcp')).status).toBe(405);
    const other = await send('POST', '/', {}, INITIALIZE);
    expect(other.status).toBe(404);
    expect(other.body).toContain('/mcp');
    expect((await send('POST', '/mcp', {}, 'not json')).status).toBe(400);
  });

  it('and still answers afterwards', async () => {
    const { client } = await connect(new StreamableHTTPClientTransport(endpoint));
    try {
      const list = await client.callTool({ name: 'list_tables', arguments: {} });
      expect((list.structuredContent as { tables: unknown[] }).tables).toHaveLength(8);
    } finally {
      await client.close();
    }
  });
});
