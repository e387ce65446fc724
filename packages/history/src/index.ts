// What a team's own SQL teaches a graph: read, learned, kept beside the graph, asked.

// ─── The file beside the graph ────────────────────────────────────────────────────────────────
export {
  HISTORY_FORMAT_VERSION,
  HistoryFileError,
  historyPathFor,
  type LearnFilesOptions,
  type LearnFilesResult,
  learnFiles,
  loadHistory,
  loadHistoryFor,
  parseHistory,
  saveHistory,
  serializeHistory,
} from './file.js';
export { History, type JoinUsage, type Merged, type SimilarQuestion } from './history.js';
// ─── Reading a team's files ───────────────────────────────────────────────────────────────────
export { HistoryInputError, readHistoryFile, readHistoryInput } from './inputs.js';
// ─── Learning ─────────────────────────────────────────────────────────────────────────────────
export { describeLearnReport, type LearnOptions, learnInto, learnItems } from './learn.js';
// ─── Reading a statement onto a graph ─────────────────────────────────────────────────────────
export { readSql, type SqlReading, type StatementReading } from './read-statement.js';
export { dialectsFor, type ParserDialect } from './sql.js';
export type {
  HistoryEntry,
  HistoryFormat,
  HistoryInput,
  HistoryItem,
  HistorySchema,
  JoinSides,
  LearnedJoin,
  LearnReport,
  Problem,
} from './types.js';
export { hashQuestionValues, questionWords } from './words.js';
