/**
 * The column model's weights and the prompt's settings, in `params/columns.json`: the weights,
 * `relevantLikelihood` and `columnPrice` are fitted on Spider's training set by `guided-eval
 * --bench fit-columns` (cross-validated by database, never on a dev set); the rest are settings.
 */
import { checkParams, deepFreeze, mergeParams, type ParamSpec, readParamsFile } from '@guided-retrieval/grounding/internal';
import { COLUMN_FEATURES, type ColumnFeature } from './features.js';

export interface ColumnParams {
  /** Logistic weights of the column model: `intercept` and one per feature (`features.ts`). */
  weights: Record<'intercept' | ColumnFeature, number>;
  /** A column the model rates at least this likely is one the question needs, evidence or not (fitted). */
  relevantLikelihood: number;
  /** The next likeliest columns down to this likelihood are listed, and offered to a prompt. */
  likelyFloor: number;
  /**
   * A likely column is shown in a prompt when `-ln(1 - likelihood)` (what showing it adds to the
   * log-chance that the prompt holds every column the query reads) is at least this many times its
   * share of the whole schema's tokens (its line's, and its table's heading's for a possible
   * table's first column) (fitted).
   */
  columnPrice: number;
  /** A prompt's token budget when none is given. */
  defaultMaxTokens: number;
  /** Values shown per matched column in a prompt. */
  valuesShown: number;
  /** A value or description in a prompt is cut at this many characters. */
  textChars: number;
}

export type ColumnParamsOverride = Partial<Omit<ColumnParams, 'weights'>> & { weights?: Partial<ColumnParams['weights']> };

const SPECS: Readonly<Record<keyof ColumnParams, ParamSpec>> = {
  weights: { record: ['intercept', ...COLUMN_FEATURES] },
  relevantLikelihood: 'number',
  likelyFloor: 'number',
  columnPrice: 'number',
  defaultMaxTokens: 'number',
  valuesShown: 'number',
  textChars: 'number',
};

const DEFAULTS_FILE = new URL('../../params/columns.json', import.meta.url);

let defaults: ColumnParams | undefined;

/** The default parameters (`params/columns.json` of this package), read and checked once; frozen. */
export function defaultColumnParams(): ColumnParams {
  defaults ??= loadColumnParams(DEFAULTS_FILE);
  return defaults;
}

/** A whole column parameters file, checked: an unknown, missing or mistyped key is an error naming it and the file. */
export function loadColumnParams(path: string | URL): ColumnParams {
  const where = `column parameters ${typeof path === 'string' ? path : path.pathname}`;
  return deepFreeze(checkParams(readParamsFile(path, 'column parameters'), SPECS, where, false)) as unknown as ColumnParams;
}

/** The defaults with some parameters set otherwise, checked as a file is. */
export function withColumnParams(overrides: ColumnParamsOverride, base: ColumnParams = defaultColumnParams()): ColumnParams {
  checkParams(overrides, SPECS, 'column parameter overrides', true);
  return mergeParams(base, overrides);
}
