/**
 * The chat-model contract that the adapters (Ollama, OpenAI-compatible servers) implement, and
 * that callers may implement themselves (a scripted model in a test).
 */
import type { UsageSnapshot } from './usage.js';

/** One turn of a conversation. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One completion request. */
export interface ChatRequest {
  /** The conversation so far, oldest first. */
  messages: readonly ChatMessage[];
  /**
   * A JSON Schema the answer must conform to (structured output). When given, adapters ask the
   * model for JSON and return the parsed value in `ChatResponse.json`.
   */
  jsonSchema?: object;
  /** A short name for the schema (OpenAI's `json_schema.name`); default `answer`. */
  schemaName?: string;
  /** Sampling temperature; adapters use their own default when omitted. */
  temperature?: number;
  /** Upper bound on generated tokens. */
  maxTokens?: number;
  /** Give up after this many milliseconds (the promise rejects). */
  timeoutMs?: number;
  /** Cancels the request when aborted (the promise rejects). */
  signal?: AbortSignal;
  /** Neither read nor write the on-disk cache for this request. */
  noCache?: boolean;
  /**
   * Stream the answer (Ollama NDJSON, OpenAI server-sent events) and put the chunks together
   * into the same `ChatResponse`. Default: the adapter's `stream` option, else true when
   * `onToken` is given, else false. Adapters that cannot stream ignore it.
   */
  stream?: boolean;
  /**
   * Called with each chunk of the answer as it arrives. A retry or a repair turn starts a new
   * answer: `info.attempt` says which request the chunk belongs to (1, 2, …; 0 for a cache hit,
   * which delivers the whole answer as one chunk, as does a request that is not streamed).
   * An exception thrown here fails the request (`kind: 'config'`, not retried).
   */
  onToken?: (chunk: string, info: TokenInfo) => void;
}

/** Where a streamed chunk belongs. */
export interface TokenInfo {
  /** The request within one `complete` call: 1 for the first, +1 for each retry and repair turn; 0 for a cache hit. */
  attempt: number;
}

/** Token counts, when the server reports them. */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The model's answer to one `ChatRequest`. */
export interface ChatResponse {
  /** The raw text of the answer. */
  content: string;
  /** The parsed answer, present when `jsonSchema` was requested and the answer parsed. */
  json?: unknown;
  /** The model that actually answered, as the server names it. */
  model: string;
  usage?: ChatUsage;
  /** Wall-clock time of the request, in milliseconds (0 for a cache hit). */
  latencyMs: number;
  /** True when the answer came from the on-disk cache and no request was made. */
  cached?: boolean;
  /** Requests this answer took: retries and the repair attempt included. */
  attempts?: number;
}

/** A chat/completion model behind some transport. */
export interface ChatModel {
  /** A stable identifier of the adapter and model, e.g. `ollama:llama3.1:8b`. */
  readonly id: string;
  /** Sends one request and resolves with the answer; rejects on transport, timeout or abort. */
  complete(request: ChatRequest): Promise<ChatResponse>;
  /** What the model has cost so far, when the adapter counts it. */
  usage?(): UsageSnapshot;
}
