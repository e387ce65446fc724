/**
 * `guided-eval --bench fit` (`pnpm fit`): fits the choice among candidate trees on training data
 * only — the training questions (`train-questions/` over the real rows of `train-dbs/`) and,
 * weighted by `fit.namesOnlyWeight`, Spider train in both wordings (`spider-train/`, names only,
 * no database shared with any measured set) — each built and asked through the product path.
 * Reports the out-of-fold exact-set accuracy on the training questions (one fold per database;
 * Spider train always in), against the heuristic's tree and the best any candidate reaches, and
 * with `--write` writes the model through the retrieval package's `writeChoiceModel`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadQuestionFiles, loadSampleBuild, loadSpider, trainingQuestions } from '@guided-retrieval/benchmarks';
import {
  type ChoiceExample,
  type ChoiceFile,
  crossValidate,
  FEATURE_NAMES,
  fitChoice,
  untrainedChoice,
  writeChoiceModel,
} from '@guided-retrieval/retrieval';
import { type CollectedQuestion, collectChoiceExamples } from './choice.js';

export interface FitCliOptions {
  data?: string;
  out: string;
  /** Write the fitted model into the retrieval package's params/choice.json (default: only report it). */
  write?: boolean;
}

/** Spider train's question files: Spider's wording and the synonym rewording. */
const NAMES_ONLY_FILES = ['train.json', 'train-syn.json'] as const;

export interface ChoiceFitReport {
  questions: number;
  namesOnlyQuestions: number;
  databases: Record<string, { questions: number; fitted: number; heuristic: number; oracle: number }>;
  outOfFold: { fitted: number; heuristic: number; oracle: number };
  file: ChoiceFile;
}

/** Out-of-fold figures on `held` (Spider train's questions always in the fit) and the model fitted on all. */
export function fitReport(
  held: readonly CollectedQuestion[],
  namesOnly: readonly ChoiceExample[],
  base: ChoiceFile,
  provenance: { commit: string; data: string[] },
): ChoiceFitReport {
  const settings = { features: FEATURE_NAMES, penalty: base.fit.penalty, maxSteps: base.fit.maxSteps };
  const cv = crossValidate(held, settings, namesOnly);
  const databases: ChoiceFitReport['databases'] = {};
  const totals = { fitted: 0, heuristic: 0, oracle: 0 };
  for (const e of held) {
    databases[e.group] ??= { questions: 0, fitted: 0, heuristic: 0, oracle: 0 };
    const d = databases[e.group]!;
    const scored = {
      fitted: e.right[cv.picks.get(e.id) ?? 0] ? 1 : 0,
      heuristic: e.right[0] ? 1 : 0,
      oracle: e.right.some(Boolean) ? 1 : 0,
    };
    d.questions += 1;
    for (const k of ['fitted', 'heuristic', 'oracle'] as const) {
      d[k] += scored[k];
      totals[k] += scored[k];
    }
  }
  const n = held.length;
  const share = (x: number) => (n === 0 ? 0 : Math.round((x / n) * 1e4) / 1e4);
  const outOfFold = { fitted: share(totals.fitted), heuristic: share(totals.heuristic), oracle: share(totals.oracle) };
  const model = fitChoice([...held, ...namesOnly], settings);
  return {
    questions: n,
    namesOnlyQuestions: namesOnly.length,
    databases,
    outOfFold,
    file: { limits: base.limits, fit: base.fit, model, provenance: { ...provenance, outOfFold: { questions: n, ...outOfFold } } },
  };
}

