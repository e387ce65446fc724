import type { ChatModelOptions } from './base-chat.js';
import type { EmbedderOptions } from './base-embedder.js';
import type { ChatModel } from './chat.js';
import type { Embedder } from './embedder.js';
import { ModelError } from './errors.js';
import { DEFAULT_OLLAMA_URL, OllamaChatModel, OllamaEmbedder } from './ollama.js';
import { DEFAULT_OPENAI_URL, OpenAiChatModel, OpenAiEmbedder, type OpenAiOptions } from './openai.js';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';

export type ModelProvider = 'ollama' | 'openai' | 'transformers';

/** A parsed model spec string. */
export interface ModelSpec {
  provider: ModelProvider;
  /** The model's name (`qwen2.5:7b`, `gpt-4o-mini`), or a folder for `transformers`. */
  model: string;
  /** Server URL for `ollama` and `openai` (given, from the environment, or the default), without credentials; null otherwise. */
  baseUrl: string | null;
  /** The password (or API key) a given URL carried (`http://user:key@host/v1`): never printed, sent as the API key. */
  urlSecret?: string;
}

const PROVIDERS: readonly ModelProvider[] = ['ollama', 'openai', 'transformers'];
const EXAMPLES =
  'ollama:qwen2.5:7b@http://127.0.0.1:11434, openai:gpt-4o-mini, openai:my-model@http://127.0.0.1:8000/v1, transformers:./models/all-MiniLM-L6-v2';

function specError(spec: string, why: string): ModelError {
  return new ModelError('config', `bad model spec "${redactSpec(spec)}": ${why} (examples: ${EXAMPLES})`);
}

/** A spec with any URL credentials masked: `openai:m@http://user:***@host/v1`. */
export function redactSpec(spec: string): string {
  return spec.replace(
    /(https?:\/\/)([^/@\s]*)@/gi,
    (_all, scheme: string, userinfo: string) => `${scheme}${userinfo.includes(':') ? `${userinfo.split(':')[0]}:***` : '***'}@`,
  );
}

/**
 * Parses `provider:model[@url]`. The model may contain colons (`qwen2.5:7b`); the URL starts at
 * the first `@http://` or `@https://`. Without a URL, `ollama` uses `OLLAMA_HOST` or
 * http://127.0.0.1:11434 and `openai` uses `OPENAI_BASE_URL` or https://api.openai.com/v1.
 */
export function parseModelSpec(spec: string, env: Readonly<Record<string, string | undefined>> = process.env): ModelSpec {
  const text = spec.trim();
  if (/^offline(?::|$)/i.test(text)) {
    throw specError(spec, 'the offline lexical embedder is not a model client: it is OfflineEmbedder in @guided-retrieval/grounding');
  }
  const colon = text.indexOf(':');
  if (colon <= 0) throw specError(spec, `expected provider:model, where provider is one of ${PROVIDERS.join(', ')}`);
  const provider = text.slice(0, colon).toLowerCase();
  if (!(PROVIDERS as readonly string[]).includes(provider))
    throw specError(spec, `unknown provider "${provider}"; use one of ${PROVIDERS.join(', ')}`);
  let model = text.slice(colon + 1);
  let url: string | null = null;
  // The first `@http(s)://`: a URL may carry credentials (`http://user:key@host`), with an `@` of its own.
  const at = model.search(/@https?:\/\//i);
  if (at >= 0) {
    url = model.slice(at + 1);
    model = model.slice(0, at);
  }
  if (model.length === 0) throw specError(spec, 'the model name is empty');
  if (/\s/.test(model)) throw specError(spec, 'the model name contains whitespace');
  if (provider === 'transformers') {
    if (url) throw specError(spec, 'transformers takes a local folder, not a URL');
    return { provider, model, baseUrl: null };
  }
  if (url === null) {
    url = provider === 'ollama' ? (hostUrl(env.OLLAMA_HOST) ?? DEFAULT_OLLAMA_URL) : env.OPENAI_BASE_URL?.trim() || DEFAULT_OPENAI_URL;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw specError(spec, `"${redactSpec(url)}" is not an http(s) URL`);
  }
  const urlSecret = decodeURIComponent(parsed.password || '');
  if (parsed.username || parsed.password) {
    if (provider === 'ollama') throw specError(spec, 'an ollama URL cannot carry credentials');
    parsed.username = '';
    parsed.password = '';
    url = parsed.toString();
  }
  return { provider: provider as ModelProvider, model, baseUrl: url.replace(/\/+$/, ''), ...(urlSecret ? { urlSecret } : {}) };
}

/** OLLAMA_HOST may be `host:port` without a scheme. */
function hostUrl(host: string | undefined): string | null {
  const h = host?.trim();
  if (!h) return null;
  return /^https?:\/\//i.test(h) ? h : `http://${h}`;
}

export interface CreateOptions {
  /** Where to read `OPENAI_API_KEY` / `OPENAI_BASE_URL` / `OLLAMA_HOST` (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** A chat model from a spec: `ollama:…` or `openai:…` (`streamUsage` applies to `openai:` only). */
export function createChatModel(
  spec: string,
  options: ChatModelOptions & CreateOptions & Pick<OpenAiOptions, 'streamUsage'> = {},
): ChatModel {
  const env = options.env ?? process.env;
  const parsed = parseModelSpec(spec, env);
  if (parsed.provider === 'ollama') return new OllamaChatModel(parsed.model, parsed.baseUrl!, options);
  if (parsed.provider === 'openai')
    return new OpenAiChatModel(parsed.model, parsed.baseUrl!, { ...options, ...openAiKey(spec, parsed, env) });
  throw specError(spec, `${parsed.provider} has no chat models; use ollama:… or openai:…`);
}

/** An embedder from a spec: `ollama:…`, `openai:…` or `transformers:<folder>`. */
export function createEmbedder(
  spec: string,
  options: EmbedderOptions & CreateOptions & Pick<TransformersEmbedderOptions, 'dtype' | 'pooling'> = {},
): Embedder {
  const env = options.env ?? process.env;
  const parsed = parseModelSpec(spec, env);
  switch (parsed.provider) {
    case 'ollama':
      return new OllamaEmbedder(parsed.model, parsed.baseUrl!, options);
    case 'openai':
      return new OpenAiEmbedder(parsed.model, parsed.baseUrl!, { ...options, ...openAiKey(spec, parsed, env) });
    case 'transformers':
      return new TransformersEmbedder(parsed.model, {
        ...(options.usage ? { usage: options.usage } : {}),
        ...(options.dtype ? { dtype: options.dtype } : {}),
        ...(options.pooling ? { pooling: options.pooling } : {}),
      });
  }
}

function openAiKey(spec: string, parsed: ModelSpec, env: Readonly<Record<string, string | undefined>>): { apiKey?: string } {
  const apiKey = parsed.urlSecret ?? env.OPENAI_API_KEY?.trim();
  if (!apiKey && parsed.baseUrl === DEFAULT_OPENAI_URL) {
    throw new ModelError(
      'config',
      `model spec "${redactSpec(spec)}" talks to ${DEFAULT_OPENAI_URL}, which needs an API key: set OPENAI_API_KEY`,
    );
  }
  return apiKey ? { apiKey } : {};
}
