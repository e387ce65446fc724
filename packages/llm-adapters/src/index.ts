export type { ChatModelOptions } from './base-chat.js';
export type { EmbedderOptions } from './base-embedder.js';
export type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatUsage, TokenInfo } from './chat.js';
export { cosineSimilarity, type Embedder } from './embedder.js';
export { ModelError } from './errors.js';
export type { JsonSchema } from './json-schema.js';
export { OllamaChatModel, OllamaEmbedder } from './ollama.js';
export { OpenAiChatModel, OpenAiEmbedder, type OpenAiOptions } from './openai.js';
export { type CreateOptions, createChatModel, createEmbedder, type ModelSpec, parseModelSpec } from './spec.js';
export { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';
export { UsageCounter, type UsageSnapshot } from './usage.js';
export {
  SENTENCE_EMBEDDER_INSTALL,
  SentenceEmbedder,
  type SentenceEmbedderOptions,
  sentenceEmbedderAvailable,
  sentenceEmbedderProblem,
} from './use-lite.js';
