export { OfflineEmbedder, type OfflineEmbedderOptions } from './embedding/offline-embedder.js';
export { embedderFromSpec } from './embedding/spec.js';
export type { TableEvidence, WordEvidence } from './evidence.js';
export { GroundingIndex, type GroundingIndexOptions } from './grounding-index.js';
export type { IslandSenseStep } from './island-sense.js';
export { type WordCue, wordCues } from './measure-words.js';
export type { GroundingLeverName, GroundingParams, GroundingParamsOverride, IndexedMatchKind, SpelledVariantKind } from './params.js';
export { defaultGroundingParams, loadGroundingParams, withGroundingParams } from './params-load.js';
export type { StageTrace } from './stages/stage.js';
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
export type { ValueEvidenceWeights, ValueMatchFeatures } from './value-evidence.js';
