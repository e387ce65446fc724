/**
 * The fitted choice's file, `params/choice.json`: the proposal limits, the rule, the fit settings,
 * the model `fit.ts` learned and its card — where it came from (data and parameter files by hash,
 * commit), what each feature computed when it was fitted (fingerprints on a probe), how the solver
 * ended and the out-of-fold figures. Written only by `writeChoiceModel` (what `pnpm fit` calls);
 * read and checked on start.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '@guided-retrieval/profiler/files';
import type { Convergence } from '../learn/newton.js';
import { type CalibrationSettings, IDENTITY_CALIBRATION, type ReliabilityBin } from './calibrate.js';
import type { ConfidenceSettings } from './confidence.js';
import type { ChoiceRule } from './eligible.js';
import { FEATURE_NAMES } from './features.js';
import type { ChoiceTarget } from './fit.js';
import { NAMING_KINDS } from './naming.js';
import type { ProposalLimits } from './propose.js';
import type { ChoiceModel } from './score.js';

/** The model's card: where it came from and how it was fitted, as the fit recorded it. */
export interface ChoiceProvenance {
  /** The training data: each source with its questions and the hash of its files. */
  data: { source: string; questions: number; sha256: string }[];
  /** The commit the fit ran at, and whether the work tree had changes. */
  commit: string;
  dirty: boolean;
  /** sha256 of each parameter file the features depend on, as fitted (a change asks for a refit). */
  params: Record<string, string>;
  /** The probe the fingerprints were taken on (a graph, its questions), and each feature's fingerprint there (`fingerprint.ts`). */
  fingerprints: { probe: string; questions: string[]; features: Record<string, string> };
  /** How the solver ended on the whole training data. */
  convergence: Convergence;
  /** The settings the nested cross-validation chose (penalty, target), and the grid it searched. */
  chosen: { penalty: number; target: ChoiceTarget; searched: string[] };
  /** Out of fold (grouped by database): exact-set accuracy of the fitted choice against the heuristic's tree and the best candidate. */
  outOfFold: { questions: number; fitted: number; heuristic: number; oracle: number };
  /** Out of fold: the calibrated tree probability's expected calibration error and reliability table. */
  calibration: { ece: number; bins: ReliabilityBin[] };
}

/** How the fit runs (`pnpm fit` reads them here), chosen by nested cross-validation on the training data. */
export interface ChoiceFitSettings {
  /** The L2 penalties the nested cross-validation chooses among. */
  penalties: number[];
  /** The targets it chooses among: exact (the right trees alike) or graded by F1 with these sharpnesses. */
  sharpnesses: number[];
  /** What a question of a names-only training set (Spider train) counts for, against 1 for a training question over real rows. */
  namesOnlyWeight: number;
  /** Names-only questions fitted on at most (evenly spread, their total weight kept): they are ten times the training questions. */
  namesOnlyQuestions: number;
  maxSteps: number;
  gradientTolerance: number;
  /** Features whose weight may not be positive: evidence a tree loses never raises its score. */
  nonPositive: string[];
  calibration: CalibrationSettings;
  /** Bins of the reliability table. */
  reliabilityBins: number;
  /** Folds of the inner cross-validation that chooses the settings (the training databases dealt round). */
  innerFolds: number;
  /** The seed of the split that asks each half of a training database with the other half as its history. */
  historySeed: number;
}

