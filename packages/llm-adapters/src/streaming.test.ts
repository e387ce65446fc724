import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelError, OllamaChatModel, OpenAiChatModel, type TokenInfo } from './index.js';
import {
  bytePieces,
  type FakeServer,
  ollamaChat,
  ollamaError,
  ollamaStream,
  openAiError,
  openAiStream,
  startFakeServer,
} from './test-support/fake-server.js';
import { holdTimeouts } from './test-support/timeouts.js';

const schema = {
  type: 'object',
  properties: { source: { type: 'string', enum: ['LINEITEM', 'ORDERS'] }, targets: { type: 'array', items: { type: 'string' } } },
  required: ['source', 'targets'],
  additionalProperties: false,
};
const ask = { messages: [{ role: 'user' as const, content: 'Pick a source.' }], jsonSchema: schema, schemaName: 'choice' };
const fast = { backoffMs: 5, timeoutMs: 30_000 }; // a ceiling only, generous: a stream in hundreds of pieces, on a busy machine
// token boundaries inside JSON strings and keys; a two-byte character (É) that the 5-byte pieces cut in half
const tokens = ['{"sou', 'rce":"LINE', 'ITEM","tar', 'gets":["SUPPLI', 'ÉR","NAT', 'ION"]}'];
const expected = { source: 'LINEITEM', targets: ['SUPPLIÉR', 'NATION'] };

let server: FakeServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function recorder() {
  const seen: [string, number][] = [];
  return { seen, onToken: (chunk: string, info: TokenInfo) => void seen.push([chunk, info.attempt]) };
}

describe('bytePieces (test support)', () => {
  it('cuts inside a multi-byte character', () => {
    const pieces = bytePieces(tokens.join(''), 5);
    expect(pieces.some((p) => p.toString('utf8').includes('\uFFFD'))).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(tokens.join(''));
  });
});

