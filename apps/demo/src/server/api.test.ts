/**
 * The JSON API over real HTTP: the built CLI's `guided serve --port 0` with a fresh
 * GUIDED_CACHE_DIR, asked with fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

let root: string;
let server: TestServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'guided-api-'));
  server = await startTestServer(['serve'], { GUIDED_CACHE_DIR: join(root, 'cache'), XDG_CACHE_HOME: join(root, 'xdg') });
});

afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const post = (body: string, type: string | null = 'application/json') =>
  fetch(new URL('api/retrieve', server.url), { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

async function expectError(response: Response, status: number, mention: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: unknown };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatch(mention);
}

describe('the server', () => {
  it('listens on 127.0.0.1 and prints its URL on stderr', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.stderr()).toContain('with row previews');
  });

  it('serves the built page', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Guided Retrieval');
  });
});

describe('GET /api/graph', () => {
  it('returns the tables and join edges to draw', async () => {
    const response = await fetch(new URL('api/graph', server.url));
    expect(response.status).toBe(200);
    const graph = (await response.json()) as {
      database: string;
      tables: { name: string }[];
      edges: { id: string; from: string; to: string; on: string }[];
      examples: string[];
      preview: boolean;
    };
    expect(graph.tables.map((t) => t.name)).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
    expect(graph.edges).toHaveLength(10);
    expect(graph.edges).toContainEqual({
      id: 'SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)',
      from: 'SUPPLIER',
      to: 'NATION',
      on: 'SUPPLIER.S_NATIONKEY = NATION.N_NATIONKEY',
    });
    expect(graph.examples[0]).toBe('Which Indian suppliers are shipping the most to China?');
    expect(graph.preview).toBe(true);
  });
});

describe('POST /api/retrieve', () => {
  it('returns the RetrievalResult with a read-only preview of the FROM clause', async () => {
    const response = await post(JSON.stringify({ question: 'Which Indian suppliers are shipping the most to China?' }));
    expect(response.status).toBe(200);
    const result = (await response.json()) as {
      joinTree: { nodes: { alias: string }[] };
      sql: string;
      trace: { timings: { total: number } };
      preview: { ok: boolean; rowCount: number; rows: unknown[]; columns: string[] };
    };
    expect(result.joinTree.nodes.map((n) => n.alias)).toEqual([
      'lineitem',
      'supplier',
      'nation_supplier',
      'orders',
      'customer',
      'nation_customer',
    ]);
    expect(result.sql).toMatch(/^FROM LINEITEM AS lineitem/);
    expect(result.trace.timings.total).toEqual(expect.any(Number));
    expect(result.preview).toMatchObject({ ok: true, rowCount: expect.any(Number) });
    expect(result.preview.rowCount).toBeGreaterThan(0);
    expect(result.preview.rows).toHaveLength(5);
    expect(result.preview.columns).toContain('nation_customer.N_NAME');
  });

  it('an unmatched question is not an error: no tables, a reason, no preview', async () => {
    const response = await post(JSON.stringify({ question: 'What is the weather in Paris tomorrow?' }));
    expect(response.status).toBe(200);
    const result = (await response.json()) as { source: unknown; reason: string; preview?: unknown };
    expect(result.source).toBeNull();
    expect(result.reason.length).toBeGreaterThan(0);
    expect(result.preview).toBeUndefined();
  });

  it('400 for an empty question', async () => {
    await expectError(await post(JSON.stringify({ question: '' })), 400, /question is empty/);
    await expectError(await post(JSON.stringify({ question: '   ' })), 400, /question is empty/);
  });

  it('400 for a missing or non-string question, or a body that is not an object', async () => {
    await expectError(await post('{}'), 400, /"question" must be a string/);
    await expectError(await post(JSON.stringify({ question: 42 })), 400, /"question" must be a string/);
    await expectError(await post('[1]'), 400, /JSON object/);
  });

  it('400 for bad JSON', async () => {
    await expectError(await post('{"question": "unterminated'), 400, /not valid JSON/);
  });

  it('400 for a question over 2000 characters', async () => {
    await expectError(await post(JSON.stringify({ question: 'orders '.repeat(300) })), 400, /limit is 2000/);
  });

  it('413 for a body over 16 KB', async () => {
    await expectError(await post(JSON.stringify({ question: 'x'.repeat(17_000) })), 413, /larger than 16384 bytes/);
  });

  it('415 for another content type, or none', async () => {
    await expectError(await post('question=orders', 'application/x-www-form-urlencoded'), 415, /application\/json/);
    await expectError(await post('orders', 'text/plain'), 415, /application\/json/);
  });

  it('405 for GET, 404 for an unknown API route', async () => {
    await expectError(await fetch(new URL('api/retrieve', server.url)), 405, /POST/);
    await expectError(await fetch(new URL('api/nothing-here', server.url)), 404, /no such route/);
  });
});

describe('shutting down', () => {
  // How fast it exits is measured by `pnpm bench:serve` (87 ms); here: that it exits at all, with
  // previews still running, and that every request in flight settles.
  it('exits on SIGTERM with previews in flight, and every request settles', async () => {
    const second = await startTestServer(
      ['serve'],
      { GUIDED_CACHE_DIR: join(root, 'cache'), XDG_CACHE_HOME: join(root, 'xdg') },
      { announceForks: true },
    );
    const inFlight = Array.from({ length: 6 }, () =>
      fetch(new URL('api/retrieve', second.url), {
        method: 'POST',
        body: JSON.stringify({ question: 'Which Indian suppliers are shipping the most to China?' }),
        headers: { 'content-type': 'application/json' },
      }).catch(() => null),
    );
    // SIGTERM once the server has forked a preview process: the requests are in and being worked on.
    await second.printed(/^test-server: forked \S*preview-child\.js$/m);
    expect(await second.stop()).toEqual({ code: 0, signal: null });
    await Promise.all(inFlight);
    expect(second.stderr()).not.toMatch(/failed:/);
  });
});

describe('POST /api/retrieve without a preview', () => {
  it('answers without one when asked ("preview": false)', async () => {
    const response = await post(JSON.stringify({ question: 'Which Indian suppliers are shipping the most to China?', preview: false }));
    const result = (await response.json()) as { tables: string[]; preview?: unknown };
    expect(result.tables).toHaveLength(5);
    expect(result.preview).toBeUndefined();
  });
});

describe('POST /api/context', () => {
  const context = (body: unknown) =>
    fetch(new URL('api/context', server.url), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('answers with the prompt context within the budget asked', async () => {
    const response = await context({ question: 'Which Indian suppliers are shipping the most to China?', maxTokens: 500 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { text: string; tokens: number; maxTokens: number; overBudget: boolean; shown: unknown[] };
    expect(body).toMatchObject({ maxTokens: 500, overBudget: false });
    expect(body.tokens).toBeLessThanOrEqual(500);
    expect(body.text).toMatch(/^TABLE LINEITEM/m);
    expect(body.shown.length).toBeGreaterThan(0);
  });

  it('refuses a budget that is no whole number of tokens, a missing question, and GET', async () => {
    await expectError(await context({ question: 'orders', maxTokens: 'lots' }), 400, /maxTokens/);
    await expectError(await context({ question: 'orders', maxTokens: 0 }), 400, /maxTokens/);
    await expectError(await context({ maxTokens: 100 }), 400, /question/);
    await expectError(await fetch(new URL('api/context', server.url)), 405, /POST/);
  });
});
