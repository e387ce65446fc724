export type { ConfidenceSettings } from './choice/confidence.js';
export type { ChoiceRule } from './choice/eligible.js';
export { type ChoiceCandidates, FittedDisambiguator, type FittedOptions } from './choice/fitted-disambiguator.js';
export {
  type ChoiceFile,
  ChoiceFileError,
  type ChoiceFitSettings,
  type ChoiceProvenance,
  defaultChoiceFile,
  loadChoiceFile,
} from './choice/model-file.js';
export type { NamingKind } from './choice/naming.js';
export type { CandidateTree, ProposalLimits } from './choice/propose.js';
export type { ChoiceModel } from './choice/score.js';
export {
  type ColumnParams,
  type ColumnParamsOverride,
  defaultColumnParams,
  loadColumnParams,
  withColumnParams,
  writeColumnParams,
} from './columns/params.js';
export {
  PROMPT_MODES,
  type PromptContext,
  type PromptMode,
  type PromptOptions,
  type PromptSource,
  renderPromptContext,
  renderSchemaText,
  type SchemaSelection,
} from './columns/prompt.js';
export { countTokens, TOKENIZER, type TokenCounter } from './columns/tokens.js';
export type { ColumnEvidence, ColumnRole, RelevantColumn, TableColumns } from './columns/types.js';
export { HeuristicDisambiguator, type HeuristicOptions } from './heuristic.js';
export { DEFAULT_PATH_LIMITS, loadPathLimits } from './limits.js';
export { LlmDisambiguator, type LlmDisambiguatorOptions } from './llm-disambiguator.js';
export {
  defaultHeuristicParams,
  type HeuristicParams,
  type HeuristicParamsOverride,
  loadHeuristicParams,
  withHeuristicParams,
} from './params.js';
export { MAX_QUESTION_LENGTH, RetrievalInputError, Retriever, type RetrieverOptions } from './retriever.js';
export { type FromClauseOptions, joinCondition, quoteIdentifier, renderFromClause } from './sql.js';
export { formatTrace } from './trace-text.js';
export type {
  CandidateSource,
  CandidateTrace,
  ChoiceConfidence,
  ChoiceTimings,
  DisambiguationInput,
  DisambiguationNote,
  Disambiguator,
  JoinColumns,
  JoinTree,
  JoinTreeNode,
  NodeJoin,
  PathLimits,
  PathSelectionInput,
  PhaseTimings,
  RetrievalResult,
  RetrievalTrace,
  RoleRequest,
  SelectedPath,
  SourceAndTargets,
  SqlDialect,
} from './types.js';