describe('OllamaChatModel streaming (/api/chat, NDJSON)', () => {
  it('puts the chunks together into one answer: parsed JSON, tokens from the done line, onToken per chunk', async () => {
    server = await startFakeServer(() => ollamaStream(tokens, { pieceBytes: 5 }));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const { seen, onToken } = recorder();
    const answer = await model.complete({ ...ask, onToken });
    expect(answer.json).toEqual(expected);
    expect(answer.content).toBe(tokens.join(''));
    expect(answer).toMatchObject({ model: 'qwen2.5:7b', usage: { promptTokens: 120, completionTokens: 30 }, cached: false, attempts: 1 });
    expect(seen).toEqual(tokens.map((t) => [t, 1]));
    const [req] = server.received;
    expect(req).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(req!.body).toMatchObject({
      model: 'qwen2.5:7b',
      stream: true,
      format: schema,
      messages: ask.messages,
      options: { temperature: 0 },
    });
    expect(model.usage()).toMatchObject({ calls: 1, retries: 0, failures: 0, promptTokens: 120, completionTokens: 30 });
  });

  it('streams when the adapter option says so, and not when the request says stream: false', async () => {
    server = await startFakeServer((req) => (req.body.stream ? ollamaStream(tokens) : ollamaChat(tokens.join(''))));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, stream: true });
    expect((await model.complete(ask)).json).toEqual(expected);
    const { seen, onToken } = recorder();
    expect((await model.complete({ ...ask, stream: false, onToken })).json).toEqual(expected);
    expect(server.received.map((r) => r.body.stream)).toEqual([true, false]);
    expect(seen).toEqual([[tokens.join(''), 1]]); // not streamed: the whole answer as one chunk
  });

  it('retries a stream that ends without the done line, then succeeds', async () => {
    server = await startFakeServer((_req, n) => ollamaStream(tokens, n === 0 ? { truncate: true } : {}));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const { seen, onToken } = recorder();
    const answer = await model.complete({ ...ask, onToken });
    expect(answer.json).toEqual(expected);
    expect(answer.attempts).toBe(2);
    expect(model.usage()).toMatchObject({ calls: 2, retries: 1, failures: 0 });
    expect(seen.filter(([, a]) => a === 2).map(([c]) => c)).toEqual(tokens); // the retry starts a new answer
    expect(seen.filter(([, a]) => a === 1).length).toBeGreaterThan(0);
  });

  it('retries a stream whose connection is reset midway, then fails as a connection error after the retries', async () => {
    server = await startFakeServer(() => ollamaStream(tokens, { truncate: true, destroy: true, pieceBytes: 64 }));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, retries: 1, stream: true });
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    expect([error.kind, error.retryable]).toEqual(['connection', true]);
    expect(error.message).toMatch(
      /^ollama:qwen2\.5:7b: the stream broke off before the answer was complete \(UND_ERR_SOCKET\) \(after 2 attempts\)$/,
    );
    expect(server.received).toHaveLength(2);
  });

  it('reports a clean truncation as the stream ending early', async () => {
    server = await startFakeServer(() => ollamaStream(tokens, { truncate: true }));
    const error = (await new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, retries: 0, stream: true })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(/the stream ended before the final "done": true line \(after \d+ characters\)/);
  });

  it('stops mid-stream when the caller aborts', async () => {
    // The server sends its first piece, waits for the abort, then sends the rest: a client that
    // kept reading would see all 40 tokens and succeed.
    const controller = new AbortController();
    const aborted = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    server = await startFakeServer(() =>
      ollamaStream(
        Array.from({ length: 40 }, () => 'x'),
        { pieceBytes: 200, hold: { after: 1, until: aborted } },
      ),
    );
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const seen: string[] = [];
    const error = (await model
      .complete({
        messages: ask.messages,
        signal: controller.signal,
        onToken: (c) => {
          seen.push(c);
          controller.abort();
        },
      })
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('aborted');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(40);
    expect(server.received).toHaveLength(1);
  });

  it('times out mid-stream: the timeout covers the whole streamed attempt', async () => {
    // The attempt's 300 ms timer is held by the test and expires once the first token is in, which
    // is "midway" by an event rather than by racing the clock; the server sends the rest only
    // then, so a client that ignored the expired timeout would read all 40 tokens and succeed.
    const timeouts = holdTimeouts();
    try {
      let expired: () => void = () => {};
      const timedOut = new Promise<void>((resolve) => (expired = resolve));
      server = await startFakeServer(() =>
        ollamaStream(
          Array.from({ length: 40 }, () => 'x'),
          { pieceBytes: 200, hold: { after: 1, until: timedOut } },
        ),
      );
      const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, timeoutMs: 300 });
      const seen: string[] = [];
      const onToken = (c: string) => {
        seen.push(c);
        if (seen.length === 1) {
          timeouts.expire();
          expired();
        }
      };
      const error = (await model.complete({ messages: ask.messages, onToken }).catch((e: unknown) => e)) as ModelError;
      expect(timeouts.requested).toEqual([300]);
      expect(error.kind).toBe('timeout');
      expect(error.message).toBe('ollama:qwen2.5:7b: no answer within 300 ms');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.length).toBeLessThan(40);
      expect(model.usage()).toMatchObject({ calls: 1, failures: 1 });
    } finally {
      timeouts.restore();
    }
  });

  it('retries an error line mid-stream; does not retry an HTTP 404 on a streamed request', async () => {
    server = await startFakeServer((_req, n) =>
      n === 0
        ? {
            stream: {
              contentType: 'application/x-ndjson',
              pieces: [
                Buffer.from(
                  '{"model":"qwen2.5:7b","message":{"role":"assistant","content":"{"},"done":false}\n{"error":"llama runner process has terminated"}\n',
                ),
              ],
            },
          }
        : ollamaStream(tokens),
    );
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, stream: true });
    expect((await model.complete(ask)).attempts).toBe(2);
    await server.close();
    server = await startFakeServer(() => ollamaError(404, 'model "qwen9:1b" not found, try pulling it first'));
    const error = (await new OllamaChatModel('qwen9:1b', server.url, { ...fast, stream: true })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.status, error.retryable]).toEqual(['http', 404, false]);
    expect(error.message).toBe('ollama:qwen9:1b: HTTP 404 model "qwen9:1b" not found, try pulling it first');
    expect(server.received).toHaveLength(1);
  });

  it('rejects a corrupt line in the middle of a stream as invalid output', async () => {
    server = await startFakeServer(() => ({
      stream: {
        contentType: 'application/x-ndjson',
        pieces: [Buffer.from('{"message":{"content":"{"},"done":false}\n{"message":\n{"message":{"content":"}"},"done":true}\n')],
      },
    }));
    const error = (await new OllamaChatModel('m', server.url, { ...fast, stream: true })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('invalid-output');
    expect(error.message).toContain('a line of the streamed answer is not JSON: {"message":');
  });

  it('repairs a streamed answer that breaks the schema, the repair streamed too', async () => {
    server = await startFakeServer((_req, n) => ollamaStream(n === 0 ? ['{"source":"PA', 'RT","targets":[]}'] : tokens));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const { seen, onToken } = recorder();
    const answer = await model.complete({ ...ask, onToken });
    expect(answer).toMatchObject({ json: expected, attempts: 2, usage: { promptTokens: 240, completionTokens: 60 } });
    expect(seen.map(([, a]) => a)).toEqual([1, 1, ...tokens.map(() => 2)]);
    expect(server.received[1]!.body.messages?.[1]).toEqual({ role: 'assistant', content: '{"source":"PART","targets":[]}' });
  });

  it('caches a streamed answer; a hit gives onToken the whole answer as attempt 0', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'llm-cache-'));
    dirs.push(cacheDir);
    server = await startFakeServer(() => ollamaStream(tokens));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, { ...fast, cacheDir });
    await model.complete({ ...ask, stream: true });
    const { seen, onToken } = recorder();
    const hit = await model.complete({ ...ask, onToken });
    expect(hit).toMatchObject({ cached: true, json: expected });
    expect(seen).toEqual([[tokens.join(''), 0]]);
    expect(server.received).toHaveLength(1);
  });

  it('fails, without retrying, when onToken throws', async () => {
    server = await startFakeServer(() => ollamaStream(tokens));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const error = (await model
      .complete({
        ...ask,
        onToken: () => {
          throw new Error('display gone');
        },
      })
      .catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.retryable, error.message]).toEqual(['config', false, 'ollama:qwen2.5:7b: onToken threw: display gone']);
    expect(server.received).toHaveLength(1);
  });

  it('fails the same way when onToken throws on an answer that was not streamed', async () => {
    server = await startFakeServer(() => ollamaChat(tokens.join('')));
    const model = new OllamaChatModel('qwen2.5:7b', server.url, fast);
    const throwing = () => {
      throw new Error('display gone');
    };
    const error = (await model.complete({ ...ask, stream: false, onToken: throwing }).catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.retryable, error.message]).toEqual(['config', false, 'ollama:qwen2.5:7b: onToken threw: display gone']);
    expect(server.received).toHaveLength(1);
  });
});

