export { Retriever, RetrievalInputError, MAX_QUESTION_LENGTH, type RetrieverOptions } from './retriever.js';
export { HeuristicDisambiguator, rankPaths, type HeuristicOptions } from './heuristic.js';
export { exploreSources } from './explore.js';
export { mergePaths, trimPath } from './merge.js';
export { quoteIdentifier, renderFromClause } from './sql.js';
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
