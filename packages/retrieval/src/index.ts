export { exploreSources } from './explore.js';
export { HeuristicDisambiguator, type HeuristicOptions, rankPaths } from './heuristic.js';
export { DEFAULT_PATH_LIMITS, type PathLimits, pathLimits } from './limits.js';
export { LlmDisambiguator, type LlmDisambiguatorOptions } from './llm-disambiguator.js';
export { mergePaths, trimPath } from './merge.js';
export {
  type PathSelectionAnswer,
  type PathSelectionPrompt,
  PROMPT_VERSION as PATH_SELECTION_PROMPT_VERSION,
  pathSelectionPrompt,
} from './prompts/path-selection.js';
export {
  PROMPT_VERSION as SOURCE_TARGETS_PROMPT_VERSION,
  type SourceTargetsAnswer,
  type SourceTargetsPrompt,
  sourceTargetsPrompt,
} from './prompts/source-targets.js';
export { MAX_QUESTION_LENGTH, RetrievalInputError, Retriever, type RetrieverOptions } from './retriever.js';
export { isBareName, quoteIdentifier, renderFromClause, type SqlDialect } from './sql.js';
export { POSTGRES_KEYWORDS, SQLITE_KEYWORDS } from './sql-keywords.js';
export type {
  CandidateSource,
  DisambiguationInput,
  Disambiguator,
  JoinTree,
  JoinTreeNode,
  PathSelectionInput,
  PhaseTimings,
  RetrievalResult,
  RetrievalTrace,
  RoleRequest,
  SelectedPath,
  SourceAndTargets,
} from './types.js';
