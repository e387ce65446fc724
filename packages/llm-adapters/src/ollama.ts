import type { Ollama } from 'ollama';
import { BaseChatModel, type ChatModelOptions, type RawAnswer, rawAnswer, type SendRequest } from './base-chat.js';
import { BaseEmbedder, type EmbedderOptions, type RawEmbeddings, rawEmbeddings } from './base-embedder.js';
import { ModelError } from './errors.js';
import { emit, readLines, truncatedStream } from './stream.js';
import { httpError } from './transport.js';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

/**
 * A client bound to one signal: the `ollama` package passes none for non-streamed calls. The
 * package (and the fetch polyfill it brings) is loaded on the first request, not with this module.
 */
async function client(host: string, signal: AbortSignal): Promise<Ollama> {
  const { Ollama } = await import('ollama');
  return new Ollama({ host, fetch: (input, init) => fetch(input, { ...init, signal }) });
}

function ollamaError(what: string, e: unknown): unknown {
  // ollama's ResponseError: { name: 'ResponseError', error: string, status_code: number }
  if (e instanceof Error && e.name === 'ResponseError') {
    const status = (e as Error & { status_code?: number }).status_code ?? 0;
    return httpError(what, status, (e as Error & { error?: string }).error ?? e.message, []);
  }
  return e;
}

/** One line of Ollama's streamed `/api/chat` answer. */
interface OllamaChunk {
  model?: string;
  message?: { content?: string };
  done?: boolean;
  error?: string;
  prompt_eval_count?: number;
  eval_count?: number;
}

/**
 * An Ollama chat model through the `ollama` client: `/api/chat` with `stream: false`, and the
 * JSON schema as `format` (Ollama's structured outputs). Token counts from `prompt_eval_count`
 * and `eval_count`. With `stream`, `/api/chat` with `stream: true` is read line by line (NDJSON)
 * by `fetch` directly: the client skips a malformed line with a console warning, and an answer
 * must not silently lose a piece.
 */
export class OllamaChatModel extends BaseChatModel {
  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OLLAMA_URL,
    options: ChatModelOptions = {},
  ) {
    super(`ollama:${model}`, options);
  }

  private body(request: SendRequest, stream: boolean) {
    return {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      stream,
      ...(request.jsonSchema ? { format: request.jsonSchema } : {}),
      options: { temperature: request.temperature, ...(request.maxTokens ? { num_predict: request.maxTokens } : {}) },
    };
  }

  protected async send(request: SendRequest): Promise<RawAnswer> {
    if (request.stream) return this.sendStreamed(request);
    const response = await (await client(this.baseUrl, request.signal))
      .chat({ ...this.body(request, false), stream: false })
      .catch((e: unknown) => {
        throw ollamaError(this.id, e);
      });
    const content = response?.message?.content;
    if (typeof content !== 'string') throw new ModelError('invalid-output', `${this.id}: the answer has no message.content`);
    return rawAnswer(content, response.model ?? this.model, response.prompt_eval_count, response.eval_count);
  }

  private async sendStreamed(request: SendRequest): Promise<RawAnswer> {
    const response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify(this.body(request, true)),
      signal: request.signal,
    });
    if (!response.ok) throw httpError(this.id, response.status, await response.text(), [], response.headers.get('retry-after'));
    if (!response.body) throw truncatedStream(this.id, 'the final "done": true line', 0);
    let content = '';
    let model = this.model;
    let bad: string | null = null; // a line that is not JSON: corrupt if more follows, cut off if the stream ends
    for await (const line of readLines(response.body, this.id, request.signal)) {
      if (line.trim() === '') continue;
      if (bad !== null)
        throw new ModelError('invalid-output', `${this.id}: a line of the streamed answer is not JSON: ${bad.slice(0, 120)}`);
      let chunk: OllamaChunk;
      try {
        chunk = JSON.parse(line) as OllamaChunk;
      } catch {
        bad = line;
        continue;
      }
      if (typeof chunk.error === 'string') {
        // e.g. the runner died mid-answer: worth another try, like a 500
        throw new ModelError('http', `${this.id}: the server failed mid-stream: ${chunk.error.slice(0, 300)}`, { retryable: true });
      }
      if (typeof chunk.model === 'string') model = chunk.model;
      const piece = chunk.message?.content;
      if (typeof piece === 'string' && piece !== '') {
        content += piece;
        emit(request.onToken, piece, this.id);
      }
      if (chunk.done === true) return rawAnswer(content, model, chunk.prompt_eval_count, chunk.eval_count);
    }
    throw truncatedStream(this.id, 'the final "done": true line', content.length);
  }
}

/** An Ollama embedding model: `/api/embed` with a batch of inputs. */
export class OllamaEmbedder extends BaseEmbedder {
  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OLLAMA_URL,
    options: EmbedderOptions = {},
  ) {
    super(`ollama:${model}`, options);
  }

  protected async send(texts: string[], signal: AbortSignal): Promise<RawEmbeddings> {
    try {
      const response = await (await client(this.baseUrl, signal)).embed({ model: this.model, input: texts });
      return rawEmbeddings(response.embeddings, response.prompt_eval_count);
    } catch (e) {
      throw ollamaError(this.id, e);
    }
  }
}
