/**
 * `guided-eval --bench fit` (`pnpm fit`): fits the choice among candidate trees on training data
 * only — every `questions*.jsonl` of `train-questions/` over every database of `train-dbs/` (real
 * rows) and, weighted by `fit.namesOnlyWeight` when it is above 0, Spider train in both wordings
 * (names only) — each built and asked through the product path. The settings (penalty, target)
 * are chosen by nested cross-validation grouped by database, the calibration is fitted on the
 * out-of-fold scores, and the report gives the out-of-fold exact-set accuracy per database and per
 * question file against the heuristic's tree and the best candidate, and the reliability table.
 * With `--write` the model and its card go into the retrieval package's params/choice.json.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadQuestionFiles, loadSampleBuild, loadSpider, trainingQuestions } from '@guided-retrieval/benchmarks';
import type { ChoiceFile, ChoiceModel } from '@guided-retrieval/retrieval';
import {
  bestIndex,
  type ChoiceExample,
  chooseSettings,
  describePoint,
  FEATURE_NAMES,
  type FitSettings,
  fitCalibration,
  fitChoice,
  gridOf,
  nestedCrossValidate,
  PAST_FEATURES,
  reliability,
  returnedTree,
  scoreVectors,
  untrainedChoice,
  writeChoiceModel,
} from '@guided-retrieval/retrieval/fit';
import { gitState, PROBE, PROBE_QUESTIONS, paramsHashes, probeFingerprints, sha256Files } from './card.js';
import { type CollectedQuestion, collectChoiceExamples, collectWithHistory, eligibleOnly } from './choice.js';
import { type ChoiceFitReport, fitMarkdown, outOfFoldFigures, overAll } from './report.js';

export interface FitCliOptions {
  data?: string;
  out: string;
  /** Write the fitted model into the retrieval package's params/choice.json (default: only report it). */
  write?: boolean;
  /** Reuse the examples an earlier run collected (its `--out` folder) instead of asking every question again. */
  examples?: string;
}

/** Spider train's question files: Spider's wording and the synonym rewording. */
const NAMES_ONLY_FILES = ['train.json', 'train-syn.json'] as const;

const EXAMPLES_FILE = 'choice-examples.jsonl';
const HISTORY_EXAMPLES_FILE = 'history-examples.jsonl';
const NAMES_ONLY_EXAMPLES_FILE = 'names-only-examples.jsonl';

export async function runFitCommand(options: FitCliOptions, log: (message: string) => void): Promise<void> {
  if (!options.data) throw new Error('--bench fit needs --data <dir>: the folder holding train-dbs/, train-questions/ and spider-train/');
  const data = resolve(options.data);
  // Candidates are proposed and their features read with an untrained model: the shipped one may be of other features.
  const base = untrainedChoice();
  const training = trainingQuestions(data);
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  let held: CollectedQuestion[];
  let namesOnly: ChoiceExample[];
  let withHistory: CollectedQuestion[];
  if (options.examples) {
    const dir = resolve(options.examples);
    held = await readJsonl<CollectedQuestion>(join(dir, EXAMPLES_FILE));
    namesOnly = base.fit.namesOnlyWeight > 0 ? await readJsonl<ChoiceExample>(join(dir, NAMES_ONLY_EXAMPLES_FILE)) : [];
    withHistory = await readJsonl<CollectedQuestion>(join(dir, HISTORY_EXAMPLES_FILE));
    log(
      `fit: ${held.length} training questions, ${withHistory.length} asked with a history, ${namesOnly.length} names-only questions read from ${dir}`,
    );
  } else {
    const build = await buildTraining(data, training, log);
    // Every proposal rooted: the fit learns from them all; the shipped model chooses which to root.
    const collecting = { ...base, limits: { ...base.limits, rooted: base.limits.maxCandidates } };
    held = await collectChoiceExamples(build.benchmark, { choice: collecting, onStep: log });
    withHistory = await collectWithHistory(build.benchmark, { choice: collecting, seed: base.fit.historySeed, onStep: log });
    namesOnly = base.fit.namesOnlyWeight > 0 ? await collectNamesOnly(data, collecting, log) : [];
  }
  await writeFile(join(out, EXAMPLES_FILE), held.map((e) => `${JSON.stringify(e)}\n`).join(''));
  await writeFile(join(out, HISTORY_EXAMPLES_FILE), withHistory.map((e) => `${JSON.stringify(e)}\n`).join(''));
  await writeFile(join(out, NAMES_ONLY_EXAMPLES_FILE), namesOnly.map((e) => `${JSON.stringify(e)}\n`).join(''));

  const files = await questionFilesById(training.questionsFile);
  // A question grounding nothing has no candidate tree to learn from: it counts wrong, whatever is fitted.
  const report = await fitAndReport(held, namesOnly, withHistory, base, files, {
    asked: files.size,
    data: [
      {
        source: `train-questions (${training.questionsFile.length} files; ${held.length} of ${files.size} questions give candidate trees)`,
        questions: files.size,
        sha256: sha256Files(training.questionsFile),
      },
      {
        source: `train-dbs (${training.sampleDatabases.length} databases)`,
        questions: held.length,
        sha256: sha256Files(training.sampleDatabases.map((d) => join(data, d.sqlite!))),
      },
      ...(namesOnly.length > 0
        ? [
            {
              source: `spider-train ${NAMES_ONLY_FILES.join(' + ')} (weight ${base.fit.namesOnlyWeight})`,
              questions: namesOnly.length,
              sha256: sha256Files(NAMES_ONLY_FILES.map((f) => join(data, 'spider-train', f))),
            },
          ]
        : []),
    ],
    log,
  });
  await writeFile(join(out, 'choice-fit.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(out, 'choice-fit.md'), fitMarkdown(report));
  const o = report.outOfFold;
  log(
    `fit: out of fold on ${o.questions} training questions (one fold per database, settings chosen inside each fold): fitted ${o.fitted}, heuristic ${o.heuristic}, best candidate ${o.oracle}; ECE ${report.calibration.ece}; on all ${report.asked}, those with no candidate tree counted wrong: fitted ${overAll(o.fitted, o.questions, report.asked)}`,
  );
  if (options.write) {
    await writeChoiceModel(report.file);
    log("fit: wrote the model into the retrieval package's params/choice.json");
  } else log("fit: pass --write to write it into the retrieval package's params/choice.json");
  log(`fit: wrote ${join(out, 'choice-fit.md')} and choice-fit.json`);
}

async function buildTraining(data: string, training: ReturnType<typeof trainingQuestions>, log: (message: string) => void) {
  const questions = loadQuestionFiles(
    training.questionsFile,
    training.sampleDatabases.map((d) => d.name),
  );
  log(`fit: building the ${training.sampleDatabases.length} training databases (profile → keys → graph)`);
  return loadSampleBuild({ dataDir: data, build: 'sqlite', questions, databases: training.sampleDatabases, onStep: log });
}

async function collectNamesOnly(data: string, base: ChoiceFile, log: (message: string) => void): Promise<ChoiceExample[]> {
  const spiderDir = join(data, 'spider-train');
  if (!existsSync(spiderDir))
    throw new Error(`--bench fit: ${spiderDir} not found (Spider train, names only, is part of the training data)`);
  const namesOnly: ChoiceExample[] = [];
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
        f1: e.f1,
        weight: base.fit.namesOnlyWeight,
      })),
    );
  }
  return namesOnly;
}

