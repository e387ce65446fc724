// The benchmarks as data.

// ─── Loaders ──────────────────────────────────────────────────────────────────────────────────
// BIRD dev, Spider dev, Spider-Syn, Spider 2.0-lite from their schema files; BIRD's statistics.
export { type BenchStats, loadBirdStats } from './bird-stats.js';
// Defog: each dump loaded into a scratch PostgreSQL database, profiled read-only, dropped.
export { checkPostgres, type DefogLoadOptions, loadDefog } from './defog.js';
export { BenchmarkDataError } from './files.js';
// ─── Gold and metrics ─────────────────────────────────────────────────────────────────────────
// What a gold query reads and joins (read by a scorer only, never at retrieval time), and the scores.
export { type GoldJoin, type GoldJoinSummary, goldJoins, summarizeGoldJoins } from './gold-joins.js';
export { type GoldTables, goldTables, listedGoldTables } from './gold-tables.js';
export { type LoadStats, loadBenchmark, loadBenchmarkWithStats } from './load.js';
export { averageMetrics, type MetricSummary, type QuestionMetrics, scoreQuestion } from './metrics.js';
// The sample and training questions over real databases, in their SQLite and PostgreSQL builds.
export {
  checkPostgresBuild,
  hasBuild,
  loadSampleBuild,
  SAMPLE_BUILDS,
  SAMPLE_DATABASES,
  type SampleBuild,
  type SampleBuildOptions,
  type SampleDatabase,
} from './sample-builds.js';
export { loadQuestionFiles, loadSampleQuestions, type SampleQuestion } from './sample-questions.js';
export { loadSpider } from './spider.js';
export { type TrainingQuestions, trainingQuestions } from './train-questions.js';
export type { BenchDatabase, Benchmark, BenchName, BenchQuestion } from './types.js';
