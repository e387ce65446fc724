import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type BenchName, trainingQuestions } from '@guided-retrieval/benchmarks';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ablationMarkdown, runAblation } from './ablation.js';
import { type AllCliOptions, refuseAllOptions, runAllCommand } from './all/command.js';
import { runFitColumns } from './fit/columns.js';
import { type FitCliOptions, runFitCommand } from './fit/command.js';
import { type JoinsFitCliOptions, runJoinsFitCommand } from './fit/joins.js';
import { historyLines, writeHistoryReports } from './history/report.js';
import { runHistoryBench } from './history/run.js';
import { isJoinsBench, JOINS_BENCHES, type JoinsCliOptions, runJoinsCommand } from './joins/command.js';
import { DEFAULT_HIDE_SEED } from './joins/hide.js';
import type { JoinsBench } from './joins/run.js';
import { resultLines, writeReports } from './report.js';
import { runEvaluation } from './run.js';
import { BUILD_CHOICES, type BuildChoice, runSampleQuestions } from './sample/command.js';
import {
  parseBudget,
  parseSeed,
  parseShapes,
  parseSizes,
  refuseScaleOptions,
  runScaleCommand,
  type ScaleCliOptions,
} from './scale/command.js';
import { runStartupCommand, type StartupCliOptions } from './startup/command.js';

const log = (message: string) => process.stderr.write(`${message}\n`);

function unitInterval(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`must be a number in [0, 1], got "${value}"`);
  return n;
}

function scaleFactor(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 10)
    throw new InvalidArgumentError(`must be a number in (0, 10], got "${value}"`);
  return n;
}

const BENCH_HELP = [
  'benchmark: bird-dev, spider-dev, spider-syn or spider2-lite (table retrieval; spider-syn is Spider dev with its questions reworded by synonyms; spider2-lite is scored against its listed gold tables);',
  'defog (table retrieval on real PostgreSQL databases: each dump loaded into a scratch database on --postgres, profiled, joins inferred, graph built, as `guided build` does);',
  'sample-questions (plain business questions over real sample databases, each built from its SQLite file and from its PostgreSQL dump, see --build; --data is the folder holding sample-dbs/ and defog/);',
  'train-questions (the training questions over train-dbs/, built from their SQLite files; --data is the folder holding train-dbs/ and train-questions/);',
  'joins (join inference on every *.sqlite under --data, one per subfolder, plus TPC-H; --data ../shared/benchmarks scores sample-dbs (with TPC-H) and train-dbs apart, with the edges into non-unique targets, and checks the dbt-hubspot project: edges on audit or sync columns, the hand-checked sample);',
  'joins-bird or joins-spider (join inference on the BIRD or Spider dev schemas, and retrieval with declared vs inferred edges);',
  "history (a team's own history: each database's BIRD dev and Spider dev questions split in halves by --seed, one half's question–SQL pairs learned as history, the other asked, then swapped, at 0, 10, 25 and 50 % history: the retriever and the nearest past question; and the join edges the gold SQL alone recovers with the declared keys hidden; --data is the folder holding bird-dev/ and spider-dev/; writes history.json and history.md);",
  'scale (latency, memory and accuracy on generated schemas of 50 to 2000 tables; needs no --data);',
  'startup (guided --version, --help and a fresh retrieve on Chinook as fresh processes, the first question in a server against the p95 after it, a server stopped through npx; --data is the folder holding sample-dbs/ and bird-dev/);',
  "fit-joins (fits join inference's thresholds on the training databases, --data ../shared/benchmarks/train-dbs, by grid search cross-validated leave-one-database-out; reports the out-of-fold figures; --write writes them into packages/join-inference/params/join-inference.json);",
  "fit-columns (fits the column model on Spider's training set, --data holding spider-train/, cross-validated by database; --write writes it into packages/retrieval/params/columns.json);",
  "fit (fits the choice among candidate trees on the training data: train-questions over train-dbs and, weighted, Spider train; --data is the folder holding train-dbs/, train-questions/ and spider-train/; reports out-of-fold accuracy by database; --write writes the model into the retrieval package's params/choice.json);",
  'all (every retrieval benchmark in turn, each in a child process: bird-dev, bird-dev --union, spider-dev, spider-dev --union, spider-syn, spider2-lite, defog, sample-questions in both builds; --data is the folder holding their folders; one summary table on stdout and in <out>/summary.md and summary.json, full reports in <out>/<benchmark>/)',
].join(' ');

function nonNegativeInteger(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(n) || n < 0)
    throw new InvalidArgumentError(`must be a whole number ≥ 0, got "${value}"`);
  return n;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`must be a positive whole number, got "${value}"`);
  return n;
}

