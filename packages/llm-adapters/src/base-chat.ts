import { ResponseCache } from './cache.js';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, TokenInfo } from './chat.js';
import { ModelError } from './errors.js';
import { type JsonSchema, parseJsonAnswer, validateJson } from './json-schema.js';
import { type ResolvedTransport, resolveTransport, type TransportOptions, withRetries } from './transport.js';
import { UsageCounter, type UsageSnapshot } from './usage.js';

/** Options every chat adapter takes. */
export interface ChatModelOptions extends TransportOptions {
  /** Cache answers here (content-addressed JSON files); no cache when omitted. */
  cacheDir?: string;
  /** Count usage into this counter (e.g. one shared by a chat model and an embedder). */
  usage?: UsageCounter;
  /** Repair attempts after an answer that is not valid JSON for the schema (default 1). */
  repairs?: number;
  /** Default sampling temperature (default 0: as repeatable as the server allows). */
  temperature?: number;
  /** Stream answers by default (a request's own `stream` wins); see `ChatRequest.stream`. */
  stream?: boolean;
}

/** One request as an adapter sends it. */
export interface SendRequest {
  messages: readonly ChatMessage[];
  jsonSchema?: JsonSchema;
  schemaName: string;
  temperature: number;
  maxTokens?: number;
  signal: AbortSignal;
  /** Stream the answer; an adapter that cannot stream may ignore it. */
  stream?: boolean;
  /** Each chunk as it arrives (streamed requests only; the base class handles the rest). */
  onToken?: (chunk: string) => void;
}

/** One answer as an adapter receives it. */
export interface RawAnswer {
  content: string;
  model: string;
  promptTokens?: number;
  completionTokens?: number;
}

interface CachedAnswer {
  content: string;
  json?: unknown;
  model: string;
  usage?: { promptTokens: number; completionTokens: number };
}

/**
 * What the adapters share: the on-disk cache, retries with backoff, timeouts, cancellation,
 * structured output (parse, validate against the schema, one repair turn that tells the model
 * what was wrong) and usage accounting. An adapter implements `send` only.
 */
export abstract class BaseChatModel implements ChatModel {
  protected readonly transport: ResolvedTransport;
  protected readonly counter: UsageCounter;
  private readonly cache: ResponseCache | null;

  protected constructor(
    readonly id: string,
    protected readonly options: ChatModelOptions,
  ) {
    this.transport = resolveTransport(options);
    this.counter = options.usage ?? new UsageCounter();
    this.cache = options.cacheDir ? new ResponseCache(options.cacheDir) : null;
  }

  /** Sends one request; throws `ModelError` (http errors with status and retryability). */
  protected abstract send(request: SendRequest): Promise<RawAnswer>;

  /** Values that must never appear in an error message, nor in an answer passed on (masked as `***`). */
  protected secrets(): (string | undefined)[] {
    return [];
  }

