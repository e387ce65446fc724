import { BaseChatModel, type ChatModelOptions, type RawAnswer, rawAnswer, type SendRequest } from './base-chat.js';
import { BaseEmbedder, type EmbedderOptions, type RawEmbeddings, rawEmbeddings } from './base-embedder.js';
import { ModelError, retryableStatus } from './errors.js';
import { emit, readLines, truncatedStream } from './stream.js';
import { httpError } from './transport.js';

export const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

export interface OpenAiOptions {
  /** The API key; sent as `Authorization: Bearer …`, never logged or put in an error. Optional for local servers. */
  apiKey?: string;
  /**
   * When streaming, ask for token counts in a final chunk (`stream_options: { include_usage: true }`).
   * Default true; turn off for a server that rejects `stream_options`.
   */
  streamUsage?: boolean;
}

/** One `data:` event of a streamed `/chat/completions` answer. */
interface OpenAiChunk {
  model?: string;
  choices?: { delta?: { content?: string | null; refusal?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string; code?: unknown } | string;
}

async function post(url: string, body: unknown, apiKey: string | undefined, signal: AbortSignal, what: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw httpError(what, response.status, text, [apiKey], response.headers.get('retry-after'));
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelError('invalid-output', `${what}: the server's answer is not JSON`, { status: response.status });
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * A model behind an OpenAI-compatible `/v1/chat/completions` (OpenAI, vLLM, llama.cpp's server,
 * LM Studio, …), with `response_format: { type: 'json_schema', json_schema: { name, schema, strict } }`.
 * With `stream`, the answer is read as server-sent events (`data: {…delta…}` … `data: [DONE]`).
 */
export class OpenAiChatModel extends BaseChatModel {
  private readonly apiKey: string | undefined;
  private readonly streamUsage: boolean;

  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OPENAI_URL,
    options: ChatModelOptions & OpenAiOptions = {},
  ) {
    super(`openai:${model}`, options);
    this.apiKey = options.apiKey;
    this.streamUsage = options.streamUsage ?? true;
  }

  protected override secrets(): (string | undefined)[] {
    return [this.apiKey];
  }

  protected async send(request: SendRequest): Promise<RawAnswer> {
    if (request.stream) return this.sendStreamed(request);
    const body = {
      ...this.body(request),
      stream: false,
    };
    const answer = (await post(`${trimSlash(this.baseUrl)}/chat/completions`, body, this.apiKey, request.signal, this.id)) as {
      model?: string;
      choices?: { message?: { content?: string | null; refusal?: string | null } }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    const message = answer.choices?.[0]?.message;
    if (message?.refusal) throw new ModelError('invalid-output', `${this.id}: the model refused: ${message.refusal.slice(0, 200)}`);
    if (typeof message?.content !== 'string')
      throw new ModelError('invalid-output', `${this.id}: the answer has no choices[0].message.content`);
    return rawAnswer(message.content, answer.model ?? this.model, answer.usage?.prompt_tokens, answer.usage?.completion_tokens);
  }

  private body(request: SendRequest) {
    return {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      temperature: request.temperature,
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.jsonSchema
        ? { response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true } } }
        : {}),
    };
  }

  private async sendStreamed(request: SendRequest): Promise<RawAnswer> {
    const body = { ...this.body(request), stream: true, ...(this.streamUsage ? { stream_options: { include_usage: true } } : {}) };
    const response = await fetch(`${trimSlash(this.baseUrl)}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: request.signal,
    });
    if (!response.ok) throw httpError(this.id, response.status, await response.text(), [this.apiKey], response.headers.get('retry-after'));
    if (!response.body) throw truncatedStream(this.id, 'data: [DONE]', 0);
    let content = '';
    let refusal = '';
    let model = this.model;
    let usage: OpenAiChunk['usage'] = null;
    let bad: string | null = null; // an event that is not JSON: corrupt if more follows, cut off if the stream ends
    // Events are `data: …` lines separated by blank lines; `:` comments, `event:`, `id:` and `retry:` lines carry nothing needed here.
    for await (const line of readLines(response.body, this.id, request.signal)) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (bad !== null)
        throw new ModelError('invalid-output', `${this.id}: an event of the streamed answer is not JSON: ${bad.slice(0, 120)}`);
      if (data === '[DONE]') {
        if (refusal) throw new ModelError('invalid-output', `${this.id}: the model refused: ${refusal.slice(0, 200)}`);
        return rawAnswer(content, model, usage?.prompt_tokens, usage?.completion_tokens);
      }
      let chunk: OpenAiChunk;
      try {
        chunk = JSON.parse(data) as OpenAiChunk;
      } catch {
        bad = data;
        continue;
      }
      if (chunk.error) {
        const message = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? JSON.stringify(chunk.error));
        const code = typeof chunk.error === 'object' ? Number(chunk.error.code) : NaN;
        const status = Number.isInteger(code) && code >= 400 && code < 600 ? code : undefined;
        throw new ModelError('http', `${this.id}: the server failed mid-stream: ${message.slice(0, 300)}`, {
          ...(status ? { status } : {}),
          retryable: status ? retryableStatus(status) : true,
        });
      }
      if (typeof chunk.model === 'string') model = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const delta = chunk.choices?.[0]?.delta;
      if (typeof delta?.refusal === 'string') refusal += delta.refusal;
      if (typeof delta?.content === 'string' && delta.content !== '') {
        content += delta.content;
        emit(request.onToken, delta.content, this.id);
      }
    }
    throw truncatedStream(this.id, 'data: [DONE]', content.length);
  }
}

/** An OpenAI-compatible `/v1/embeddings` model. */
export class OpenAiEmbedder extends BaseEmbedder {
  private readonly apiKey: string | undefined;

  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OPENAI_URL,
    options: EmbedderOptions & OpenAiOptions = {},
  ) {
    super(`openai:${model}`, options);
    this.apiKey = options.apiKey;
  }

  protected override secrets(): (string | undefined)[] {
    return [this.apiKey];
  }

  protected async send(texts: string[], signal: AbortSignal): Promise<RawEmbeddings> {
    const answer = (await post(
      `${trimSlash(this.baseUrl)}/embeddings`,
      { model: this.model, input: texts },
      this.apiKey,
      signal,
      this.id,
    )) as {
      data?: { index?: number; embedding?: number[] }[];
      usage?: { prompt_tokens?: number };
    };
    if (!Array.isArray(answer.data)) throw new ModelError('invalid-output', `${this.id}: the answer has no data[]`);
    const vectors = [...answer.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding ?? []);
    return rawEmbeddings(vectors, answer.usage?.prompt_tokens);
  }
}
