/**
 * The page over a user's own database (Chinook, not the embedded TPC-H): the examples it offers
 * come from Chinook's tables and values, each one answers, and the row preview shows the columns
 * the question matched. Over real HTTP: the built CLI's `guided serve --database … --port 0`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import type { GraphPayload, RetrieveResponse } from '../view/api-types.js';
import { TPCH_EXAMPLES } from './graph-payload.js';

let root: string;
let server: TestServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'guided-own-db-'));
  const database = join(root, 'Chinook.sqlite');
  writeFileSync(database, gunzipSync(readFileSync(new URL('../test-support/sample-dbs/Chinook_Sqlite.sqlite.gz', import.meta.url))));
  server = await startTestServer(['serve', '--database', database, '--quiet'], {
    GUIDED_CACHE_DIR: join(root, 'cache'),
    XDG_CACHE_HOME: join(root, 'xdg'),
  });
});

afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const ask = async (question: string): Promise<RetrieveResponse> => {
  const response = await fetch(new URL('api/retrieve', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RetrieveResponse;
};

describe("the page on a user's database", () => {
  it("offers examples made of the database's own tables and values, none of TPC-H's, each answered", async () => {
    const graph = (await (await fetch(new URL('api/graph', server.url))).json()) as GraphPayload;
    expect(graph.examples.length).toBeGreaterThanOrEqual(3);
    expect(graph.examples.filter((q) => TPCH_EXAMPLES.includes(q))).toEqual([]);
    const tableWords = /\b(albums?|artists?|customers?|employees?|genres?|invoices?|invoice lines?|media types?|playlists?|tracks?)\b/i;
    for (const question of graph.examples) {
      expect(question, 'names a Chinook table').toMatch(tableWords);
      const result = await ask(question);
      expect(result.tables.length, `${question}: ${result.reason ?? ''}`).toBeGreaterThan(0);
    }
    // A value as the database holds it, not a word of the schema.
    expect(graph.examples.some((q) => /\b(belong to|have .+) [A-Z]/.test(q))).toBe(true);
  });

  it('previews the column the question matched: "spent the most" shows Invoice.Total', async () => {
    const result = await ask('Which customers spent the most?');
    const matched = result.trace.grounding.matches.filter((m) => m.column !== null).map((m) => `${m.table}.${m.column}`);
    expect(matched).toContain('Invoice.Total');
    expect(result.preview?.ok).toBe(true);
    if (!result.preview?.ok) return;
    const invoice = result.joinTree.nodes.find((n) => n.table === 'Invoice')!;
    expect(result.preview.columns).toContain(`${invoice.alias}.Total`);
  });
});