export function program(): Command {
  return new Command('guided-eval')
    .description(
      'Measure table retrieval (accuracy, precision, recall, F1, perfect recall) on BIRD dev, Spider dev, Spider-Syn, Spider 2.0-lite or Defog, with baselines in the same run (--bench all: every one of them, one summary table); ' +
        'or join inference (precision, recall, F1 of inferred edges against the declared foreign keys) with --bench joins, joins-bird or joins-spider.',
    )
    .addOption(
      new Option('--bench <name>', BENCH_HELP)
        .choices([
          'bird-dev',
          'spider-dev',
          'spider-syn',
          'spider2-lite',
          'defog',
          'sample-questions',
          'train-questions',
          ...JOINS_BENCHES,
          'history',
          'scale',
          'startup',
          'fit',
          'fit-columns',
          'fit-joins',
          'all',
        ])
        .makeOptionMandatory(),
    )
    .option(
      '--data <dir>',
      'folder holding the benchmark files (dev.json and its tables file; for joins, the sample-dbs folder; for all, the folder holding the benchmark folders); every bench but scale needs it',
    )
    .option('--db <name...>', 'only these databases')
    .option('--limit <n>', 'at most n questions', positiveInteger)
    .option('--evidence', "append BIRD's evidence hint to each question (reported separately)")
    .option('--instructions', "defog: append Defog's per-question instructions (its evidence; the same as --evidence)")
    .option(
      '--postgres <url>',
      'defog, sample-questions: the PostgreSQL server to load the dumps into (scratch databases guided_defog_* or guided_sq_*, dropped after; default $GUIDED_TEST_POSTGRES_URL)',
    )
    .addOption(
      new Option(
        '--build <build>',
        'sample-questions: which build of its databases to ask: sqlite (the SQLite files), postgres (the dumps loaded into PostgreSQL, needs psql and --postgres) or both (default); reports in <out>/<build>/',
      ).choices([...BUILD_CHOICES]),
    )
    .option(
      '--union',
      'one context graph of every database (with --db, of those), colliding table names prefixed <db>__<table>; every question asked against it',
    )
    .option(
      '--write',
      "fit, fit-columns, fit-joins: write the fitted model into the retrieval package's params/choice.json, packages/retrieval/params/columns.json, or the thresholds into packages/join-inference/params/join-inference.json (default: report them only)",
    )
    .option(
      '--examples <dir>',
      'fit: reuse the candidates an earlier fit collected (its --out folder) instead of asking every question again',
    )
    .option(
      '--out <dir>',
      'where to write results.json, results.md and charts/ (all: summary.md, summary.json and a folder per benchmark)',
      'eval-results',
    )
    .option(
      '--baseline <summary.json>',
      "all: compare with an earlier run's summary.json: a ΔF1 column, and the verdict (a gain only if no benchmark drops by more than 0.005 F1)",
    )
    .option(
      '--llm <spec>',
      'chat model for disambiguation and path selection: ollama:<model>[@url] or openai:<model>[@url] (key from OPENAI_API_KEY)',
    )
    .option('--embedder <spec>', 'embedder: offline (default), ollama:<model>[@url], openai:<model>[@url] or transformers:<folder>')
    .option('--no-sentence-model', 'leave the sentence model (USE-lite) out of island choice even when it is installed')
    .addOption(
      new Option(
        '--disambiguator <name>',
        "fitted (default: the fitted choice among candidate trees) or heuristic (the heuristic's tree alone, to measure what the choice adds)",
      ).choices(['fitted', 'heuristic']),
    )
    .option('--model-cache <dir>', 'cache of model answers, so reruns cost nothing', '.model-cache')
    .option(
      '--ablation',
      'also run each retrieval lever switched off, the word-vector embedder (loads 300 MB) and the weak-table threshold curve; writes ablation.json and ablation.md',
    )
    .option(
      '--min-confidence <x>',
      'joins benches: drop inferred edges below this confidence (default: the inference default)',
      unitInterval,
    )
    .option('--no-tpch', 'joins: leave TPC-H out')
    .option('--tpch-scale-factor <sf>', 'joins: scale factor of the generated TPC-H database', scaleFactor, 0.01)
    .option(
      '--cache-dir <dir>',
      'joins: where the TPC-H database is generated and kept (default $GUIDED_CACHE_DIR, else ~/.cache/guided-retrieval)',
    )
    .option(
      '--no-retrieval',
      'joins-bird, joins-spider: score the edges only, without the two retrieval runs; history: the history baselines and the join edges only, without the retriever',
    )
    .option(
      '--hide-declared <fraction>',
      "joins benches: hide only this share of each database's declared foreign keys (drawn with a seeded PRNG, per database; 0.5 hides half), keep the rest and the primary keys as declared, and score the declared plus inferred edges against all the declared keys, with the recall on the hidden ones apart (default: every declared key hidden)",
      unitInterval,
    )
    .option(
      '--hide-seed <n>',
      `joins benches with --hide-declared: seed of the draw, mixed with each database's name (default ${DEFAULT_HIDE_SEED})`,
      nonNegativeInteger,
    )
    .option('--sizes <list>', 'scale: table counts, comma-separated (default 50,200,500,1000,2000)', parseSizes)
    .option('--shapes <list>', 'scale: snowflake, warehouse, layered, comma-separated (default all three)', parseShapes)
    .option('--questions <n>', 'scale: questions per schema (default 100)', positiveInteger)
    .option('--runs <n>', 'startup: fresh processes timed per command (default 10)', positiveInteger)
    .option(
      '--seed <n>',
      'scale: seed of the schema and question generator (default 42); history: seed of the split (default 52)',
      parseSeed,
    )
    .option('--budget-s <seconds>', 'scale: wall-clock budget per schema, each run in a child process (default 300)', parseBudget)
    .option(
      '--only <schema>',
      'scale: run one schema (snowflake:200, layered:4x24) in this process and print its steps as JSON lines (what each child does)',
    )
    .showHelpAfterError('(run with --help for usage)')
    .action(
      async (options: {
        bench: BenchName | JoinsBench | 'history' | 'scale' | 'startup' | 'fit' | 'fit-columns' | 'fit-joins' | 'all';
        write?: boolean;
        data: string;
        db?: string[];
        limit?: number;
        evidence?: boolean;
        instructions?: boolean;
        postgres?: string;
        union?: boolean;
        out: string;
        ablation?: boolean;
        llm?: string;
        embedder?: string;
        modelCache: string;
        sentenceModel?: boolean;
        disambiguator?: 'fitted' | 'heuristic';
        baseline?: string;
        hideDeclared?: number;
        hideSeed?: number;
        build?: BuildChoice;
        seed?: number;
        retrieval?: boolean;
      }) => {
        if (options.baseline && options.bench !== 'all') throw new Error('--baseline only applies to --bench all');
        if ((options.hideDeclared !== undefined || options.hideSeed !== undefined) && !isJoinsBench(options.bench))
          throw new Error('--hide-declared and --hide-seed only apply to the joins benches (joins, joins-bird, joins-spider)');
        if (options.bench === 'scale') return runScaleCommand(options as unknown as ScaleCliOptions, log);
        if (options.bench === 'startup') return runStartupCommand(options as StartupCliOptions, log);
        if (options.bench === 'fit') return runFitCommand(options as FitCliOptions, log);
        if (options.bench === 'fit-columns') {
          await runFitColumns(options, log);
          return;
        }
        if (options.bench === 'fit-joins') {
          await runJoinsFitCommand(options as JoinsFitCliOptions, log);
          return;
        }
        if (options.bench === 'history') {
          if (!options.data) throw new Error('--bench history needs --data <dir>: the folder holding bird-dev/ and spider-dev/');
          const results = await runHistoryBench({
            dataDir: resolve(options.data),
            ...(options.db ? { databases: options.db } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
            ...(options.seed === undefined ? {} : { seed: options.seed }),
            retrieval: options.retrieval !== false,
            log,
          });
          const written = await writeHistoryReports(resolve(options.out), results);
          for (const line of historyLines(results)) log(line);
          log(`wrote ${written.join(' and ')}`);
          return;
        }
        refuseScaleOptions(options);
        if (options.bench === 'all') {
          refuseAllOptions(options as unknown as Record<string, unknown>);
          return runAllCommand(options as AllCliOptions, log);
        }
        if (!options.data)
          throw new Error(
            `--bench ${options.bench} needs --data <dir>: the folder holding the benchmark files (for joins, the sample-dbs folder)`,
          );
        if (isJoinsBench(options.bench)) {
          if (options.union) throw new Error('--union only applies to bird-dev, spider-dev, spider-syn and spider2-lite');
          await runJoinsCommand(options as JoinsCliOptions, log);
          return;
        }
        if (options.build !== undefined && options.bench !== 'sample-questions')
          throw new Error('--build only applies to --bench sample-questions');
        const bench: BenchName = options.bench;
        const joinsOnly = options as Partial<JoinsCliOptions>;
        const misplaced = [
          joinsOnly.minConfidence !== undefined && '--min-confidence',
          joinsOnly.tpch === false && '--no-tpch',
          joinsOnly.cacheDir !== undefined && '--cache-dir',
          joinsOnly.retrieval === false && '--no-retrieval',
        ].filter((flag): flag is string => typeof flag === 'string');
        if (misplaced.length > 0)
          throw new Error(`${misplaced.join(', ')} only apply to the joins benches (joins, joins-bird, joins-spider)`);
        if (options.instructions && bench !== 'defog') throw new Error('--instructions only applies to defog (use --evidence for BIRD)');
        if (options.ablation && bench === 'defog') throw new Error('--ablation does not run on defog yet');
        const evidence = Boolean(options.evidence || options.instructions);
        const postgresUrl = options.postgres ?? process.env.GUIDED_TEST_POSTGRES_URL;
        const interactive = process.stderr.isTTY;
        const retrieverOptions = {
          ...(options.llm ? { llm: options.llm } : {}),
          ...(options.embedder ? { embedder: options.embedder } : {}),
          ...(options.llm || options.embedder ? { modelCacheDir: resolve(options.modelCache) } : {}),
          ...(options.sentenceModel === false ? { islandEmbedder: false } : {}),
          ...(options.disambiguator ? { disambiguator: options.disambiguator } : {}),
          onProgress: ({ db, done, total }: { db: string; done: number; total: number }) => {
            if (interactive) process.stderr.write(`\r${db}: ${done}/${total}   `);
            else if (done === total || done % 250 === 0) log(`${db}: ${done}/${total}`);
            if (interactive && done === total) process.stderr.write('\n');
          },
        };
        if (bench === 'sample-questions' || bench === 'train-questions') {
          if (options.union || options.ablation || evidence)
            throw new Error(`--union, --ablation, --evidence and --instructions do not apply to ${bench}`);
          const training = bench === 'train-questions' ? trainingQuestions(resolve(options.data)) : {};
          const runs = await runSampleQuestions({
            ...training,
            dataDir: resolve(options.data),
            out: resolve(options.out),
            ...(options.build ? { build: options.build } : {}),
            ...(options.db ? { databases: options.db } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
            ...(postgresUrl ? { postgresUrl } : {}),
            onStep: log,
            ...retrieverOptions,
          });
          for (const { results, written } of runs) {
            for (const line of resultLines(results)) log(line);
            log(
              `latency p50 ${results.latencyMs.p50} ms, p95 ${results.latencyMs.p95} ms; wall ${(results.wallMs / 1000).toFixed(1)} s; wrote ${written[0]} and ${written.length - 1} more files`,
            );
          }
          return;
        }
        const { results, outcomes } = await runEvaluation({
          bench,
          dataDir: resolve(options.data),
          ...(options.db ? { databases: options.db } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
          evidence,
          union: Boolean(options.union),
          ...(postgresUrl ? { postgresUrl } : {}),
          onStep: log,
          ...retrieverOptions,
        });
        const written = await writeReports(resolve(options.out), results, outcomes);
        for (const line of resultLines(results)) log(line);
        if (options.ablation) {
          const rows = await runAblation({
            bench,
            dataDir: resolve(options.data),
            evidence: Boolean(options.evidence),
            union: Boolean(options.union),
            ...(options.db ? { databases: options.db } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
          });
          await writeFile(join(resolve(options.out), 'ablation.json'), `${JSON.stringify(rows, null, 2)}\n`);
          await writeFile(join(resolve(options.out), 'ablation.md'), ablationMarkdown(options.union ? `${bench} (union)` : bench, rows));
          for (const r of rows)
            log(
              `ablation: ${r.name}: F1 ${r.overall.f1.toFixed(3)} recall ${r.overall.recall.toFixed(3)} precision ${r.overall.precision.toFixed(3)}`,
            );
        }
        if (results.models.llm || results.models.calls > 0 || results.models.cacheHits > 0) {
          const m = results.models;
          log(
            `models ${m.llm ?? '-'} / ${m.embedder}: ${m.calls} calls (${m.cacheHits} cached, ${m.failures} failed), ${m.promptTokens} prompt + ${m.completionTokens} completion tokens, ${m.seconds} s`,
          );
        }
        log(
          `latency p50 ${results.latencyMs.p50} ms, p95 ${results.latencyMs.p95} ms; wrote ${written[0]} and ${written.length - 1} more files`,
        );
      },
    );
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `guided-eval: error: ${process.env.GUIDED_DEBUG && error instanceof Error ? error.stack : message.split('\n')[0]}\n`,
    );
    return 1;
  }
}