/** The nested selection, the out-of-fold figures, the calibration, the final model and its card. */
export async function fitAndReport(
  collected: readonly CollectedQuestion[],
  namesOnly: readonly ChoiceExample[],
  collectedWithHistory: readonly CollectedQuestion[],
  base: ChoiceFile,
  files: ReadonlyMap<string, string>,
  context: {
    /** Training questions read, with a readable gold query: those giving no candidate tree count wrong over all. */
    asked: number;
    data: { source: string; questions: number; sha256: string }[];
    log: (message: string) => void;
  },
): Promise<ChoiceFitReport> {
  // Eligibility by this file's rule, read off the features (examples collected under another rule are judged again).
  const held = collected.map((e) => eligibleOnly(e, base.rule));
  const namesOnlyHeld = everyNth(
    namesOnly.map((e) => eligibleOnly(e, base.rule)).filter((e) => e.vectors.length > 1),
    base.fit.namesOnlyQuestions,
  );
  const grid = gridOf(base.fit.penalties, base.fit.sharpnesses);
  const settings = {
    features: FEATURE_NAMES,
    maxSteps: base.fit.maxSteps,
    gradientTolerance: base.fit.gradientTolerance,
    nonPositive: base.fit.nonPositive,
  };
  context.log(`fit: nested cross-validation over ${grid.length} settings × ${new Set(held.map((e) => e.group)).size} databases`);
  const nested = nestedCrossValidate(held, grid, settings, namesOnlyHeld, base.fit.innerFolds, (g, p) =>
    context.log(`fit: held out ${g}: ${describePoint(p)} chosen on the other databases`),
  );
  // Each fold's calibration is fitted on the other folds' out-of-fold scores: the reliability table is out of fold too.
  const scored = held.map((e) => ({ id: e.id, group: e.group, scores: nested.scores.get(e.id)!, right: e.right }));
  const clip = base.fit.calibration.clip;
  const byGroup = new Map<string, ReturnType<typeof fitCalibration>>();
  for (const g of new Set(scored.map((q) => q.group)))
    byGroup.set(
      g,
      fitCalibration(
        scored.filter((o) => o.group !== g),
        base.fit.calibration,
      ),
    );
  const table = reliability(
    scored.map((q) => returnedTree(q, byGroup.get(q.group)!, clip)),
    base.fit.reliabilityBins,
  );
  const outOfFold = outOfFoldFigures(collected, held, nested.scores, files);
  context.log('fit: choosing the settings on every database, fitting the final model');
  const { point } = chooseSettings(held, grid, settings, namesOnlyHeld, base.fit.innerFolds);
  const withoutHistory = fitChoice([...held, ...namesOnlyHeld], { ...settings, ...point });
  // The history features, fitted apart over the model without them: with no history the choice is that model exactly.
  const withHistory = collectedWithHistory.map((e) => eligibleOnly(e, base.rule));
  const historyOutOfFold = pastOutOfFold(held, withHistory, namesOnlyHeld, { ...settings, ...point });
  const { model, convergence } =
    withHistory.length > 0 ? fitChoice(withHistory, { ...settings, ...point, frozen: withoutPast(withoutHistory.model) }) : withoutHistory;
  model.calibration = fitCalibration(scored, base.fit.calibration);
  const untrained = { ...base };
  const git = gitState();
  const file: ChoiceFile = {
    ...base,
    model,
    provenance: {
      data: context.data,
      commit: git.commit,
      dirty: git.dirty,
      params: paramsHashes(),
      fingerprints: { probe: PROBE, questions: [...PROBE_QUESTIONS], features: await probeFingerprints(untrained) },
      convergence,
      chosen: { penalty: point.penalty, target: point.target, searched: grid.map(describePoint) },
      outOfFold: { questions: outOfFold.questions, fitted: outOfFold.fitted, heuristic: outOfFold.heuristic, oracle: outOfFold.oracle },
      calibration: { ece: table.ece, bins: table.bins },
    },
  };
  return {
    ...outOfFold,
    outOfFold: { questions: outOfFold.questions, fitted: outOfFold.fitted, heuristic: outOfFold.heuristic, oracle: outOfFold.oracle },
    asked: context.asked,
    namesOnlyQuestions: namesOnly.length,
    withHistory: historyOutOfFold,
    chosenPerFold: Object.fromEntries([...nested.chosen].map(([g, p]) => [g, describePoint(p)])),
    calibration: table,
    file,
  };
}

