import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModel, createEmbedder, type ModelError, OpenAiChatModel, OpenAiEmbedder } from './index.js';
import {
  closedPortUrl,
  type FakeServer,
  noAnswer,
  openAiChat,
  openAiEmbed,
  openAiError,
  startFakeServer,
} from './test-support/fake-server.js';

const KEY = 'sk-test-THIS-KEY-MUST-NEVER-LEAK-0123456789';
const schema = {
  type: 'object',
  properties: { paths: { type: 'array', items: { type: 'integer', minimum: 1 } } },
  required: ['paths'],
  additionalProperties: false,
};
const ask = {
  messages: [
    { role: 'system' as const, content: 'Choose paths.' },
    { role: 'user' as const, content: 'Paths 1-3.' },
  ],
  jsonSchema: schema,
  schemaName: 'path_selection',
};
// A ceiling for answers that do come, generous for a busy machine; timeout tests set their own.
const fast = { backoffMs: 5, timeoutMs: 30_000 };

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const model = (url: string, options = {}) => new OpenAiChatModel('gpt-4o-mini', `${url}/v1`, { ...fast, apiKey: KEY, ...options });

describe('OpenAiChatModel against a server speaking /v1/chat/completions', () => {
  it('sends response_format json_schema (strict) and the bearer key; reads choices[0] and usage', async () => {
    server = await startFakeServer(() => openAiChat('{"paths":[1,2]}'));
    const answer = await model(server.url).complete(ask);
    expect(answer).toMatchObject({
      json: { paths: [1, 2] },
      model: 'gpt-4o-mini-2024-07-18',
      usage: { promptTokens: 150, completionTokens: 40 },
    });
    const [req] = server.received;
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.body).toEqual({
      model: 'gpt-4o-mini',
      messages: ask.messages,
      temperature: 0,
      stream: false,
      response_format: { type: 'json_schema', json_schema: { name: 'path_selection', schema, strict: true } },
    });
  });

  it('sends no authorization header without a key (local servers)', async () => {
    server = await startFakeServer(() => openAiChat('plain text'));
    const answer = await new OpenAiChatModel('local', `${server.url}/v1`, fast).complete({
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 5,
    });
    expect(answer.content).toBe('plain text');
    expect(answer.json).toBeUndefined();
    expect(server.received[0]!.headers.authorization).toBeUndefined();
    expect(server.received[0]!.body.max_tokens).toBe(5);
    expect(server.received[0]!.body.response_format).toBeUndefined();
  });

  it('repairs malformed JSON content (a fenced answer parses; a broken one is repaired)', async () => {
    server = await startFakeServer((_req, n) => openAiChat(n === 0 ? '{"paths": [1,' : 'Sure:\n```json\n{"paths":[3]}\n```'));
    const answer = await model(server.url).complete(ask);
    expect(answer.json).toEqual({ paths: [3] });
    expect(answer.attempts).toBe(2);
    expect(server.received[1]!.body.messages?.at(-1)?.content).toContain('not valid JSON');
  });

  it('rejects a schema violation after the repair retry', async () => {
    server = await startFakeServer(() => openAiChat('{"paths":[0],"extra":true}'));
    const error = (await model(server.url)
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('invalid-output');
    expect(error.message).toContain('$.paths[0]: 0 is less than 1');
    expect(error.message).toContain('$: unexpected property "extra"');
  });

  it('honours Retry-After on a 429 and then succeeds', async () => {
    server = await startFakeServer((_req, n) =>
      n === 0
        ? openAiError(429, 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3.', 'rate_limit_exceeded', {
            'retry-after': '0.05',
          })
        : openAiChat('{"paths":[1]}'),
    );
    const m = model(server.url);
    const answer = await m.complete(ask);
    expect(answer.json).toEqual({ paths: [1] });
    expect(m.usage()).toMatchObject({ calls: 2, retries: 1 });
  });

  it('fails on repeated 500s with the status', async () => {
    server = await startFakeServer(() => openAiError(500, 'The server had an error while processing your request.', 'server_error'));
    const error = (await model(server.url, { retries: 1 })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.status]).toEqual(['http', 500]);
    expect(error.message).toBe('openai:gpt-4o-mini: HTTP 500 The server had an error while processing your request. (after 2 attempts)');
    expect(server.received).toHaveLength(2);
  });

  it('times out, reports connection refused, and aborts', async () => {
    // The server never answers: only the request's 80 ms timer can end the first call, only the abort the second.
    server = await startFakeServer(noAnswer);
    const timeout = (await model(server.url)
      .complete({ ...ask, timeoutMs: 80 })
      .catch((e: unknown) => e)) as ModelError;
    expect(timeout.kind).toBe('timeout');
    expect(timeout.message).toBe('openai:gpt-4o-mini: no answer within 80 ms');
    await server.close();
    server = await startFakeServer(noAnswer);
    const controller = new AbortController();
    const call = model(server.url)
      .complete({ ...ask, signal: controller.signal })
      .catch((e: unknown) => e);
    await server.arrived(1); // the request is at the server: the abort ends a call in flight
    controller.abort();
    const aborted = (await call) as ModelError;
    expect(aborted.kind).toBe('aborted');
    const refused = (await model(await closedPortUrl(), { retries: 0 })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(refused.kind).toBe('connection');
    expect(refused.retryable).toBe(true);
  });

  it('never puts the API key in an error message, even when the server echoes it', async () => {
    server = await startFakeServer(() =>
      openAiError(
        401,
        `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_api_key',
      ),
    );
    const error = (await model(server.url)
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(error.status).toBe(401);
    expect(error.message).toContain('Incorrect API key provided: [redacted].');
    for (const text of [error.message, error.stack ?? '', JSON.stringify(error), String(error)]) expect(text).not.toContain(KEY);
    expect(server.received).toHaveLength(1);
    const refused = (await model(await closedPortUrl(), { retries: 0 })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(`${refused.message} ${refused.stack}`).not.toContain(KEY);
  });

  it('caches answers on disk: a second call makes no request', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'llm-cache-'));
    try {
      server = await startFakeServer(() => openAiChat('{"paths":[2]}'));
      await model(server.url, { cacheDir }).complete(ask);
      const again = await model(server.url, { cacheDir }).complete(ask);
      expect(again).toMatchObject({ cached: true, json: { paths: [2] } });
      expect(server.received).toHaveLength(1);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('OpenAiEmbedder against a server speaking /v1/embeddings', () => {
  it('embeds, ordered by index, with the key', async () => {
    server = await startFakeServer((req) => {
      const reply = openAiEmbed((req.body.input ?? []).map((t) => [t.length, 0]));
      (reply.json as { data: unknown[] }).data.reverse(); // servers may answer out of order
      return reply;
    });
    const embedder = new OpenAiEmbedder('text-embedding-3-small', `${server.url}/v1`, { ...fast, apiKey: KEY });
    const vectors = await embedder.embed(['a', 'bbb']);
    expect(vectors.map((v) => [...v])).toEqual([
      [1, 0],
      [3, 0],
    ]);
    expect(server.received[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: ['a', 'bbb'] } });
    expect(embedder.usage()).toMatchObject({ calls: 1, promptTokens: 10 });
  });
});

describe('createChatModel / createEmbedder from a spec', () => {
  it('builds a working OpenAI-compatible model from openai:model@url with the key from the environment', async () => {
    server = await startFakeServer(() => openAiChat('{"paths":[1]}'));
    const m = createChatModel(`openai:qwen2.5-7b-instruct@${server.url}/v1`, { env: { OPENAI_API_KEY: KEY }, ...fast });
    expect(m.id).toBe('openai:qwen2.5-7b-instruct');
    expect((await m.complete(ask)).json).toEqual({ paths: [1] });
    expect(server.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('uses OPENAI_BASE_URL when the spec has no URL', async () => {
    server = await startFakeServer(() => openAiEmbed([[1]]));
    const e = createEmbedder('openai:text-embedding-3-small', { env: { OPENAI_BASE_URL: `${server.url}/v1` }, ...fast });
    await e.embed(['x']);
    expect(server.received[0]!.path).toBe('/v1/embeddings');
  });
});

describe('what leaves the process', () => {
  it('masks the API key when the server echoes it, in the answer, its tokens and the cache', async () => {
    server = await startFakeServer(() => openAiChat(`your key is ${KEY}, keep it safe`));
    const tokens: string[] = [];
    const cacheDir = await mkdtemp(join(tmpdir(), 'openai-mask-'));
    try {
      const answer = await model(server.url, { cacheDir }).complete({
        messages: ask.messages,
        stream: false,
        onToken: (t: string) => void tokens.push(t),
      });
      expect(answer.content).toBe('your key is ***, keep it safe');
      expect(tokens.join('')).not.toContain(KEY);
      const cached = await readdir(cacheDir, { recursive: true });
      const files = cached.filter((f) => String(f).endsWith('.json'));
      expect(files).toHaveLength(1);
      expect(await readFile(join(cacheDir, String(files[0])), 'utf8')).not.toContain(KEY);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('refuses an answer of megabytes: nothing printed or cached', async () => {
    server = await startFakeServer(() => openAiChat('x'.repeat(1_000_000)));
    const error = (await model(server.url)
      .complete({ messages: ask.messages })
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('invalid-output');
    expect(error.message).toMatch(/the answer is 1000000 characters long; answers over 262144 are refused/);
  });
});
