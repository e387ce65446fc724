export type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatUsage, TokenInfo } from './chat.js';
export { cosineSimilarity } from './embedder.js';
export type { Embedder } from './embedder.js';
export {
  DEFAULT_OFFLINE_DIMENSIONS,
  OFFLINE_EMBEDDER_ID,
  createOfflineEmbedder,
  extractLexicalFeatures,
} from './offline-embedder.js';
export type { OfflineEmbedderOptions } from './offline-embedder.js';
export { ModelError, redact, type ModelErrorKind } from './errors.js';
export { UsageCounter, type UsageSnapshot } from './usage.js';
export { ResponseCache, canonicalJson } from './cache.js';
export { parseJsonAnswer, validateJson, type JsonSchema, type JsonType } from './json-schema.js';
export type { TransportOptions } from './transport.js';
export { BaseChatModel, repairMessage, type ChatModelOptions, type RawAnswer, type SendRequest } from './base-chat.js';
export { BaseEmbedder, type EmbedderOptions, type RawEmbeddings } from './base-embedder.js';
export { DEFAULT_OLLAMA_URL, OllamaChatModel, OllamaEmbedder } from './ollama.js';
export { DEFAULT_OPENAI_URL, OpenAiChatModel, OpenAiEmbedder, type OpenAiOptions } from './openai.js';
export { TRANSFORMERS_PACKAGE, TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';
export { createChatModel, createEmbedder, parseModelSpec, type CreateOptions, type ModelProvider, type ModelSpec } from './spec.js';
