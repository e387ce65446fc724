/**
 * `guided-eval --bench fit` (`pnpm fit`): fits how much a match on a data value says, on the
 * databases that have real rows — the sample-questions SQLite build and Defog's PostgreSQL dumps,
 * built through the product path — and writes the weights into grounding's parameters file.
 *
 * Each value match a question's words make (before weighing) is one example: its column's
 * distinct values, the share of the value its words leave uncovered and its extra words are the
 * features; whether its table is one the question needs is the label. A match the question spells
 * as a name keeps its weight whatever the fit says, so those are left out; a match on a table the
 * question may also read (optional) says neither. Cross-validated leave-one-database-out.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GroundingIndex, type ValueEvidenceWeights } from '@guided-retrieval/grounding';
import { loadDefog } from '../bench/defog.js';
import { benchGraph } from '../bench/graph.js';
import type { Benchmark } from '../bench/types.js';
import { questionGold } from '../run.js';
import { loadSampleBuild, SAMPLE_DATABASES } from '../sample/builds.js';
import { DEFAULT_QUESTIONS_FILE, loadSampleQuestions } from '../sample/questions.js';
import { type CrossValidation, crossValidate, type Example, fitLogistic } from './logistic.js';

export interface FitCliOptions {
  data?: string;
  out: string;
  postgres?: string;
  /** Write the fitted weights into grounding's parameters file (default: only report them). */
  write?: boolean;
}

const GROUNDING_PARAMS_FILE = fileURLToPath(new URL('../../../../packages/grounding/params/grounding.json', import.meta.url));

/** L2 penalty: a few hundred examples, so the weights are kept from chasing single databases. */
const L2 = 1;

export interface ValueEvidenceFit {
  examples: number;
  positives: number;
  databases: Record<string, { examples: number; positives: number }>;
  /** The intercept, then the weights of the features in `valueExamples`' order. */
  weights: ValueEvidenceWeights;
  crossValidation: CrossValidation;
}

/** The examples of one benchmark's databases: each question's value matches, labelled by its gold tables. */
async function valueExamples(bench: Benchmark, group: (db: string) => string = (db) => db): Promise<Example[]> {
  const out: Example[] = [];
  for (const db of bench.databases) {
    const { graph } = await benchGraph(db);
    const index = await GroundingIndex.build(graph);
    const tables = db.schema.tables.map((t) => t.name);
    for (const q of bench.questions.filter((x) => x.db === db.name)) {
      const gold = questionGold(q, tables);
      if (!gold.ok) continue;
      const optional = new Set(q.optionalTables ?? []);
      // A needed table the question also names otherwise (a table or column name) is no test of
      // its value match: only value matches that alone would bring a needed table in are positives.
      const otherwise = new Set((await index.ground(q.question)).matches.filter((m) => m.kind !== 'value').map((m) => m.table));
      for (const m of index.valueMatches(q.question)) {
        if (m.asName || optional.has(m.table)) continue;
        if (gold.tables.includes(m.table) && otherwise.has(m.table)) continue;
        out.push({
          features: [Math.log1p(m.distinct), 1 - m.coverage, m.words - 1],
          label: gold.tables.includes(m.table) ? 1 : 0,
          group: group(db.name),
        });
      }
    }
  }
  return out;
}

export function fitValueEvidence(examples: readonly Example[]): ValueEvidenceFit {
  const { weights } = fitLogistic(examples, { l2: L2 });
  const databases: ValueEvidenceFit['databases'] = {};
  for (const e of examples) {
    const d = databases[e.group] ?? { examples: 0, positives: 0 };
    databases[e.group] = d;
    d.examples++;
    d.positives += e.label;
  }
  return {
    examples: examples.length,
    positives: examples.filter((e) => e.label === 1).length,
    databases,
    weights: {
      intercept: weights[0]!,
      perLogDistinct: weights[1]!,
      perUncovered: weights[2]!,
      perExtraWord: weights[3]!,
    },
    crossValidation: crossValidate(examples, { l2: L2 }),
  };
}

export async function runFitCommand(options: FitCliOptions, log: (message: string) => void): Promise<void> {
  if (!options.data) throw new Error('--bench fit needs --data <dir>: the folder holding sample-dbs/ and defog/');
  const data = resolve(options.data);
  const questions = loadSampleQuestions(
    DEFAULT_QUESTIONS_FILE,
    SAMPLE_DATABASES.map((d) => d.name),
  );
  log('fit: building the sample-questions SQLite build (profile → joins → graph)');
  const sample = await loadSampleBuild({ dataDir: data, build: 'sqlite', questions, onStep: log });
  const examples = await valueExamples(sample.benchmark);
  const postgres = options.postgres ?? process.env.GUIDED_TEST_POSTGRES_URL;
  if (postgres) {
    log('fit: loading and profiling Defog (PostgreSQL)');
    const defog = await loadDefog(join(data, 'defog'), { postgresUrl: postgres, onProgress: log });
    examples.push(...(await valueExamples(defog.benchmark, (db) => `defog/${db}`)));
  } else
    log('fit: no PostgreSQL server (pass --postgres URL or set GUIDED_TEST_POSTGRES_URL): fitting on the SQLite sample databases alone');
  const fit = fitValueEvidence(examples);
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'value-evidence.json'), `${JSON.stringify(fit, null, 2)}\n`);
  await writeFile(join(out, 'value-evidence.md'), fitMarkdown(fit));
  const cv = fit.crossValidation;
  log(`fit: ${fit.examples} value matches (${fit.positives} on a needed table) over ${Object.keys(fit.databases).length} databases`);
  log(`fit: weights ${JSON.stringify(fit.weights)}`);
  log(`fit: leave-one-database-out log loss ${cv.logLoss} (constant baseline ${cv.baselineLogLoss}), AUC ${cv.auc}`);
  if (options.write) {
    const file = GROUNDING_PARAMS_FILE;
    const params = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    if (!('valueEvidence' in params)) throw new Error(`${file} has no "valueEvidence" key to write the fitted weights into`);
    params.valueEvidence = fit.weights;
    await writeFile(file, `${JSON.stringify(params, null, 2)}\n`);
    log(`fit: wrote the weights into ${file}`);
  } else log('fit: pass --write to write them into packages/grounding/params/grounding.json');
  log(`fit: wrote ${join(out, 'value-evidence.md')} and value-evidence.json`);
}

export function fitMarkdown(fit: ValueEvidenceFit): string {
  const cv = fit.crossValidation;
  const rows = cv.folds.map((f) => `| ${f.group} | ${f.examples} | ${f.logLoss} | ${f.baselineLogLoss} | ${f.auc} |`);
  return [
    '# Value evidence, fitted',
    '',
    `${fit.examples} value matches (${fit.positives} on a table the question needs), words not spelled as a name.`,
    '',
    `Weights: ${Object.entries(fit.weights)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    `Leave-one-database-out: log loss ${cv.logLoss} against ${cv.baselineLogLoss} for the constant baseline; AUC ${cv.auc}.`,
    '',
    '| held-out database | examples | log loss | baseline | AUC |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