  usage(): UsageSnapshot {
    return this.counter.snapshot();
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    const schema = request.jsonSchema as JsonSchema | undefined;
    const schemaName = request.schemaName ?? 'answer';
    const temperature = request.temperature ?? this.options.temperature ?? 0;
    const cacheKey = ResponseCache.key(this.id, {
      messages: request.messages,
      jsonSchema: schema ?? null,
      schemaName,
      temperature,
      maxTokens: request.maxTokens ?? null,
    });
    const onToken = request.onToken;
    const stream = request.stream ?? this.options.stream ?? onToken !== undefined;
    if (this.cache && !request.noCache) {
      const hit = await this.cache.get<CachedAnswer>(cacheKey);
      if (hit && typeof hit.content === 'string') {
        this.counter.cacheHits++;
        deliver(onToken, hit.content, { attempt: 0 }, this.id);
        return { ...hit, latencyMs: 0, cached: true, attempts: 0 };
      }
    }

    const messages: ChatMessage[] = [...request.messages];
    const repairs = Math.max(0, this.options.repairs ?? 1);
    const totals = { promptTokens: 0, completionTokens: 0, counted: false };
    let attempts = 0;
    let sent = 0;
    for (let round = 0; ; round++) {
      const before = this.counter.calls;
      const answer = await withRetries(
        async (signal) => {
          const info: TokenInfo = { attempt: ++sent };
          const raw = await this.send({
            messages,
            schemaName,
            temperature,
            signal,
            ...(schema ? { jsonSchema: schema } : {}),
            ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
            ...(stream ? { stream: true } : {}),
            ...(stream && onToken ? { onToken: (chunk: string) => onToken(maskSecrets(chunk, this.secrets()), info) } : {}),
          });
          if (!stream) deliver(onToken, maskSecrets(raw.content, this.secrets()), info, this.id);
          return raw;
        },
        {
          transport: this.transport,
          usage: this.counter,
          what: this.id,
          secrets: this.secrets(),
          ...(request.signal ? { signal: request.signal } : {}),
          ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
        },
      );
      attempts += this.counter.calls - before;
      // A server may echo a secret, or answer without end: neither is passed on, printed or cached.
      answer.content = maskSecrets(answer.content, this.secrets());
      if (answer.content.length > MAX_ANSWER_CHARS) {
        this.counter.failures++;
        throw new ModelError(
          'invalid-output',
          `${this.id}: the answer is ${answer.content.length} characters long; answers over ${MAX_ANSWER_CHARS} are refused`,
          { model: answer.model },
        );
      }
      if (answer.promptTokens !== undefined || answer.completionTokens !== undefined) {
        totals.counted = true;
        totals.promptTokens += answer.promptTokens ?? 0;
        totals.completionTokens += answer.completionTokens ?? 0;
        this.counter.promptTokens += answer.promptTokens ?? 0;
        this.counter.completionTokens += answer.completionTokens ?? 0;
      }
      const usage = totals.counted ? { usage: { promptTokens: totals.promptTokens, completionTokens: totals.completionTokens } } : {};
      let json: unknown;
      let problems: string[] = [];
      if (schema) {
        const parsed = parseJsonAnswer(answer.content);
        if (!parsed.ok) problems = [parsed.error];
        else {
          json = parsed.value;
          problems = validateJson(json, schema);
        }
      }
      if (problems.length === 0) {
        const result: CachedAnswer = { content: answer.content, model: answer.model, ...(schema ? { json } : {}), ...usage };
        if (this.cache && !request.noCache) await this.cache.set(cacheKey, result);
        return { ...result, latencyMs: round3(performance.now() - started), cached: false, attempts };
      }
      if (round >= repairs) {
        this.counter.failures++;
        throw new ModelError(
          'invalid-output',
          `${this.id}: the answer does not match the schema after ${round + 1} tries: ${problems.slice(0, 5).join('; ')}`,
          { model: answer.model },
        );
      }
      messages.push({ role: 'assistant', content: answer.content }, { role: 'user', content: repairMessage(problems) });
    }
  }
}

/** Longest answer accepted (characters): a join-tree answer is a few hundred. */
const MAX_ANSWER_CHARS = 256 * 1024;

/** `text` with every non-trivial secret replaced by `***`. */
function maskSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/** The whole answer as one chunk, for a cache hit or a request that was not streamed. */
function deliver(onToken: ChatRequest['onToken'], content: string, info: TokenInfo, what: string): void {
  if (!onToken || content === '') return;
  try {
    onToken(content, info);
  } catch (e) {
    throw new ModelError('config', `${what}: onToken threw: ${e instanceof Error ? e.message : String(e)}`, { retryable: false, cause: e });
  }
}

/** The repair turn: what was wrong, and what to send instead. */
export function repairMessage(problems: readonly string[]): string {
  return [
    'Your previous answer was not valid:',
    ...problems.slice(0, 10).map((p) => `- ${p}`),
    'Reply again with only a JSON object that matches the requested schema, and nothing else.',
  ].join('\n');
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
