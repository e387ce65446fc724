export { Retriever, RetrievalInputError, MAX_QUESTION_LENGTH, type RetrieverOptions } from './retriever.js';
export { HeuristicDisambiguator, rankPaths, type HeuristicOptions } from './heuristic.js';
export { exploreSources } from './explore.js';
export { DEFAULT_PATH_LIMITS, pathLimits, type PathLimits } from './limits.js';
export { mergePaths, trimPath } from './merge.js';
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
export { LlmDisambiguator, type LlmDisambiguatorOptions } from './llm-disambiguator.js';
export {
  PROMPT_VERSION as SOURCE_TARGETS_PROMPT_VERSION,
  sourceTargetsPrompt,
  type SourceTargetsAnswer,
  type SourceTargetsPrompt,
} from './prompts/source-targets.js';
export {
  PROMPT_VERSION as PATH_SELECTION_PROMPT_VERSION,
  pathSelectionPrompt,
  type PathSelectionAnswer,
  type PathSelectionPrompt,
} from './prompts/path-selection.js';
