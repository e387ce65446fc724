export { OfflineEmbedder, type OfflineEmbedderOptions } from './embedding/offline-embedder.js';
export { embedderFromSpec } from './embedding/spec.js';
export { tableQueryContext } from './enrich.js';
export { GroundingIndex, type GroundingIndexOptions } from './grounding-index.js';
export { commonColumnPrefix, segmentCompound, splitIdentifier } from './identifiers.js';
export { normalizeText } from './normalize.js';
export { tokenizeQuestion } from './question.js';
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
