export { BaseChatModel, type ChatModelOptions, type RawAnswer, repairMessage, type SendRequest } from './base-chat.js';
export { BaseEmbedder, type EmbedderOptions, type RawEmbeddings } from './base-embedder.js';
export { canonicalJson, ResponseCache } from './cache.js';
export type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatUsage, TokenInfo } from './chat.js';
export type { Embedder } from './embedder.js';
export { cosineSimilarity } from './embedder.js';
export { ModelError, type ModelErrorKind, redact } from './errors.js';
export { type JsonSchema, type JsonType, parseJsonAnswer, validateJson } from './json-schema.js';
export type { OfflineEmbedderOptions } from './offline-embedder.js';
export {
  createOfflineEmbedder,
  DEFAULT_OFFLINE_DIMENSIONS,
  extractLexicalFeatures,
  OFFLINE_EMBEDDER_ID,
} from './offline-embedder.js';
export { DEFAULT_OLLAMA_URL, OllamaChatModel, OllamaEmbedder } from './ollama.js';
export { DEFAULT_OPENAI_URL, OpenAiChatModel, OpenAiEmbedder, type OpenAiOptions } from './openai.js';
export { type CreateOptions, createChatModel, createEmbedder, type ModelProvider, type ModelSpec, parseModelSpec } from './spec.js';
export { TRANSFORMERS_PACKAGE, TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';
export type { TransportOptions } from './transport.js';
export { UsageCounter, type UsageSnapshot } from './usage.js';
