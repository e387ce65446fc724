/** The MCP tool `learn` through the SDK's real client, in process (a linked in-memory transport), over a small schema. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { loadHistory } from '@guided-retrieval/history';
import { Retriever } from '@guided-retrieval/retrieval';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { historyStore, type LearnOutput } from './learn.js';
import { createMcpServer } from './server.js';

const graph = graphFromSchema({
  database: 'shop',
  tables: [
    { name: 'customer', primaryKey: ['id'], columns: ['id', 'name', 'city'] },
    { name: 'orders', primaryKey: ['id'], columns: ['id', 'customer_id', 'total'] },
  ],
  foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] }],
});
const dir = mkdtempSync(join(tmpdir(), 'guided-mcp-learn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function client(path: string | null): Promise<Client> {
  const server = createMcpServer({
    graph,
    retriever: await Retriever.create(graph),
    history: historyStore(graph, path, null),
    version: '0.0.0',
    log: () => {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const c = new Client({ name: 'learn-test', version: '0.0.0' });
  await c.connect(clientSide);
  return c;
}

const PAIRS = [
  {
    question: 'Which customers in Paris ordered the most?',
    sql: "SELECT c.name FROM customer c JOIN orders o ON o.customer_id = c.id WHERE c.city = 'Paris' GROUP BY c.name ORDER BY SUM(o.total) DESC",
  },
  { question: 'How many orders?', sql: 'SELECT COUNT(*) FROM orders' },
];

describe('MCP learn', () => {
  it('learns pairs and statements, saves them beside the graph, and adds nothing the second time', async () => {
    const path = join(dir, 'shop.history.json');
    const c = await client(path);
    const first = (await c.callTool({
      name: 'learn',
      arguments: { pairs: PAIRS, sql: 'SELECT * FROM customer; SELECT * FROM invoices' },
    })) as CallToolResult;
    expect(first.isError ?? false).toBe(false);
    expect(first.structuredContent).toMatchObject({
      database: 'shop',
      statements: 4,
      learned: 3,
      added: 3,
      duplicates: 0,
      unknownTables: { invoices: 1 },
      historyStatements: 3,
      savedTo: path,
    } satisfies Partial<LearnOutput>);
    expect((first.structuredContent as LearnOutput).problems).toEqual([
      'unknown tables (not in the graph; their statements skipped, nothing guessed): invoices (1)',
    ]);
    const saved = await loadHistory(path);
    expect(saved.history.statements).toBe(3);
    expect(saved.history.joinUsage({ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] })).toBe(1);
    expect(readFileSync(path, 'utf8')).not.toContain('SELECT');

    const again = (await c.callTool({ name: 'learn', arguments: { pairs: PAIRS } })) as CallToolResult;
    expect(again.structuredContent).toMatchObject({ learned: 2, added: 0, duplicates: 2, historyStatements: 3 });
    await c.close();
  });

  it('keeps the history in memory when the server has no graph file, and learns concurrent calls one after another', async () => {
    const c = await client(null);
    const calls = await Promise.all(
      PAIRS.map((pair) => c.callTool({ name: 'learn', arguments: { pairs: [pair] } }) as Promise<CallToolResult>),
    );
    expect(calls.map((r) => (r.structuredContent as LearnOutput).historyStatements).sort()).toEqual([1, 2]);
    expect(calls.every((r) => (r.structuredContent as LearnOutput).savedTo === null)).toBe(true);
    const text = calls[0]?.content[0];
    expect(text?.type === 'text' && text.text).toContain('(in memory: the server has no graph file)');
    const empty = (await c.callTool({ name: 'learn', arguments: { sql: '   ' } })) as CallToolResult;
    expect(empty.isError).toBe(true);
    await c.close();
  });
});