describe('OpenAiChatModel streaming (/chat/completions, server-sent events)', () => {
  it('puts the deltas together, takes usage from the final chunk and sends stream_options', async () => {
    server = await startFakeServer(() => openAiStream(tokens, { pieceBytes: 5 }, [150, 40]));
    const model = new OpenAiChatModel('gpt-4o-mini', server.url, { ...fast, apiKey: 'sk-test-1234567890' });
    const { seen, onToken } = recorder();
    const answer = await model.complete({ ...ask, onToken });
    expect(answer.json).toEqual(expected);
    expect(answer).toMatchObject({
      content: tokens.join(''),
      model: 'gpt-4o-mini-2024-07-18',
      usage: { promptTokens: 150, completionTokens: 40 },
      attempts: 1,
    });
    expect(seen).toEqual(tokens.map((t) => [t, 1]));
    const [req] = server.received;
    expect(req).toMatchObject({ method: 'POST', path: '/chat/completions' });
    expect(req!.headers.authorization).toBe('Bearer sk-test-1234567890');
    expect(req!.headers.accept).toBe('text/event-stream');
    expect(req!.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'choice', schema, strict: true } },
    });
    expect(model.usage()).toMatchObject({ calls: 1, promptTokens: 150, completionTokens: 40 });
  });

  it('has no usage when the server sends no usage chunk; streamUsage: false leaves stream_options out', async () => {
    server = await startFakeServer(() => openAiStream(tokens));
    const model = new OpenAiChatModel('local', server.url, { ...fast, stream: true, streamUsage: false });
    const answer = await model.complete(ask);
    expect(answer.json).toEqual(expected);
    expect(answer.usage).toBeUndefined();
    expect(server.received[0]!.body.stream).toBe(true);
    expect(server.received[0]!.body).not.toHaveProperty('stream_options');
  });

  it('retries a stream cut off before [DONE] (mid-event), then succeeds', async () => {
    server = await startFakeServer((_req, n) => openAiStream(tokens, n === 0 ? { truncate: true } : {}, [150, 40]));
    const model = new OpenAiChatModel('gpt-4o-mini', server.url, fast);
    const { seen, onToken } = recorder();
    const answer = await model.complete({ ...ask, onToken });
    expect(answer).toMatchObject({ json: expected, attempts: 2, usage: { promptTokens: 150, completionTokens: 40 } });
    expect(model.usage()).toMatchObject({ calls: 2, retries: 1, failures: 0 });
    expect(seen.filter(([, a]) => a === 2).map(([c]) => c)).toEqual(tokens);
  });

  it('retries a reset connection mid-stream, then succeeds', async () => {
    server = await startFakeServer((_req, n) => openAiStream(tokens, n === 0 ? { truncate: true, destroy: true, pieceBytes: 64 } : {}));
    const model = new OpenAiChatModel('gpt-4o-mini', server.url, fast);
    expect(await model.complete({ ...ask, stream: true })).toMatchObject({ json: expected, attempts: 2 });
  });

  it('stops mid-stream when the caller aborts', async () => {
    // As for Ollama: the rest of the stream comes after the abort, and a client still reading would finish.
    const controller = new AbortController();
    const aborted = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    server = await startFakeServer(() =>
      openAiStream(
        Array.from({ length: 40 }, () => 'x'),
        { pieceBytes: 300, hold: { after: 2, until: aborted } }, // two pieces: the role delta, then the first token's
      ),
    );
    const model = new OpenAiChatModel('gpt-4o-mini', server.url, fast);
    const seen: string[] = [];
    const error = (await model
      .complete({
        messages: ask.messages,
        signal: controller.signal,
        onToken: (c) => {
          seen.push(c);
          controller.abort();
        },
      })
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('aborted');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(40);
    expect(server.received).toHaveLength(1);
  });

  it('maps a mid-stream error event (429 retried), and an HTTP error on a streamed request, with the key redacted', async () => {
    const key = 'sk-secret-abcdef123456';
    server = await startFakeServer((_req, n) =>
      n === 0
        ? {
            stream: {
              contentType: 'text/event-stream',
              pieces: [Buffer.from(`data: {"error":{"message":"Rate limit for ${key}","code":429}}\n\n`)],
            },
          }
        : openAiError(401, `Incorrect API key provided: ${key}.`, 'invalid_api_key'),
    );
    const model = new OpenAiChatModel('gpt-4o-mini', server.url, { ...fast, apiKey: key, stream: true });
    const error = (await model.complete(ask).catch((e: unknown) => e)) as ModelError;
    expect([error.kind, error.status, error.retryable]).toEqual(['http', 401, false]);
    expect(error.message).toBe('openai:gpt-4o-mini: HTTP 401 Incorrect API key provided: [redacted].');
    expect(server.received).toHaveLength(2);
    expect(model.usage()).toMatchObject({ retries: 1 });
  });

  it('reports a streamed refusal as invalid output', async () => {
    const refusal = openAiStream([]);
    const text = Buffer.concat(refusal.stream!.pieces)
      .toString('utf8')
      .replace('"content":"","refusal":null', '"content":null,"refusal":"I can\'t help with that."');
    server = await startFakeServer(() => ({ stream: { contentType: 'text/event-stream', pieces: [Buffer.from(text)] } }));
    const error = (await new OpenAiChatModel('gpt-4o-mini', server.url, { ...fast, stream: true })
      .complete(ask)
      .catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('invalid-output');
    expect(error.message).toBe("openai:gpt-4o-mini: the model refused: I can't help with that.");
  });
});
