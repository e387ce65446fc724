/**
 * `guided-eval --bench fit-joins`: fits join inference's thresholds on the training databases
 * (`../shared/benchmarks/train-dbs`, their declared keys hidden, then the truth), by grid search,
 * cross-validated leave-one-database-out: each database is scored with the values chosen on the
 * other nine (the out-of-fold figure), and the values chosen on all ten are the fit, written with
 * `--write` through join inference's `writeJoinParams` (its `params/join-inference.json`). The sample databases,
 * TPC-H, BIRD, Spider and the dbt project only measure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  columnSetsToProfile,
  declaredJoinEdges,
  defaultJoinParams,
  inferJoins,
  type JoinParams,
  writeJoinParams,
} from '@guided-retrieval/join-inference';
import { type DatabaseProfile, profileSqlite } from '@guided-retrieval/profiler';
import { findSqliteDatabases } from '../joins/databases.js';
import { type EdgeCounts, microAverage, scoreEdges } from '../joins/score.js';

/** The thresholds searched, each over its grid (the checked values among them). */
export const JOIN_GRID: Readonly<Partial<Record<keyof JoinParams, readonly number[]>>> = {
  minConfidence: [0.5, 0.55, 0.6, 0.65, 0.7],
  uniqueFromPenalty: [0.05, 0.1, 0.15, 0.2],
  compositeMinContainment: [0.9, 0.95, 0.97, 0.99],
};

type Setting = Partial<JoinParams>;

/** Every combination of the grid's values. */
export function gridSettings(grid: Readonly<Partial<Record<keyof JoinParams, readonly number[]>>> = JOIN_GRID): Setting[] {
  let out: Setting[] = [{}];
  for (const [key, values] of Object.entries(grid) as [keyof JoinParams, readonly number[]][])
    out = out.flatMap((s) => values.map((v) => ({ ...s, [key]: v })));
  return out;
}

/** Edge counts of each setting on each database: `counts[setting][database]`. */
export type CountTable = EdgeCounts[][];

/** How far a setting is from the checked parameters: among equal F1s, the nearest wins (no change without cause). */
function distance(setting: Setting, base: JoinParams): number {
  return Object.entries(setting).reduce((n, [k, v]) => n + Math.abs((v as number) - (base[k as keyof JoinParams] as number)), 0);
}

/** The setting with the best micro F1 over `databases`, the nearest to `base` among ties. */
export function bestSetting(settings: readonly Setting[], counts: CountTable, databases: readonly number[], base: JoinParams): number {
  let best = 0;
  let bestF1 = -1;
  for (let s = 0; s < settings.length; s++) {
    const f1 = microAverage(databases.map((d) => counts[s]![d]!)).f1;
    const better =
      f1 > bestF1 + 1e-12 || (Math.abs(f1 - bestF1) <= 1e-12 && distance(settings[s]!, base) < distance(settings[best]!, base));
    if (better) {
      best = s;
      bestF1 = f1;
    }
  }
  return best;
}

export interface JoinsFold {
  database: string;
  /** The setting chosen on the other databases. */
  chosen: Setting;
  /** The held-out database scored with it. */
  outOfFold: EdgeCounts;
}

export interface JoinsFit {
  databases: string[];
  grid: Readonly<Partial<Record<keyof JoinParams, readonly number[]>>>;
  /** Chosen on every database: what `--write` writes. */
  chosen: Setting;
  /** Every database scored with the values chosen without it, summed. */
  outOfFold: EdgeCounts;
  /** The same databases with the chosen values (in-sample) and with the checked ones before the fit. */
  inSample: EdgeCounts;
  checked: EdgeCounts;
  folds: JoinsFold[];
}

/** Leave-one-database-out over a table of counts (pure). */
export function crossValidateJoins(
  databases: readonly string[],
  settings: readonly Setting[],
  counts: CountTable,
  base: JoinParams,
  grid = JOIN_GRID,
): JoinsFit {
  const all = databases.map((_, i) => i);
  const folds = databases.map((database, d) => {
    const s = bestSetting(
      settings,
      counts,
      all.filter((i) => i !== d),
      base,
    );
    return { database, chosen: settings[s]!, outOfFold: counts[s]![d]! };
  });
  const chosen = bestSetting(settings, counts, all, base);
  const checked = settings.findIndex((s) => Object.entries(s).every(([k, v]) => base[k as keyof JoinParams] === v));
  return {
    databases: [...databases],
    grid,
    chosen: settings[chosen]!,
    outOfFold: microAverage(folds.map((f) => f.outOfFold)),
    inSample: microAverage(all.map((d) => counts[chosen]![d]!)),
    checked: checked >= 0 ? microAverage(all.map((d) => counts[checked]![d]!)) : microAverage(all.map((d) => counts[chosen]![d]!)),
    folds,
  };
}

