import { ResponseCache } from './cache.js';
import { type ResolvedTransport, resolveTransport, type TransportOptions } from './transport.js';
import { UsageCounter, type UsageSnapshot } from './usage.js';

/** What every HTTP client takes: transport settings, a cache folder and a usage counter. */
export interface ClientOptions extends TransportOptions {
  /** Cache answers here (content-addressed JSON files); no cache when omitted. */
  cacheDir?: string;
  /** Count usage into this counter (e.g. one shared by a chat model and an embedder). */
  usage?: UsageCounter;
}

/** What the chat and embedding clients share: the resolved transport, the usage counter, the cache and the secrets to mask. */
export abstract class BaseClient {
  protected readonly transport: ResolvedTransport;
  protected readonly counter: UsageCounter;
  protected readonly cache: ResponseCache | null;

  protected constructor(
    readonly id: string,
    options: ClientOptions,
  ) {
    this.transport = resolveTransport(options);
    this.counter = options.usage ?? new UsageCounter();
    this.cache = options.cacheDir ? new ResponseCache(options.cacheDir) : null;
  }

  usage(): UsageSnapshot {
    return this.counter.snapshot();
  }

  /** Values that must never appear in an error message, nor in an answer passed on (masked as `***`). */
  protected secrets(): (string | undefined)[] {
    return [];
  }
}