function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export async function runFitCommand(options: FitCliOptions, log: (message: string) => void): Promise<void> {
  if (!options.data) throw new Error('--bench fit needs --data <dir>: the folder holding train-dbs/, train-questions/ and spider-train/');
  const data = resolve(options.data);
  // Candidates are proposed and their features read with an untrained model: the shipped one may be of other features.
  const base = untrainedChoice();
  const training = trainingQuestions(data);
  const questions = loadQuestionFiles(
    training.questionsFile,
    training.sampleDatabases.map((d) => d.name),
  );
  log(`fit: building the ${training.sampleDatabases.length} training databases (profile → keys → graph)`);
  const build = await loadSampleBuild({ dataDir: data, build: 'sqlite', questions, databases: training.sampleDatabases, onStep: log });
  const held = await collectChoiceExamples(build.benchmark, { choice: base, onStep: log });
  const namesOnly: ChoiceExample[] = [];
  const spiderDir = join(data, 'spider-train');
  if (!existsSync(spiderDir))
    throw new Error(`--bench fit: ${spiderDir} not found (Spider train, names only, is part of the training data)`);
  for (const file of NAMES_ONLY_FILES) {
    log(`fit: Spider train ${file}: asking every question (names only)`);
    const spider = loadSpider(spiderDir, 'spider-dev', file).benchmark;
    const collected = await collectChoiceExamples(spider, { choice: base, group: (db) => `spider-train/${db}` });
    namesOnly.push(
      ...collected.map((e) => ({
        group: e.group,
        id: `${file}:${e.id}`,
        vectors: e.vectors,
        right: e.right,
        weight: base.fit.namesOnlyWeight,
      })),
    );
  }
  log(
    `fit: fitting on ${held.length} training questions and ${namesOnly.length} Spider train questions (weight ${base.fit.namesOnlyWeight})`,
  );
  const report = fitReport(held, namesOnly, base, {
    commit: currentCommit(),
    data: [
      `train-questions: ${held.length} questions over ${Object.keys(groupCounts(held)).length} databases of train-dbs`,
      `spider-train ${NAMES_ONLY_FILES.join(' + ')}: ${namesOnly.length} questions over ${new Set(namesOnly.map((e) => e.group)).size} databases, weight ${base.fit.namesOnlyWeight}`,
    ],
  });
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'choice-fit.json'), `${JSON.stringify(report, null, 2)}\n`);
  // Every candidate of every training question with its features and label: what the fit saw.
  await writeFile(join(out, 'choice-examples.jsonl'), held.map((e) => `${JSON.stringify(e)}\n`).join(''));
  await writeFile(join(out, 'names-only-examples.jsonl'), namesOnly.map((e) => `${JSON.stringify(e)}\n`).join(''));
  await writeFile(join(out, 'choice-fit.md'), fitMarkdown(report));
  const o = report.outOfFold;
  log(
    `fit: out of fold on the training questions (one fold per database): fitted ${o.fitted}, heuristic ${o.heuristic}, best candidate ${o.oracle}`,
  );
  if (options.write) {
    writeChoiceModel(report.file);
    log("fit: wrote the model into the retrieval package's params/choice.json");
  } else log("fit: pass --write to write it into the retrieval package's params/choice.json");
  log(`fit: wrote ${join(out, 'choice-fit.md')} and choice-fit.json`);
}

function groupCounts(examples: readonly ChoiceExample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of examples) counts[e.group] = (counts[e.group] ?? 0) + 1;
  return counts;
}

export function fitMarkdown(report: ChoiceFitReport): string {
  const rows = Object.entries(report.databases).map(
    ([db, d]) =>
      `| ${db} | ${d.questions} | ${(d.fitted / d.questions).toFixed(3)} | ${(d.heuristic / d.questions).toFixed(3)} | ${(d.oracle / d.questions).toFixed(3)} |`,
  );
  const o = report.outOfFold;
  return [
    '# The choice among candidate trees, fitted',
    '',
    `${report.questions} training questions (and ${report.namesOnlyQuestions} Spider train questions, always in the fit); exact-set accuracy out of fold (one fold per database): fitted choice ${o.fitted}, the heuristic's tree ${o.heuristic}, the best candidate ${o.oracle}.`,
    '',
    '| held-out database | questions | fitted | heuristic | best candidate |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '| feature | weight |',
    '| --- | --- |',
    ...report.file.model.features.map((f, i) => `| ${f} | ${report.file.model.weights[i]} |`),
    '',
  ].join('\n');
}
