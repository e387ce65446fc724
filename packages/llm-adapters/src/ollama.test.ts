import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelError, OllamaChatModel, OllamaEmbedder, UsageCounter } from './index.js';
import {
  closedPortUrl,
  type FakeServer,
  noAnswer,
  ollamaChat,
  ollamaEmbed,
  ollamaError,
  startFakeServer,
} from './test-support/fake-server.js';

const schema = {
  type: 'object',
  properties: { source: { type: 'string', enum: ['LINEITEM', 'ORDERS'] }, targets: { type: 'array', items: { type: 'string' } } },
  required: ['source', 'targets'],
  additionalProperties: false,
};
const ask = { messages: [{ role: 'user' as const, content: 'Pick a source.' }], jsonSchema: schema, schemaName: 'choice' };
// A ceiling for answers that do come, generous for a busy machine; timeout tests set their own.
const fast = { backoffMs: 5, timeoutMs: 30_000 };

let server: FakeServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('OllamaChatModel against a server speaking /api/chat', () => {
  it('sends the schema as format with stream false and returns parsed JSON, tokens and usage', async () => {
    server = await startFakeServer(() => ollamaChat('{"source":"LINEITEM","targets":["SUPPLIER"]}'));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const answer = await model.complete(ask);
    expect(answer.json).toEqual({ source: 'LINEITEM', targets: ['SUPPLIER'] });
    expect(answer).toMatchObject({ model: 'qwen2.5:7b', usage: { promptTokens: 120, completionTokens: 30 }, cached: false, attempts: 1 });
    const [req] = server.received;
    expect(req).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(req!.body).toMatchObject({
      model: 'qwen2.5:7b',
      stream: false,
      format: schema,
      messages: ask.messages,
      options: { temperature: 0 },
    });
    expect(model.id).toBe('ollama:qwen2.5:7b');
    expect(model.usage()).toMatchObject({ calls: 1, cacheHits: 0, retries: 0, failures: 0, promptTokens: 120, completionTokens: 30 });
    expect(model.usage().ms).toBeGreaterThan(0);
  });

  it('repairs malformed JSON once, telling the model what was wrong', async () => {
    server = await startFakeServer((_req, n) =>
      ollamaChat(n === 0 ? '{"source": "LINEITEM", "targets": [' : '{"source":"ORDERS","targets":[]}'),
    );
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const answer = await model.complete(ask);
    expect(answer.json).toEqual({ source: 'ORDERS', targets: [] });
    expect(answer.attempts).toBe(2);
    expect(answer.usage).toEqual({ promptTokens: 240, completionTokens: 60 });
    const repair = server.received[1]!.body.messages!;
    expect(repair).toHaveLength(3);
    expect(repair[1]).toEqual({ role: 'assistant', content: '{"source": "LINEITEM", "targets": [' });
    expect(repair[2]!.content).toMatch(/^Your previous answer was not valid:\n- not valid JSON/);
  });

  it('counts the attempts of each request alone when several run at once', async () => {
    // No answer goes until all three requests are in: they are in flight together, whatever the machine's speed.
    let all: () => void = () => {};
    const allIn = new Promise<void>((resolve) => (all = resolve));
    server = await startFakeServer(async (_req, n) => {
      if (n === 2) all();
      await allIn;
      return ollamaChat('{"source":"LINEITEM","targets":[]}');
    });
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const answers = await Promise.all([model.complete(ask), model.complete(ask), model.complete(ask)]);
    expect(answers.map((a) => a.attempts)).toEqual([1, 1, 1]);
    expect(model.usage()).toMatchObject({ calls: 3 });
    expect(server.received).toHaveLength(3);
  });

  it('repairs a schema violation, and gives up with invalid-output when the repair is wrong too', async () => {
    server = await startFakeServer(() => ollamaChat('{"source":"PART","targets":"SUPPLIER"}'));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const error = await model.complete(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('invalid-output');
    expect((error as ModelError).message).toContain('$.source: "PART" is not one of "LINEITEM", "ORDERS"');
    expect((error as ModelError).message).toContain('$.targets: expected array, got string');
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.body.messages?.[2]?.content).toContain('$.source: "PART" is not one of');
    expect(model.usage()).toMatchObject({ calls: 2, failures: 1 });
  });

  it('times out when the server does not answer in time, without retrying', async () => {
    // The server never answers: only the 100 ms timer can end the call.
    server = await startFakeServer(noAnswer);
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, timeoutMs: 100 });
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('ollama:qwen2.5:7b: no answer within 100 ms');
    expect(model.usage()).toMatchObject({ calls: 1, retries: 0, failures: 1 });
  });

  it('retries a 429 and then succeeds', async () => {
    server = await startFakeServer((_req, n) =>
      n === 0
        ? ollamaError(429, 'server busy, please try again. maximum pending requests exceeded')
        : ollamaChat('{"source":"LINEITEM","targets":[]}'),
    );
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const answer = await model.complete(ask);
    expect(answer.json).toEqual({ source: 'LINEITEM', targets: [] });
    expect(model.usage()).toMatchObject({ calls: 2, retries: 1, failures: 0 });
  });

  it('retries 500s a bounded number of times, then fails with the status', async () => {
    server = await startFakeServer(() => ollamaError(500, 'llama runner process has terminated: exit status 2'));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, retries: 2 });
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.message).toBe('ollama:qwen2.5:7b: HTTP 500 llama runner process has terminated: exit status 2 (after 3 attempts)');
    expect(server.received).toHaveLength(3);
  });

  it('does not retry a 404 (unknown model)', async () => {
    server = await startFakeServer(() => ollamaError(404, 'model "qwen9:1b" not found, try pulling it first'));
    const model = new OllamaChatModel('qwen9:1b', server.url, fast);
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.status, error.retryable]).toEqual(['http', 404, false]);
    expect(server.received).toHaveLength(1);
  });

  it('reports connection refused on a closed port, after retrying', async () => {
    const model = new OllamaChatModel('qwen2.5:7b', await closedPortUrl(), { ...fast, retries: 1 });
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('connection');
    expect(error.message).toBe('ollama:qwen2.5:7b: cannot reach the server (ECONNREFUSED) (after 2 attempts)');
    expect(model.usage()).toMatchObject({ calls: 2, retries: 1, failures: 1 });
  });

  it('stops when the caller aborts', async () => {
    server = await startFakeServer(noAnswer);
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const controller = new AbortController();
    const call = model.complete({ ...ask, signal: controller.signal }).catch((e: unknown) => e);
    // The caller gives up once the request is at the server, which never answers: only the abort can end the call.
    await server.arrived(1);
    controller.abort();
    const error = (await call) as ModelError;
    expect(error.kind).toBe('aborted');
    const already = (await model.complete({ ...ask, signal: AbortSignal.abort() }).catch((e: unknown) => e)) as ModelError;
    expect(already.kind).toBe('aborted');
    expect(server.received).toHaveLength(1);
  });

  it('serves a repeated request from the on-disk cache without an HTTP request', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'llm-cache-'));
    dirs.push(cacheDir);
    server = await startFakeServer(() => ollamaChat('{"source":"LINEITEM","targets":["NATION"]}'));
    const first = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, cacheDir });
    const a = await first.complete(ask);
    const second = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, cacheDir });
    const b = await second.complete(ask);
    expect(server.received).toHaveLength(1);
    expect(b).toMatchObject({ cached: true, json: a.json, content: a.content, usage: a.usage, latencyMs: 0 });
    expect(second.usage()).toMatchObject({ calls: 0, cacheHits: 1 });
    const files = readdirSync(cacheDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}[/\\][0-9a-f]{64}\.json$/);
    // a different request, or another model, is a miss
    await second.complete({ ...ask, messages: [{ role: 'user', content: 'Pick another.' }] });
    await new OllamaChatModel('llama3.1:8b', server.url, { ...fast, cacheDir }).complete(ask);
    expect(server.received).toHaveLength(3);
    // noCache bypasses it
    await second.complete({ ...ask, noCache: true });
    expect(server.received).toHaveLength(4);
  });

  it('shares one usage counter between models', async () => {
    server = await startFakeServer((req) =>
      req.path === '/api/embed'
        ? ollamaEmbed([
            [1, 0],
            [0, 1],
          ])
        : ollamaChat('{"source":"LINEITEM","targets":[]}'),
    );
    const usage = new UsageCounter();
    await new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, usage }).complete(ask);
    await new OllamaEmbedder('nomic-embed-text', server.url, { ...fast, usage }).embed(['a', 'b']);
    expect(usage.snapshot()).toMatchObject({ calls: 2, promptTokens: 136, completionTokens: 30 });
  });
});

describe('OllamaEmbedder against a server speaking /api/embed', () => {
  it('embeds in batches, in order, and learns the dimensions', async () => {
    server = await startFakeServer((req) => ollamaEmbed((req.body.input ?? []).map((t) => [t.length, 1, 0])));
    const embedder = new OllamaEmbedder('nomic-embed-text', server.url, { ...fast, batchSize: 2 });
    expect(embedder.dimensions).toBe(0);
    const vectors = await embedder.embed(['a', 'bb', 'ccc']);
    expect(vectors.map((v) => [...v])).toEqual([
      [1, 1, 0],
      [2, 1, 0],
      [3, 1, 0],
    ]);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(embedder.dimensions).toBe(3);
    expect(server.received.map((r) => r.body)).toEqual([
      { model: 'nomic-embed-text', input: ['a', 'bb'] },
      { model: 'nomic-embed-text', input: ['ccc'] },
    ]);
    expect(embedder.id).toBe('ollama:nomic-embed-text');
  });

  it('rejects an answer with the wrong number of vectors', async () => {
    server = await startFakeServer(() => ollamaEmbed([[1, 2]]));
    const error = (await new OllamaEmbedder('e', server.url, fast).embed(['a', 'b']).catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('invalid-output');
  });
});
