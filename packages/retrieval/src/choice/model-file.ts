/**
 * The fitted choice's file, `params/choice.json`: the model `fit.ts` learned, the settings it was
 * fitted with, and where it came from (data, commit, out-of-fold figures). Written only by
 * `writeChoiceModel` (what `pnpm fit` calls); read and checked on start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FEATURE_NAMES } from './features.js';
import type { ProposalLimits } from './propose.js';
import type { ChoiceModel } from './score.js';

/** Where a model came from, as the fit recorded it. */
export interface ChoiceProvenance {
  /** The training data: benchmark folders and question counts. */
  data: string[];
  /** The commit the fit ran at. */
  commit: string;
  /** Out of fold (grouped by database): exact-set accuracy of the fitted choice against the heuristic's tree. */
  outOfFold: { questions: number; fitted: number; heuristic: number; oracle: number };
}

/** How the fit runs (`pnpm fit` reads them here), chosen by out-of-fold accuracy on the training data. */
export interface ChoiceFitSettings {
  /** The L2 penalty on the standardized weights. */
  penalty: number;
  /** What a question of a names-only training set (Spider train) counts for, against 1 for a training question over real rows. */
  namesOnlyWeight: number;
  maxSteps: number;
}

export interface ChoiceFile {
  limits: ProposalLimits;
  fit: ChoiceFitSettings;
  model: ChoiceModel;
  provenance: ChoiceProvenance;
}

/** The shipped file, beside `src/` and `dist/` alike. */
export const CHOICE_FILE = new URL('../../params/choice.json', import.meta.url);

/** Bad choice model file: the message names the file and what is wrong. */
export class ChoiceFileError extends Error {
  override name = 'ChoiceFileError';
}

let shipped: ChoiceFile | undefined;

/** The shipped model, read and checked once. */
export function defaultChoiceFile(): ChoiceFile {
  shipped ??= loadChoiceFile(CHOICE_FILE);
  return shipped;
}

/**
 * A file's proposal limits and fit settings, with an untrained model of this version's features
 * (every weight 0: the heuristic's tree wins every tie): what `pnpm fit` proposes candidates with,
 * whatever model the file holds — a model of other features is what it is there to replace.
 */
export function untrainedChoice(path: string | URL = CHOICE_FILE): ChoiceFile {
  const { where, raw } = readChoiceJson(path);
  const n = FEATURE_NAMES.length;
  const model = {
    features: [...FEATURE_NAMES],
    mean: new Array<number>(n).fill(0),
    scale: new Array<number>(n).fill(1),
    weights: new Array<number>(n).fill(0),
  };
  return checkChoiceFile({ ...(raw as object), model }, where);
}

/** Reads and checks a choice model file: its features must be this version's, in order. */
export function loadChoiceFile(path: string | URL): ChoiceFile {
  const { where, raw } = readChoiceJson(path);
  return checkChoiceFile(raw, where);
}

/** A choice file's JSON, unchecked, and how an error names the file; unreadable or not JSON is a `ChoiceFileError`. */
function readChoiceJson(path: string | URL): { where: string; raw: unknown } {
  const where = typeof path === 'string' ? path : path.pathname;
  try {
    return { where, raw: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (error) {
    throw new ChoiceFileError(`choice model ${where}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

function checkChoiceFile(raw: unknown, where: string): ChoiceFile {
  const bad = (what: string) => new ChoiceFileError(`choice model ${where}: ${what}`);
  if (typeof raw !== 'object' || raw === null) throw bad('not a JSON object');
  const file = raw as Partial<ChoiceFile>;
  const limits = file.limits;
  for (const key of ['evidenceTables', 'subsetTables', 'maxCandidates'] as const)
    if (!limits || !Number.isInteger(limits[key]) || limits[key] < 0) throw bad(`limits.${key} must be a whole number`);
  const fit = file.fit;
  for (const key of ['penalty', 'namesOnlyWeight', 'maxSteps'] as const)
    if (!fit || typeof fit[key] !== 'number' || !(fit[key] >= 0)) throw bad(`fit.${key} must be a number ≥ 0`);
  const model = file.model;
  if (!model || !Array.isArray(model.features)) throw bad('model.features must be a list');
  const expected = FEATURE_NAMES.join(', ');
  if (model.features.join(', ') !== expected)
    throw bad(`model.features are [${model.features.join(', ')}], this version computes [${expected}]: refit with pnpm fit`);
  for (const key of ['mean', 'scale', 'weights'] as const) {
    const list = model[key];
    if (!Array.isArray(list) || list.length !== model.features.length || list.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
      throw bad(`model.${key} must list ${model.features.length} numbers`);
  }
  if (model.scale.some((s) => s <= 0)) throw bad('model.scale must be positive');
  if (!file.provenance || typeof file.provenance !== 'object') throw bad('provenance is missing');
  return file as ChoiceFile;
}

/** Writes a fitted model where `path` says (the shipped file by default), formatted as the repository's JSON. */
export function writeChoiceModel(file: ChoiceFile, path: string | URL = CHOICE_FILE): void {
  checkChoiceFile(JSON.parse(JSON.stringify(file)), typeof path === 'string' ? path : path.pathname);
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  if (path === CHOICE_FILE) shipped = undefined;
}