export interface ChoiceFile {
  limits: ProposalLimits;
  rule: ChoiceRule;
  confidence: ConfidenceSettings;
  fit: ChoiceFitSettings;
  model: ChoiceModel;
  provenance: ChoiceProvenance | null;
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
 * A file's limits, rule and settings with an untrained model of this version's features (every
 * weight 0: the heuristic's tree wins every tie among the eligible): what `pnpm fit` proposes
 * candidates with, whatever model the file holds.
 */
export function untrainedChoice(path: string | URL = CHOICE_FILE): ChoiceFile {
  const { where, raw } = readChoiceJson(path);
  const n = FEATURE_NAMES.length;
  const model = {
    features: [...FEATURE_NAMES],
    mean: new Array<number>(n).fill(0),
    scale: new Array<number>(n).fill(1),
    weights: new Array<number>(n).fill(0),
    calibration: IDENTITY_CALIBRATION,
  };
  return checkChoiceFile({ ...(raw as object), model, provenance: null }, where);
}

/** Reads and checks a choice model file. */
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

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function checkChoiceFile(raw: unknown, where: string): ChoiceFile {
  const bad = (what: string) => new ChoiceFileError(`choice model ${where}: ${what}`);
  if (typeof raw !== 'object' || raw === null) throw bad('not a JSON object');
  const file = raw as Partial<ChoiceFile>;
  const limits = file.limits;
  for (const key of ['evidenceTables', 'subsetTables', 'maxSubsetSize', 'maxCandidates', 'pastQuestions', 'rooted'] as const)
    if (!limits || !Number.isInteger(limits[key]) || limits[key] < 0) throw bad(`limits.${key} must be a whole number`);
  const kinds = file.rule?.namingKinds;
  if (!Array.isArray(kinds) || kinds.some((k) => !(NAMING_KINDS as readonly string[]).includes(k)))
    throw bad(`rule.namingKinds must list naming kinds (${NAMING_KINDS.join(', ')})`);
  for (const key of ['uncertainBelow', 'listTablesFrom'] as const) {
    const v = file.confidence?.[key];
    if (!isNumber(v) || v < 0 || v > 1) throw bad(`confidence.${key} must be a number in [0, 1]`);
  }
  const fit = file.fit;
  if (!fit) throw bad('fit is missing');
  for (const key of [
    'namesOnlyWeight',
    'namesOnlyQuestions',
    'maxSteps',
    'gradientTolerance',
    'reliabilityBins',
    'innerFolds',
    'historySeed',
  ] as const)
    if (!isNumber(fit[key]) || fit[key] < 0) throw bad(`fit.${key} must be a number ≥ 0`);
  for (const key of ['penalties', 'sharpnesses'] as const)
    if (!Array.isArray(fit[key]) || fit[key].some((x) => !isNumber(x) || x < 0)) throw bad(`fit.${key} must list numbers ≥ 0`);
  if (!Array.isArray(fit.nonPositive) || fit.nonPositive.some((f) => !FEATURE_NAMES.includes(f)))
    throw bad(`fit.nonPositive must list features this version computes`);
  const cal = fit.calibration;
  for (const key of ['maxSteps', 'gradientTolerance', 'clip'] as const)
    if (!cal || !isNumber(cal[key])) throw bad(`fit.calibration.${key} must be a number`);
  const model = file.model;
  if (!model || !Array.isArray(model.features) || model.features.some((f) => typeof f !== 'string'))
    throw bad('model.features must be a list of names');
  // Scored by name: a feature this version does not compute cannot be weighed.
  const unknown = model.features.filter((f) => !FEATURE_NAMES.includes(f));
  if (unknown.length > 0) throw bad(`model.features ${unknown.join(', ')} are not computed by this version: refit with pnpm fit`);
  for (const key of ['mean', 'scale', 'weights'] as const) {
    const list = model[key];
    if (!Array.isArray(list) || list.length !== model.features.length || list.some((x) => !isNumber(x)))
      throw bad(`model.${key} must list ${model.features.length} numbers`);
  }
  if (model.scale.some((s) => s <= 0)) throw bad('model.scale must be positive');
  if (!isNumber(model.calibration?.slope) || !isNumber(model.calibration?.intercept))
    throw bad('model.calibration must have a slope and an intercept (numbers)');
  if (file.provenance !== null && (typeof file.provenance !== 'object' || file.provenance === undefined))
    throw bad('provenance must be an object (or null for an untrained model)');
  return file as ChoiceFile;
}

/** Writes a fitted model where `path` says (the shipped file by default), checked first, whole or not at all. */
export async function writeChoiceModel(file: ChoiceFile, path: string | URL = CHOICE_FILE): Promise<void> {
  const where = typeof path === 'string' ? path : path.pathname;
  checkChoiceFile(JSON.parse(JSON.stringify(file)), where);
  await writeFileAtomic(where, `${JSON.stringify(file, null, 2)}\n`);
  if (path === CHOICE_FILE) shipped = undefined;
}
