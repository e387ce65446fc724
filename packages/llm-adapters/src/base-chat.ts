import { BaseClient, type ClientOptions } from './base-client.js';
import { ResponseCache } from './cache.js';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, TokenInfo } from './chat.js';
import { ModelError, redact } from './errors.js';
import { type JsonSchema, parseJsonAnswer, validateJson } from './json-schema.js';
import { emit } from './stream.js';
import { withRetries } from './transport.js';

/** Options every chat adapter takes. */
export interface ChatModelOptions extends ClientOptions {
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

/** An answer as `send` returns it, with the token counts the server reported (counts it left out, or sent as null, stay absent). */
export function rawAnswer(content: string, model: string, promptTokens: unknown, completionTokens: unknown): RawAnswer {
  return {
    content,
    model,
    ...(typeof promptTokens === 'number' ? { promptTokens } : {}),
    ...(typeof completionTokens === 'number' ? { completionTokens } : {}),
  };
}

interface CachedAnswer {
  content: string;
  json?: unknown;
  model: string;
  usage?: { promptTokens: number; completionTokens: number };
}

/** A request with the model's defaults applied: what is sent each round, and the key it is cached under. */
interface ResolvedRequest {
  schema: JsonSchema | undefined;
  schemaName: string;
  temperature: number;
  stream: boolean;
  onToken: ChatRequest['onToken'];
  cacheKey: string;
}

/** Token counts summed over the rounds of one request; `counted` once any round reported some. */
interface TokenTotals {
  promptTokens: number;
  completionTokens: number;
  counted: boolean;
}

/**
 * What the adapters share: the on-disk cache, retries with backoff, timeouts, cancellation,
 * structured output (parse, validate against the schema, one repair turn that tells the model
 * what was wrong) and usage accounting. An adapter implements `send` only.
 */
export abstract class BaseChatModel extends BaseClient implements ChatModel {
  protected constructor(
    id: string,
    protected readonly options: ChatModelOptions,
  ) {
    super(id, options);
  }

  /** Sends one request; throws `ModelError` (http errors with status and retryability). */
  protected abstract send(request: SendRequest): Promise<RawAnswer>;

  /**
   * The cached answer, else rounds of (send with retries → check → count tokens → validate), each
   * failed validation followed by a repair turn, until an answer is valid or the repairs run out.
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    const resolved = this.resolve(request);
    const cache = request.noCache ? null : this.cache;
    const hit = cache ? await this.fromCache(cache, resolved) : undefined;
    if (hit) return hit;

    const messages: ChatMessage[] = [...request.messages];
    const repairs = Math.max(0, this.options.repairs ?? 1);
    const totals: TokenTotals = { promptTokens: 0, completionTokens: 0, counted: false };
    // Counted here, not from the usage counter: other requests, of this model or another sharing the counter, run at the same time.
    let attempts = 0;
    const nextAttempt = () => ++attempts;
    for (let round = 0; ; round++) {
      const answer = this.accepted(await this.sendWithRetries(messages, resolved, request, nextAttempt));
      this.countTokens(answer, totals);
      const { json, problems } = checkAgainstSchema(answer.content, resolved.schema);
      if (problems.length === 0) {
        const usage = totals.counted ? { usage: { promptTokens: totals.promptTokens, completionTokens: totals.completionTokens } } : {};
        const result: CachedAnswer = { content: answer.content, model: answer.model, ...(resolved.schema ? { json } : {}), ...usage };
        if (cache) await cache.set(resolved.cacheKey, result);
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

  private resolve(request: ChatRequest): ResolvedRequest {
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
    return { schema, schemaName, temperature, stream, onToken, cacheKey };
  }

  /** A cached answer (delivered to `onToken` as one chunk, attempt 0), or undefined. */
  private async fromCache(cache: ResponseCache, resolved: ResolvedRequest): Promise<ChatResponse | undefined> {
    const hit = await cache.get<CachedAnswer>(resolved.cacheKey);
    if (!hit || typeof hit.content !== 'string') return undefined;
    this.counter.cacheHits++;
    deliver(resolved.onToken, hit.content, { attempt: 0 }, this.id);
    return { ...hit, latencyMs: 0, cached: true, attempts: 0 };
  }

  /** One round: the messages so far, sent (and retried) until the server answers; chunks go to `onToken`, masked. */
  private sendWithRetries(
    messages: readonly ChatMessage[],
    resolved: ResolvedRequest,
    request: ChatRequest,
    nextAttempt: () => number,
  ): Promise<RawAnswer> {
    const { schema, stream, onToken } = resolved;
    return withRetries(
      async (signal) => {
        const info: TokenInfo = { attempt: nextAttempt() };
        const raw = await this.send({
          messages,
          schemaName: resolved.schemaName,
          temperature: resolved.temperature,
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
  }

  /** The answer with secrets masked; refused when it is too long. */
  private accepted(answer: RawAnswer): RawAnswer {
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
    return answer;
  }

  /** Adds the round's token counts, when the server reported any, to the request's totals and the usage counter. */
  private countTokens(answer: RawAnswer, totals: TokenTotals): void {
    if (answer.promptTokens === undefined && answer.completionTokens === undefined) return;
    totals.counted = true;
    totals.promptTokens += answer.promptTokens ?? 0;
    totals.completionTokens += answer.completionTokens ?? 0;
    this.counter.promptTokens += answer.promptTokens ?? 0;
    this.counter.completionTokens += answer.completionTokens ?? 0;
  }
}

/** The parsed answer and what is wrong with it against the schema; no problems (and no json) without a schema. */
function checkAgainstSchema(content: string, schema: JsonSchema | undefined): { json?: unknown; problems: string[] } {
  if (!schema) return { problems: [] };
  const parsed = parseJsonAnswer(content);
  if (!parsed.ok) return { problems: [parsed.error] };
  return { json: parsed.value, problems: validateJson(parsed.value, schema) };
}

/** Longest answer accepted (characters): a join-tree answer is a few hundred. */
const MAX_ANSWER_CHARS = 256 * 1024;

/** `text` with every non-trivial secret replaced by `***`. */
function maskSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return redact(text, secrets, '***');
}

/** The whole answer as one chunk, for a cache hit or a request that was not streamed. */
function deliver(onToken: ChatRequest['onToken'], content: string, info: TokenInfo, what: string): void {
  emit(onToken && ((chunk) => onToken(chunk, info)), content, what);
}

/** The repair turn: what was wrong, and what to send instead. */
function repairMessage(problems: readonly string[]): string {
  return [
    'Your previous answer was not valid:',
    ...problems.slice(0, 10).map((p) => `- ${p}`),
    'Reply again with only a JSON object that matches the requested schema, and nothing else.',
  ].join('\n');
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
