export { OfflineEmbedder, type OfflineEmbedderOptions } from './embedding/offline-embedder.js';
export { embedderFromSpec } from './embedding/spec.js';
export { GroundingIndex, type GroundingIndexOptions } from './grounding-index.js';
export type {
  GroundingLeverName,
  GroundingLevers,
  GroundingParams,
  GroundingParamsOverride,
  IndexedMatchKind,
  SpelledVariantKind,
  ValueEvidenceWeights,
} from './params.js';
export { defaultGroundingParams, loadGroundingParams, withGroundingParams } from './params.js';
export type {
  EnrichmentStep,
  GroundedTable,
  GroundingMatch,
  GroundingResult,
  IslandSenseStep,
  MatchKind,
  QuestionToken,
  StageTrace,
  TableEvidence,
  VariantKind,
  WordCue,
  WordEvidence,
} from './types.js';
export type { ValueMatchFeatures } from './value-evidence.js';
