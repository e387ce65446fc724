export { OfflineEmbedder, type OfflineEmbedderOptions } from './embedding/offline-embedder.js';
export { embedderFromSpec } from './embedding/spec.js';
export { GroundingIndex, type GroundingIndexOptions } from './grounding-index.js';
// Retrieval splits table names as grounding does; to move to the profiler's `identifierWords`.
export { splitIdentifier } from './identifiers.js';
export type {
  EnrichmentStep,
  GroundedTable,
  GroundingLevers,
  GroundingMatch,
  GroundingOptions,
  GroundingResult,
  MatchKind,
  QuestionToken,
  VariantKind,
} from './types.js';
