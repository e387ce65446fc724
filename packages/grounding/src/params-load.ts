/**
 * Grounding's parameters: the defaults read from `params/grounding.json` (shipped with the
 * package), a parameters file of one's own, and overrides of some parameters over others.
 */

import type { GroundingLevers, GroundingParams, GroundingParamsOverride } from './params.js';
import { checkParams, deepFreeze, mergeParams, type ParamSpec, readParamsFile } from './params-file.js';

const NUMBER = 'number';
const SWITCH = 'boolean';

/** Every parameter's type: the checked file has these keys and no other. */
const SPECS: Readonly<Record<keyof GroundingParams, ParamSpec>> = {
  minKeyLength: NUMBER,
  maxNameForms: NUMBER,
  minSynonymWordLength: NUMBER,
  minSchemaWordLength: NUMBER,
  maxDescriptionWords: NUMBER,
  exactKeyBonus: NUMBER,
  maxColumnPrefixLetters: NUMBER,
  tableNamePrefixLetters: 'range',
  minNamespaceTables: NUMBER,
  namespaceCoverage: NUMBER,
  minTableNameRest: NUMBER,
  minConventionColumns: NUMBER,
  dictionaryWords: NUMBER,
  minDictionaryWordLength: NUMBER,
  dictionaryPieceWeight: NUMBER,
  minCompoundLength: NUMBER,
  minCutScore: NUMBER,
  minKnownPiece: NUMBER,
  minUnknownPiece: NUMBER,
  maxSpan: NUMBER,
  lexiconMatchScore: NUMBER,
  kindWeight: { record: ['table', 'alias', 'value', 'column'] },
  similarWordWeight: NUMBER,
  similarWordMin: NUMBER,
  similarWordMargin: NUMBER,
  minSimilarSchemaWordLength: NUMBER,
  minDescribedWordLength: NUMBER,
  describedWeight: NUMBER,
  describedMaxTables: NUMBER,
  describedCoverage: NUMBER,
  minSimilarWordLength: NUMBER,
  similarWordPos: 'strings',
  variantWeight: { record: ['exact', 'compound', 'singular', 'plural', 'lemma', 'demonym', 'abbreviation', 'synonym'] },
  spanBonus: NUMBER,
  coverageFloor: NUMBER,
  rarityDamping: NUMBER,
  unselectiveKeyEntries: NUMBER,
  namedTableRatio: NUMBER,
  longerSpanRatio: NUMBER,
  weakTableRatio: NUMBER,
  islandTieRatio: NUMBER,
  evidenceRatio: NUMBER,
  evidenceMaxTables: NUMBER,
  minStrongestMatch: NUMBER,
  calendarMinColumns: NUMBER,
  calendarMinShare: NUMBER,
  islandSenseWeight: NUMBER,
  islandSenseMaxTables: NUMBER,
  tableNamedWeight: NUMBER,
  maxLexiconTables: NUMBER,
  maxLexiconHops: NUMBER,
  bookkeepingDateShare: NUMBER,
  maxAlternativeHops: NUMBER,
  valueEvidence: { record: ['intercept', 'perLogDistinct', 'perUncovered', 'perExtraWord'] },
  minMoneyEndingLength: NUMBER,
  factTableReferences: NUMBER,
  k: NUMBER,
  minSimilarity: NUMBER,
  relativeSimilarity: NUMBER,
  hubInDegree: NUMBER,
  queryContextLabels: NUMBER,
  queryContextMeasures: NUMBER,
  queryContextDates: NUMBER,
  queryContextTrendMeasures: NUMBER,
  inverseTableFrequency: SWITCH,
  operationWordsAsColumns: SWITCH,
  foreignKeyColumns: SWITCH,
  preferLongerSpans: SWITCH,
  synonyms: SWITCH,
  oneIsland: SWITCH,
  descriptionAliases: SWITCH,
  similarWords: SWITCH,
  dictionary: SWITCH,
  descriptionWords: SWITCH,
  measureWords: SWITCH,
};

/** The defaults' file, beside `src/` and `dist/` alike. */
const DEFAULTS_FILE = new URL('../params/grounding.json', import.meta.url);

let defaults: GroundingParams | undefined;

/** The default parameters (`params/grounding.json` of this package), read and checked once; frozen. */
export function defaultGroundingParams(): GroundingParams {
  defaults ??= loadGroundingParams(DEFAULTS_FILE);
  return defaults;
}

/**
 * A whole parameters file, checked: an unknown key, a missing one or a value of the wrong type is
 * an error naming the key and the file. Start from a copy of `params/grounding.json`.
 */
export function loadGroundingParams(path: string | URL): GroundingParams {
  const where = `grounding parameters ${typeof path === 'string' ? path : path.pathname}`;
  const raw = checkParams(readParamsFile(path, 'grounding parameters'), SPECS, where, false);
  return deepFreeze(raw) as unknown as GroundingParams;
}

/**
 * `base` (the defaults unless given) with some parameters set otherwise; the overrides are checked
 * as a file is (an unknown key or a wrong type is an error), and the weight records merge key by key.
 */
export function withGroundingParams(overrides: GroundingParamsOverride, base: GroundingParams = defaultGroundingParams()): GroundingParams {
  checkParams(overrides, SPECS, 'grounding parameter overrides', true);
  return mergeParams(base, overrides);
}

/** The parameters a build uses: `params` (whole, or overrides of the defaults), then the levers set. */
export function resolveGroundingParams(params?: GroundingParams | GroundingParamsOverride, levers: GroundingLevers = {}): GroundingParams {
  const base = params === undefined ? defaultGroundingParams() : withGroundingParams(params);
  const set = Object.entries(levers).filter(([, v]) => v !== undefined);
  return set.length === 0 ? base : withGroundingParams(Object.fromEntries(set) as GroundingParamsOverride, base);
}
