export type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatUsage } from './chat.js';
export { cosineSimilarity } from './embedder.js';
export type { Embedder } from './embedder.js';
export {
  DEFAULT_OFFLINE_DIMENSIONS,
  OFFLINE_EMBEDDER_ID,
  createOfflineEmbedder,
  extractLexicalFeatures,
} from './offline-embedder.js';
export type { OfflineEmbedderOptions } from './offline-embedder.js';
