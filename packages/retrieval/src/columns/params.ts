/**
 * The column model's weights and the prompt's settings, in `params/columns.json`: the weights,
 * `relevantLikelihood` and `columnPrice` are fitted on Spider's training set by `guided-eval
 * --bench fit-columns` (cross-validated by database, never on a dev set); the rest are settings.
 * Each is declared once, in `COLUMNS_SCHEMA`, from which the type `ColumnParams` and the check of
 * a file follow.
 */
import { type ParamsOf, type ParamsOverrideOf, type ParamsSchema, paramsFile } from '@guided-retrieval/grounding/internal';
import { COLUMN_FEATURES } from './features.js';

/** Every parameter of `params/columns.json`, with its type and documentation. */
const COLUMNS_SCHEMA = {
  /** Logistic weights of the column model: `intercept` and one per feature (`features.ts`). */
  weights: { record: ['intercept', ...COLUMN_FEATURES] },
  /** A column the model rates at least this likely is one the question needs, evidence or not (fitted). */
  relevantLikelihood: 'number',
  /** The next likeliest columns down to this likelihood are listed, and offered to a prompt. */
  likelyFloor: 'number',
  /**
   * A likely column is shown in a prompt when `-ln(1 - likelihood)` (what showing it adds to the
   * log-chance that the prompt holds every column the query reads) is at least this many times its
   * share of the whole schema's tokens (its line's, and its table's heading's for a possible
   * table's first column) (fitted).
   */
  columnPrice: 'number',
  /** A prompt's token budget when none is given. */
  defaultMaxTokens: 'number',
  /** Values shown per matched column in a prompt. */
  valuesShown: 'number',
  /** A value or description in a prompt is cut at this many characters. */
  textChars: 'number',
} as const satisfies ParamsSchema;

/** The column model's weights and the prompt's settings. */
export type ColumnParams = ParamsOf<typeof COLUMNS_SCHEMA>;

/** Some parameters over others; the weights may be given in part. */
export type ColumnParamsOverride = ParamsOverrideOf<typeof COLUMNS_SCHEMA>;

const FILE = paramsFile(
  COLUMNS_SCHEMA,
  { file: 'column parameters', overrides: 'column parameter overrides' },
  // The defaults' file, beside `src/` and `dist/` alike.
  new URL('../../params/columns.json', import.meta.url),
);

/** The default parameters (`params/columns.json` of this package), read and checked once; frozen. */
export function defaultColumnParams(): ColumnParams {
  return FILE.defaults();
}

/** A whole column parameters file, checked: an unknown, missing or mistyped key is an error naming it and the file. */
export function loadColumnParams(path: string | URL): ColumnParams {
  return FILE.load(path);
}

/**
 * Sets some column parameters (what `guided-eval --bench fit-columns --write` fitted) in the file at
 * `path`, the shipped `params/columns.json` by default: checked before anything is written.
 */
export function writeColumnParams(values: ColumnParamsOverride, path?: string | URL): ColumnParams {
  return FILE.write(values, path);
}

/** `base` (the defaults unless given) with some parameters set otherwise, checked as a file is. */
export function withColumnParams(overrides: ColumnParamsOverride, base: ColumnParams = defaultColumnParams()): ColumnParams {
  return FILE.with(overrides, base);
}
