import { Ollama } from 'ollama';
import { BaseChatModel, type ChatModelOptions, type RawAnswer, type SendRequest } from './base-chat.js';
import { BaseEmbedder, type EmbedderOptions, type RawEmbeddings } from './base-embedder.js';
import { ModelError } from './errors.js';
import { httpError } from './transport.js';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

/** A client bound to one signal: the `ollama` package passes none for non-streamed calls. */
function client(host: string, signal: AbortSignal): Ollama {
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

/**
 * An Ollama chat model through the `ollama` client: `/api/chat` with `stream: false`, and the
 * JSON schema as `format` (Ollama's structured outputs). Token counts from `prompt_eval_count`
 * and `eval_count`.
 */
export class OllamaChatModel extends BaseChatModel {
  constructor(
    readonly model: string,
    readonly baseUrl: string = DEFAULT_OLLAMA_URL,
    options: ChatModelOptions = {},
  ) {
    super(`ollama:${model}`, options);
  }

  protected async send(request: SendRequest): Promise<RawAnswer> {
    let response;
    try {
      response = await client(this.baseUrl, request.signal).chat({
        model: this.model,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        stream: false,
        ...(request.jsonSchema ? { format: request.jsonSchema } : {}),
        options: { temperature: request.temperature, ...(request.maxTokens ? { num_predict: request.maxTokens } : {}) },
      });
    } catch (e) {
      throw ollamaError(this.id, e);
    }
    const content = response?.message?.content;
    if (typeof content !== 'string') throw new ModelError('invalid-output', `${this.id}: the answer has no message.content`);
    return {
      content,
      model: response.model ?? this.model,
      ...(typeof response.prompt_eval_count === 'number' ? { promptTokens: response.prompt_eval_count } : {}),
      ...(typeof response.eval_count === 'number' ? { completionTokens: response.eval_count } : {}),
    };
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
      const response = await client(this.baseUrl, signal).embed({ model: this.model, input: texts });
      return { vectors: response.embeddings, ...(typeof response.prompt_eval_count === 'number' ? { promptTokens: response.prompt_eval_count } : {}) };
    } catch (e) {
      throw ollamaError(this.id, e);
    }
  }
}
