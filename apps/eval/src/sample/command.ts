/**
 * `guided-eval --bench sample-questions`: the sample questions asked in each build (`--build
 * sqlite|postgres|both`) of their databases, each build with its own reports in `<out>/<build>/`
 * (results.json, results.md, questions.jsonl, charts/), so that `--bench all` shows a row per build.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkPostgresBuild,
  hasBuild,
  loadQuestionFiles,
  loadSampleBuild,
  SAMPLE_BUILDS,
  SAMPLE_DATABASES,
  type SampleBuild,
  type SampleDatabase,
} from '@guided-retrieval/benchmarks';
import { writeReports } from '../report.js';
import { type EvalOptions, type EvalResults, type QuestionOutcome, runEvaluation } from '../run.js';

/** The questions file kept in the repository (beside `src/` and `dist/`, the same from either). */
export const DEFAULT_QUESTIONS_FILE = fileURLToPath(new URL('../../benchmarks/sample-questions/questions.jsonl', import.meta.url));

export type BuildChoice = SampleBuild | 'both';
export const BUILD_CHOICES: readonly BuildChoice[] = ['sqlite', 'postgres', 'both'];

/** What the retriever is given in every build (the same options as the other benches). */
type RetrieverOptions = Pick<EvalOptions, 'llm' | 'embedder' | 'modelCacheDir' | 'islandEmbedder' | 'disambiguator' | 'onProgress'>;

export interface SampleRunOptions extends RetrieverOptions {
  /** The folder holding sample-dbs/ and defog/. */
  dataDir: string;
  /** Where each build's reports go: `<out>/<build>/`. */
  out: string;
  build?: BuildChoice;
  /** Only these databases. */
  databases?: readonly string[];
  /** At most this many questions per build (in file order). */
  limit?: number;
  postgresUrl?: string;
  /** The questions file or files (default: the repository's benchmarks/sample-questions/questions.jsonl). */
  questionsFile?: string | readonly string[];
  /** The name the results carry (default sample-questions; train-questions for the training set). */
  bench?: 'sample-questions' | 'train-questions';
  /** The databases and their files (default SAMPLE_DATABASES; tests give a fixture). */
  sampleDatabases?: readonly SampleDatabase[];
  onStep?: (message: string) => void;
}

export interface SampleBuildRun {
  build: SampleBuild;
  results: EvalResults;
  outcomes: QuestionOutcome[];
  /** The files written, results.json first. */
  written: string[];
}

/**
 * Runs every chosen build: loads and profiles its databases, asks their questions with the same
 * Retriever and baselines as the other benches, scores them (optional tables neither help nor
 * hurt) and writes the build's reports. With `both`, a build that has none of the chosen
 * databases is skipped with a message; a build named alone must have one.
 */
export async function runSampleQuestions(options: SampleRunOptions): Promise<SampleBuildRun[]> {
  const specs = options.sampleDatabases ?? SAMPLE_DATABASES;
  const names = specs.map((d) => d.name);
  const files = typeof options.questionsFile === 'string' ? [options.questionsFile] : (options.questionsFile ?? [DEFAULT_QUESTIONS_FILE]);
  const file = files.join(', ');
  const all = loadQuestionFiles(files, names);
  const bench = options.bench ?? 'sample-questions';
  const wanted = options.databases && options.databases.length > 0 ? new Set(options.databases) : null;
  if (wanted) {
    const unknown = [...wanted].filter((d) => !names.includes(d));
    if (unknown.length > 0) throw new Error(`unknown database ${unknown.join(', ')} in sample-questions; it has ${names.join(', ')}`);
  }
  const choice = options.build ?? 'both';
  const builds = choice === 'both' ? SAMPLE_BUILDS : [choice];
  const plan = builds.map((build) => {
    const inBuild = specs.filter((d) => hasBuild(d, build));
    const names = new Set(inBuild.map((d) => d.name));
    const chosen = all.filter((q) => names.has(q.db) && (!wanted || wanted.has(q.db)));
    const questions = options.limit === undefined ? chosen : chosen.slice(0, options.limit);
    const why = `no question of ${wanted ? [...wanted].join(', ') : 'the file'} is on a database of the ${build} build (${[...names].join(', ') || 'none'})`;
    if (questions.length === 0 && choice !== 'both') throw new Error(`sample-questions: ${why}`);
    return { build, questions, why, dbs: inBuild.filter((d) => questions.some((q) => q.db === d.name)) };
  });
  // A missing server or psql fails before any build runs, not after the SQLite one.
  const postgres = plan.find((p) => p.build === 'postgres' && p.questions.length > 0);
  if (postgres) await checkPostgresBuild(postgres.dbs, options.postgresUrl);
  const runs: SampleBuildRun[] = [];
  for (const { build, questions, why } of plan) {
    if (questions.length === 0) {
      options.onStep?.(`sample-questions: ${build} build skipped: ${why}`);
      continue;
    }
    options.onStep?.(`sample-questions: ${build} build, ${questions.length} questions from ${file}`);
    const started = performance.now();
    const loaded = await loadSampleBuild({
      dataDir: options.dataDir,
      build,
      questions,
      databases: specs,
      ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
      ...(options.onStep ? { onStep: options.onStep } : {}),
    });
    const { results, outcomes } = await runEvaluation({
      bench,
      dataDir: options.dataDir,
      loaded,
      ...(options.llm ? { llm: options.llm } : {}),
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.modelCacheDir ? { modelCacheDir: options.modelCacheDir } : {}),
      ...(options.islandEmbedder === false ? { islandEmbedder: false } : {}),
      ...(options.disambiguator ? { disambiguator: options.disambiguator } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    // The wall time covers loading and profiling the build too, not only what runEvaluation did.
    const withBuild: EvalResults = { build, ...results, wallMs: Math.round(performance.now() - started) };
    const written = await writeReports(join(options.out, build), withBuild, outcomes);
    runs.push({ build, results: withBuild, outcomes, written });
  }
  return runs;
}