export interface JoinsFitCliOptions {
  data?: string;
  out: string;
  write?: boolean;
}

/** Profiles the training databases (read-only), scores every setting of the grid, cross-validates, reports, writes with `--write`. */
export async function runJoinsFitCommand(options: JoinsFitCliOptions, log: (message: string) => void): Promise<JoinsFit> {
  if (!options.data) throw new Error('--bench fit-joins needs --data <dir>: the train-dbs folder (../shared/benchmarks/train-dbs)');
  const databases = findSqliteDatabases(resolve(options.data));
  const profiles: DatabaseProfile[] = [];
  for (const db of databases) {
    log(`fit-joins: profiling ${db.name}`);
    profiles.push(await profileSqlite(db.path, { database: db.name, columnSets: columnSetsToProfile }));
  }
  const settings = gridSettings();
  log(`fit-joins: ${settings.length} settings × ${profiles.length} databases`);
  const counts: CountTable = [];
  for (const setting of settings) {
    const row: EdgeCounts[] = [];
    for (const profile of profiles) {
      const { edges } = await inferJoins(profile, { declared: 'hide', params: setting });
      const { precision, recall, f1, truth, predicted, correct } = scoreEdges(edges, declaredJoinEdges(profile));
      row.push({ precision, recall, f1, truth, predicted, correct });
    }
    counts.push(row);
  }
  const fit = crossValidateJoins(
    databases.map((d) => d.name),
    settings,
    counts,
    defaultJoinParams(),
  );
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'join-fit.json'), `${JSON.stringify(fit, null, 2)}\n`);
  await writeFile(join(out, 'join-fit.md'), joinsFitMarkdown(fit));
  const f = (c: EdgeCounts) => `precision ${c.precision.toFixed(3)} recall ${c.recall.toFixed(3)} F1 ${c.f1.toFixed(3)}`;
  log(`fit-joins: out of fold (each database with the values chosen on the others): ${f(fit.outOfFold)}`);
  log(`fit-joins: chosen on all ${JSON.stringify(fit.chosen)}: in sample ${f(fit.inSample)}; the checked values: ${f(fit.checked)}`);
  if (options.write) {
    writeJoinParams(fit.chosen);
    log("fit-joins: wrote the chosen values through join inference's writeJoinParams (params/join-inference.json)");
  } else log('fit-joins: pass --write to write them into packages/join-inference/params/join-inference.json');
  log(`fit-joins: wrote ${join(out, 'join-fit.md')} and join-fit.json`);
  return fit;
}

export function joinsFitMarkdown(fit: JoinsFit): string {
  const f = (n: number) => n.toFixed(3);
  const row = (name: string, c: EdgeCounts, chosen = '') =>
    `| ${name} | ${f(c.precision)} | ${f(c.recall)} | ${f(c.f1)} | ${c.truth} | ${c.predicted} | ${c.correct} | ${chosen} |`;
  return [
    '# Join inference thresholds, fitted on the training databases',
    '',
    `Grid: ${Object.entries(fit.grid)
      .map(([k, v]) => `\`${k}\` ∈ {${(v ?? []).join(', ')}}`)
      .join(
        '; ',
      )}. Each database is scored with the values chosen on the other ${fit.databases.length - 1} (leave one database out); the values chosen on all of them are the fit.`,
    '',
    '| database | precision | recall | F1 | declared | predicted | correct | chosen without it |',
    '|---|---|---|---|---|---|---|---|',
    row('**out of fold (micro)**', fit.outOfFold),
    row('in sample, chosen values', fit.inSample, JSON.stringify(fit.chosen)),
    row('the checked values', fit.checked),
    ...fit.folds.map((fold) => row(fold.database, fold.outOfFold, JSON.stringify(fold.chosen))),
    '',
  ].join('\n');
}
