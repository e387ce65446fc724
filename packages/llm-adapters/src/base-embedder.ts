import { BaseClient, type ClientOptions } from './base-client.js';
import { ResponseCache } from './cache.js';
import type { Embedder } from './embedder.js';
import { ModelError } from './errors.js';
import { withRetries } from './transport.js';

export interface EmbedderOptions extends ClientOptions {
  /** Cache vectors here, per batch (content-addressed JSON files); no cache when omitted. */
  cacheDir?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
}

export interface RawEmbeddings {
  vectors: number[][];
  promptTokens?: number;
}

/** Vectors as `send` returns them, with the prompt token count when the server reported one. */
export function rawEmbeddings(vectors: number[][], promptTokens: unknown): RawEmbeddings {
  return { vectors, ...(typeof promptTokens === 'number' ? { promptTokens } : {}) };
}

/** Batching, cache, retries, timeouts and usage for HTTP embedders; an adapter implements `send`. */
export abstract class BaseEmbedder extends BaseClient implements Embedder {
  private dims = 0;

  protected constructor(
    id: string,
    protected readonly options: EmbedderOptions,
  ) {
    super(id, options);
  }

  /** The vector length; 0 until the first `embed` (the server decides it). */
  get dimensions(): number {
    return this.dims;
  }

  protected abstract send(texts: string[], signal: AbortSignal): Promise<RawEmbeddings>;

  async embed(texts: readonly string[], options: { signal?: AbortSignal } = {}): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    const size = Math.max(1, this.options.batchSize ?? 64);
    for (let i = 0; i < texts.length; i += size) {
      const batch = texts.slice(i, i + size);
      for (const v of await this.embedBatch(batch, options.signal)) out.push(v);
    }
    return out;
  }

  private async embedBatch(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const key = ResponseCache.key(this.id, { embed: batch });
    let vectors = this.cache ? await this.cache.get<number[][]>(key) : undefined;
    if (vectors && vectors.length === batch.length) this.counter.cacheHits++;
    else {
      const answer = await withRetries((s) => this.send(batch, s), {
        transport: this.transport,
        usage: this.counter,
        what: this.id,
        secrets: this.secrets(),
        ...(signal ? { signal } : {}),
      });
      if (
        answer.vectors.length !== batch.length ||
        answer.vectors.some((v) => !Array.isArray(v) || v.length !== answer.vectors[0]!.length)
      ) {
        this.counter.failures++;
        throw new ModelError('invalid-output', `${this.id}: expected ${batch.length} vectors of one length, got ${answer.vectors.length}`);
      }
      this.counter.promptTokens += answer.promptTokens ?? 0;
      vectors = answer.vectors;
      if (this.cache) await this.cache.set(key, vectors);
    }
    const result = vectors.map((v) => Float32Array.from(v));
    const first = result[0];
    if (first) {
      if (this.dims !== 0 && first.length !== this.dims) {
        throw new ModelError('invalid-output', `${this.id}: vectors changed length (${this.dims} → ${first.length})`);
      }
      this.dims = first.length;
    }
    return result;
  }
}