/**
 * At most `cap` of the names-only questions, evenly spread over them in their order, each weighing
 * what the ones left out would have (their total weight kept): the fit's cost is the names-only
 * set's, ten times the training questions'.
 */
function everyNth(examples: readonly ChoiceExample[], cap: number): ChoiceExample[] {
  if (examples.length <= cap) return [...examples];
  const step = examples.length / cap;
  return Array.from({ length: cap }, (_, i) => {
    const e = examples[Math.floor(i * step)]!;
    return { ...e, weight: (e.weight ?? 1) * step };
  });
}

/** A names-only example with only the candidates `keep` marks. */
/**
 * Out of fold, with a history (each half of a database asked with the other half as its history):
 * per held-out database, the model without history fitted on the others, then the history features
 * over it, scoring the held-out database's questions; against the same without the history.
 */
function pastOutOfFold(
  held: readonly CollectedQuestion[],
  withHistory: readonly CollectedQuestion[],
  namesOnly: readonly ChoiceExample[],
  settings: FitSettings,
): { questions: number; fitted: number; withoutHistory: number; oracle: number } | null {
  if (withHistory.length === 0) return null;
  const groups = [...new Set(withHistory.map((e) => e.group))].sort();
  let right = 0;
  let before = 0;
  let oracle = 0;
  for (const g of groups) {
    const { model: base } = fitChoice([...held.filter((e) => e.group !== g), ...namesOnly], settings);
    const { model } = fitChoice(
      withHistory.filter((e) => e.group !== g),
      { ...settings, frozen: withoutPast(base) },
    );
    for (const e of withHistory.filter((x) => x.group === g)) {
      if (e.right[bestIndex(scoreVectors(model, e.vectors))]) right += 1;
      if (e.right.some(Boolean)) oracle += 1;
    }
    for (const e of held.filter((x) => x.group === g)) if (e.right[bestIndex(scoreVectors(base, e.vectors))]) before += 1;
  }
  const n = withHistory.length;
  const share = (x: number, of: number) => Math.round((x / Math.max(1, of)) * 1e4) / 1e4;
  return {
    questions: n,
    fitted: share(right, n),
    withoutHistory: share(before, held.filter((e) => groups.includes(e.group)).length),
    oracle: share(oracle, n),
  };
}

/** A model without the history features: what the history's fit freezes (the history features are fitted over it). */
function withoutPast(model: ChoiceModel): ChoiceModel {
  const keep = model.features.map((f, j) => (PAST_FEATURES.includes(f) ? -1 : j)).filter((j) => j >= 0);
  return {
    features: keep.map((j) => model.features[j]!),
    mean: keep.map((j) => model.mean[j]!),
    scale: keep.map((j) => model.scale[j]!),
    weights: keep.map((j) => model.weights[j]!),
    calibration: model.calibration,
  };
}

/** Which question file each question id comes from (the name without folder). */
async function questionFilesById(paths: readonly string[]): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  for (const path of paths) {
    const name = path.split('/').pop()!;
    for (const line of (await readFile(path, 'utf8')).split('\n')) if (line.trim()) byId.set((JSON.parse(line) as { id: string }).id, name);
  }
  return byId;
}

async function readJsonl<T>(path: string): Promise<T[]> {
  if (!existsSync(path)) throw new Error(`--examples: ${path} not found (the folder of an earlier --bench fit run)`);
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}
