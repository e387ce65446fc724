import { createEmbedder, type Embedder, ModelError } from '@guided-retrieval/llm-adapters';
import { OfflineEmbedder } from './offline-embedder.js';

/** What `embedderFromSpec` passes on to llm-adapters' `createEmbedder` (cache, usage, transport); the offline embedder needs none of it. */
export type EmbedderSpecOptions = NonNullable<Parameters<typeof createEmbedder>[1]>;

/** `offline` or `offline:<dimensions>`. */
const OFFLINE_SPEC = /^offline(?::(.*))?$/i;

/**
 * An embedder from a spec string: `offline[:dimensions]` is the offline lexical embedder; any other
 * spec (`ollama:…`, `openai:…`, `transformers:<folder>`) is a model client from llm-adapters'
 * `createEmbedder`. A bad spec throws `ModelError` (`kind: 'config'`).
 */
export function embedderFromSpec(spec: string, options: EmbedderSpecOptions = {}): Embedder {
  const offline = OFFLINE_SPEC.exec(spec.trim());
  if (!offline) return createEmbedder(spec, options);
  const dimensions = offline[1];
  if (!dimensions) return new OfflineEmbedder();
  if (!/^[1-9]\d*$/.test(dimensions)) {
    throw new ModelError('config', `bad model spec "${spec}": offline takes a number of dimensions, e.g. offline:512`);
  }
  return new OfflineEmbedder({ dimensions: Number(dimensions) });
}
