import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake server received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent. */
  text: string;
  /** The body parsed, when it is a JSON object; else empty. */
  body: RequestBody;
}

/** The fields of an Ollama or OpenAI request body that the tests read one by one (they compare the rest whole). */
export interface RequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  input?: string[];
  stream?: boolean;
  max_tokens?: number;
  response_format?: unknown;
  stream_options?: unknown;
}

/** What the fake server sends back. */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** A streamed answer: the body in these pieces, written one after another. */
  stream?: StreamedBody;
}

/** How a streamed body is sent. */
export interface StreamedBody {
  contentType: string;
  /** Each piece is its own write, and the next one waits until it is flushed to the socket. */
  pieces: Buffer[];
  /** After the first `after` pieces, write nothing more until `until` settles (the test's event: an abort, an expired timeout). */
  hold?: Hold;
  /** After the pieces, reset the connection instead of ending the body properly. */
  thenDestroy?: boolean;
}

/** A point in a streamed answer where the server waits for the test. */
export interface Hold {
  after: number;
  until: Promise<unknown>;
}

export interface FakeServer {
  url: string;
  received: Received[];
  /** Settles once `n` requests have come in whole (method, path, headers and body), before they are answered. */
  arrived(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * An answer that never comes: the request stays open until the client gives up (its timeout or
 * abort) or the server closes. A test of a timeout or an abort then cannot be decided by anything else.
 */
export function noAnswer(): Promise<Reply> {
  return new Promise<Reply>(() => {});
}

/**
 * A real HTTP server on 127.0.0.1 (port 0) answering each request with `handler(request, n)`,
 * where n counts requests from 0. It speaks whatever wire format the handler writes.
 */
export async function startFakeServer(handler: (request: Received, n: number) => Reply | Promise<Reply>): Promise<FakeServer> {
  const received: Received[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    // A client that aborts mid-answer resets the connection: that is the test's business, not an error here.
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: RequestBody = {};
        try {
          const parsed: unknown = text ? JSON.parse(text) : null;
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as RequestBody;
        } catch {
          // not JSON: `text` has it
        }
        const request: Received = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, text, body };
        received.push(request);
        for (const w of waiting.filter((w) => received.length >= w.n)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
        const reply = await handler(request, received.length - 1);
        if (res.destroyed) return;
        if (reply.stream) {
          const { pieces, hold } = reply.stream;
          res.writeHead(reply.status ?? 200, { 'content-type': reply.stream.contentType, ...reply.headers });
          res.flushHeaders();
          for (const [i, piece] of pieces.entries()) {
            if (hold && i === hold.after) await hold.until;
            if (res.destroyed) return;
            await new Promise<void>((flushed) => res.write(piece, () => flushed()));
          }
          if (reply.stream.thenDestroy) res.destroy();
          else res.end();
          return;
        }
        const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
        res.writeHead(reply.status ?? 200, {
          'content-type': reply.json !== undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
          ...reply.headers,
        });
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    arrived: (n) => (received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: a port that was just opened and closed. */
export async function closedPortUrl(): Promise<string> {
  const server = await startFakeServer(() => ({}));
  const url = server.url;
  await server.close();
  return url;
}

/** Ollama's `/api/chat` answer with `stream: false`, as the server sends it. */
export function ollamaChat(content: string, model = 'qwen2.5:7b', tokens: [number, number] = [120, 30]): Reply {
  return {
    json: {
      model,
      created_at: '2025-01-01T00:00:00.000000Z',
      message: { role: 'assistant', content },
      done_reason: 'stop',
      done: true,
      total_duration: 1_234_567_890,
      load_duration: 12_345_678,
      prompt_eval_count: tokens[0],
      prompt_eval_duration: 345_678_901,
      eval_count: tokens[1],
      eval_duration: 876_543_210,
    },
  };
}

/** Ollama's `/api/embed` answer. */
export function ollamaEmbed(embeddings: number[][], model = 'nomic-embed-text'): Reply {
  return { json: { model, embeddings, total_duration: 14_143_917, load_duration: 1_019_500, prompt_eval_count: 8 * embeddings.length } };
}

/** Ollama's error body: `{ "error": "…" }`. */
export function ollamaError(status: number, error: string): Reply {
  return { status, json: { error } };
}

/** OpenAI's `/v1/chat/completions` answer. */
export function openAiChat(content: string, model = 'gpt-4o-mini-2024-07-18', tokens: [number, number] = [150, 40]): Reply {
  return {
    json: {
      id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
      object: 'chat.completion',
      created: 1741569952,
      model,
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: {
        prompt_tokens: tokens[0],
        completion_tokens: tokens[1],
        total_tokens: tokens[0] + tokens[1],
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_06737a9306',
    },
  };
}

/** OpenAI's `/v1/embeddings` answer. */
export function openAiEmbed(embeddings: number[][], model = 'text-embedding-3-small'): Reply {
  return {
    json: {
      object: 'list',
      data: embeddings.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      model,
      usage: { prompt_tokens: 5 * embeddings.length, total_tokens: 5 * embeddings.length },
    },
  };
}

/** OpenAI's error body. */
export function openAiError(status: number, message: string, code: string, headers: Record<string, string> = {}): Reply {
  return { status, headers, json: { error: { message, type: status === 429 ? 'requests' : 'invalid_request_error', param: null, code } } };
}

/** `text` as UTF-8 bytes cut every `size` bytes: pieces split lines, JSON and even characters. */
export function bytePieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

/** Options of the streamed answers below. */
export interface StreamShape {
  /** Bytes per network piece (default 7). */
  pieceBytes?: number;
  /** Stop after some pieces until the test's event (see `StreamedBody.hold`). */
  hold?: Hold;
  /** Leave out the final line (`done: true` / `data: [DONE]`): a stream cut off midway. */
  truncate?: boolean;
  /** With `truncate`, reset the connection rather than end the body cleanly. */
  destroy?: boolean;
}

function streamed(contentType: string, text: string, shape: StreamShape): Reply {
  return {
    stream: {
      contentType,
      pieces: bytePieces(text, shape.pieceBytes ?? 7),
      ...(shape.hold ? { hold: shape.hold } : {}),
      ...(shape.destroy ? { thenDestroy: true } : {}),
    },
  };
}

/** Ollama's `/api/chat` answer with `stream: true`: NDJSON, one line per token, a final `done` line with counts. */
export function ollamaStream(
  tokens: readonly string[],
  shape: StreamShape = {},
  model = 'qwen2.5:7b',
  counts: [number, number] = [120, 30],
): Reply {
  const at = '2025-01-01T00:00:00.000000Z';
  const lines = tokens.map((t) => JSON.stringify({ model, created_at: at, message: { role: 'assistant', content: t }, done: false }));
  if (!shape.truncate) {
    lines.push(
      JSON.stringify({
        model,
        created_at: at,
        message: { role: 'assistant', content: '' },
        done_reason: 'stop',
        done: true,
        total_duration: 1_234_567_890,
        load_duration: 12_345_678,
        prompt_eval_count: counts[0],
        prompt_eval_duration: 345_678_901,
        eval_count: counts[1],
        eval_duration: 876_543_210,
      }),
    );
  }
  let text = lines.map((l) => `${l}\n`).join('');
  if (shape.truncate) text = text.slice(0, text.length - 20); // mid-way through the last token's line
  return streamed('application/x-ndjson', text, shape);
}

/**
 * OpenAI's `/v1/chat/completions` answer with `stream: true`: server-sent events, a first delta
 * with the role, one per token, a finish chunk, a usage chunk (when `counts` is given), `[DONE]`.
 */
export function openAiStream(
  tokens: readonly string[],
  shape: StreamShape = {},
  counts?: [number, number],
  model = 'gpt-4o-mini-2024-07-18',
): Reply {
  const base = {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion.chunk',
    created: 1741569952,
    model,
    system_fingerprint: 'fp_06737a9306',
  };
  const choice = (delta: object, finish: string | null) => ({ index: 0, delta, logprobs: null, finish_reason: finish });
  const events: object[] = [
    { ...base, choices: [choice({ role: 'assistant', content: '', refusal: null }, null)], ...(counts ? { usage: null } : {}) },
    ...tokens.map((t) => ({ ...base, choices: [choice({ content: t }, null)], ...(counts ? { usage: null } : {}) })),
    { ...base, choices: [choice({}, 'stop')], ...(counts ? { usage: null } : {}) },
  ];
  if (counts)
    events.push({
      ...base,
      choices: [],
      usage: { prompt_tokens: counts[0], completion_tokens: counts[1], total_tokens: counts[0] + counts[1] },
    });
  let text = `: keep-alive\n\n${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}`;
  if (shape.truncate) text = text.slice(0, Math.floor(text.length * 0.6));
  else text += 'data: [DONE]\n\n';
  return streamed('text/event-stream; charset=utf-8', text, shape);
}
