import { BaseChatModel, type ChatModelOptions, type RawAnswer, type SendRequest } from './base-chat.js';
import { BaseEmbedder, type EmbedderOptions, type RawEmbeddings } from './base-embedder.js';
import { ModelError } from './errors.js';
import { httpError } from './transport.js';

export const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

export interface OpenAiOptions {
  /** The API key; sent as `Authorization: Bearer …`, never logged or put in an error. Optional for local servers. */
  apiKey?: string;
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
 */
export class OpenAiChatModel extends BaseChatModel {
  private readonly apiKey: string | undefined;

  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OPENAI_URL,
    options: ChatModelOptions & OpenAiOptions = {},
  ) {
    super(`openai:${model}`, options);
    this.apiKey = options.apiKey;
  }

  protected override secrets(): (string | undefined)[] {
    return [this.apiKey];
  }

  protected async send(request: SendRequest): Promise<RawAnswer> {
    const body = {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      temperature: request.temperature,
      stream: false,
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.jsonSchema
        ? { response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true } } }
        : {}),
    };
    const answer = (await post(`${trimSlash(this.baseUrl)}/chat/completions`, body, this.apiKey, request.signal, this.id)) as {
      model?: string;
      choices?: { message?: { content?: string | null; refusal?: string | null } }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    const message = answer.choices?.[0]?.message;
    if (message?.refusal) throw new ModelError('invalid-output', `${this.id}: the model refused: ${message.refusal.slice(0, 200)}`);
    if (typeof message?.content !== 'string') throw new ModelError('invalid-output', `${this.id}: the answer has no choices[0].message.content`);
    return {
      content: message.content,
      model: answer.model ?? this.model,
      ...(typeof answer.usage?.prompt_tokens === 'number' ? { promptTokens: answer.usage.prompt_tokens } : {}),
      ...(typeof answer.usage?.completion_tokens === 'number' ? { completionTokens: answer.usage.completion_tokens } : {}),
    };
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
    const answer = (await post(`${trimSlash(this.baseUrl)}/embeddings`, { model: this.model, input: texts }, this.apiKey, signal, this.id)) as {
      data?: { index?: number; embedding?: number[] }[];
      usage?: { prompt_tokens?: number };
    };
    if (!Array.isArray(answer.data)) throw new ModelError('invalid-output', `${this.id}: the answer has no data[]`);
    const vectors = [...answer.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding ?? []);
    return { vectors, ...(typeof answer.usage?.prompt_tokens === 'number' ? { promptTokens: answer.usage.prompt_tokens } : {}) };
  }
}
