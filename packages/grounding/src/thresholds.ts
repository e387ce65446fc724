/**
 * Every number that tunes grounding, in one place: each with why it is what it is and, where
 * known, the measurement that set it. Memo sizes, which change speed and never a result, stay
 * beside their memos.
 */
import type { MatchKind, VariantKind } from './types.js';

// ─── Index build: which keys a name, an alias or a value is findable by ───────────────────────

/** A key (or a description's word) shorter than this says nothing: one letter is every schema's. */
export const MIN_KEY_LENGTH = 2;

/** Most spellings of a whole multi-word name: per-word forms multiply (4 words × 4 forms = 256 keys). */
export const MAX_NAME_FORMS = 16;

/** Words shorter than this get no WordNet synonyms: `id`, `no`, `qty` have senses no schema means. */
export const MIN_SYNONYM_WORD_LENGTH = 4;

/** A word the schema spells apart (`order_status`) teaches the compound splitter from this length. */
export const MIN_SCHEMA_WORD_LENGTH = 3;

/** Longest description opening indexed as a column alias: beyond it a description is prose, not a name. */
export const MAX_DESCRIPTION_WORDS = 4;

/** When one key reaches an element twice, an exact spelling outranks a bent one of the same coverage. */
export const EXACT_KEY_BONUS = 0.01;

// ─── Identifiers: prefixes and glued words ────────────────────────────────────────────────────

/** Longest table-naming column prefix before its `_` (`l_`, `ps_`, `prod_`): longer is a word. */
export const MAX_COLUMN_PREFIX_LETTERS = 4;

/** Shortest and longest naming-convention prefix every table and column shares (`sb` in `sbcustomer`). */
export const TABLE_NAME_PREFIX_LETTERS: readonly [min: number, max: number] = [2, 4];

/** Tables a first word must open before it is read as a namespace (`crm_`, `hr_`, `ref_`), not as what they hold. */
export const MIN_NAMESPACE_TABLES = 3;

/** How much of a table's name its namespace word covers: it is no name of the table (`crm` is every crm_ table). */
export const NAMESPACE_COVERAGE = 0;

/** Letters a table name keeps after the convention prefix: a shorter rest is a word, not a prefix's. */
export const MIN_TABLE_NAME_REST = 3;

/** Columns a table needs before a shared longer prefix (`sbcust…`) is taken for its convention. */
export const MIN_CONVENTION_COLUMNS = 3;

/** The most frequent words of the word vectors taken as the dictionary glued names are cut into. */
export const DICTIONARY_WORDS = 30_000;

/**
 * A dictionary word counts for less than the schema's own in a cut, so that `hiredate` is "hire
 * date" (date is the schema's word), not "hired ate".
 */
export const DICTIONARY_PIECE_WEIGHT = 0.8;

/** Glued words shorter than this are never cut: `orders`, `custid` read whole. */
export const MIN_COMPOUND_LENGTH = 6;

/** A cut's least score (known pieces score their length squared): at least one known piece of three letters. */
export const MIN_CUT_SCORE = 9;

/** A known piece of a glued word has at least this many letters (`id` in `custid`). */
export const MIN_KNOWN_PIECE = 2;

/** The one unknown piece a cut may have has at least this many letters (`retail` in `retailprice`): a shorter one is a stray ending. */
export const MIN_UNKNOWN_PIECE = 3;

// ─── Question-time lookup and scoring ─────────────────────────────────────────────────────────

/** The longest run of question words looked up as one key (`united states`, `reg air`). */
export const MAX_SPAN = 4;

/**
 * Strength of a match on a measure or time column through the measures lexicon: below a column's
 * own name (0.8), above the weak-table cut (0.75 of a name).
 */
export const LEXICON_MATCH_SCORE = 0.78;

/** How much a match says by what it landed on: a table named outright most, a column's name least. */
export const KIND_WEIGHT: Readonly<Record<MatchKind, number>> = {
  table: 1,
  alias: 0.9,
  value: 0.9,
  column: 0.8,
  measure: LEXICON_MATCH_SCORE,
  time: LEXICON_MATCH_SCORE,
};

/**
 * A question word read as the schema word nearest by word vectors (`word-vectors/`): as much as
 * a WordNet synonym, since the gate below already refused the unclear ones. Spider-Syn F1 0.806
 * at 0.8 against 0.793 at 0.7 and 0.805 at 0.85–0.95; Spider and BIRD dev within 0.003.
 */
export const SIMILAR_WORD_WEIGHT = 0.8;

/**
 * The gate of a word-vector reading: the nearest schema word at least this similar (GloVe
 * synonyms score 0.53–0.91: musician/singer 0.85, vehicle/car 0.86, nations/countries 0.88)…
 */
export const SIMILAR_WORD_MIN = 0.6;

/** …and clearly nearer than the next schema word (relatives crowd together: first/third 0.88). */
export const SIMILAR_WORD_MARGIN = 0.05;

/** Description words shorter than this are not indexed (`id`, `no`, `of`). */
export const MIN_DESCRIBED_WORD_LENGTH = 3;

/**
 * How much a match through a description's word says (× the column alias weight × its coverage):
 * below a name, so that it stands in where the names are silent and seldom overrules them.
 * BIRD-union F1 0.803 → 0.807, Spider 2.0-lite 0.618 → 0.624, BIRD dev +0.001 (0.9 and coverage 0.8,
 * against 0.7 and 0.5: no change anywhere, the matches fell under the weak-table cut).
 */
export const DESCRIBED_WEIGHT = 0.9;

/** A description word in the descriptions of more tables than this, within an island, tells none of them apart. */
export const DESCRIBED_MAX_TABLES = 3;

/** A description's word is one of many in it: the coverage a match through it counts as. */
export const DESCRIBED_COVERAGE = 0.8;

/** Question words shorter than this are never read by word vectors: `ids`, `top`, `per` have neighbours everywhere. */
export const MIN_SIMILAR_WORD_LENGTH = 4;

/**
 * Only things are read by word vectors, never actions or qualities: `sells` lands on products,
 * `youngest` on age (Spider-Syn F1 0.823 nouns only, 0.820 with adjectives and verbs too).
 */
export const SIMILAR_WORD_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

/**
 * How much a match says by how the word was bent to match: a synonym least (it is often another
 * sense; 0.8 rather than 0.7 since the word-vector readings: Spider-Syn F1 +0.003, BIRD +0.003).
 */
export const VARIANT_WEIGHT: Readonly<Record<VariantKind, number>> = {
  exact: 1,
  compound: 0.97,
  singular: 0.95,
  plural: 0.95,
  lemma: 0.95,
  demonym: 0.9,
  abbreviation: 0.85,
  synonym: 0.8,
  similar: SIMILAR_WORD_WEIGHT,
  described: DESCRIBED_WEIGHT,
};

/** A column's alias counts as much as the column's own name, no more. */
export const COLUMN_ALIAS_WEIGHT = KIND_WEIGHT.column;

/** A multi-word match is worth a little more than its words alone: this much per extra word. */
export const SPAN_BONUS = 0.05;

/** A key covering part of a name is worth at least this share of the whole name (score × (floor + (1 − floor) × coverage)). */
export const COVERAGE_FLOOR = 0.5;

/** Inverse table frequency's damping: a key naming n tables weighs 1 / (1 + damping × ln n). */
export const RARITY_DAMPING = 0.5;

/**
 * A key naming more elements than this (`status`, `name`, a country in every table of a
 * warehouse) is looked up only in the tables the question's more telling words matched, when
 * there are any: on its own it cannot say which table is meant (its inverse table frequency
 * already makes it the weakest match), and walking its whole list costs more than the rest.
 */
export const UNSELECTIVE_KEY_ENTRIES = 256;

/** How close to the strongest table a table must match to count as pointed at (as the weak-table ratio). */
export const NAMED_TABLE_RATIO = 0.75;

/**
 * A value match of words the question does not spell as a name: logistic weights of how much it
 * keeps by its column's distinct values and the share of the value left uncovered (value-evidence.ts).
 */
export const VALUE_EVIDENCE = { intercept: 2, perLogDistinct: -0.55, perUncovered: -3, perExtraWord: 2 } as const;

// ─── Settling: the strongest matches per word, T0 ─────────────────────────────────────────────

/** A match inside a longer span is dropped when the longer one scores at least this share of it. */
export const LONGER_SPAN_RATIO = 0.8;

/** Tables whose best match is below this share of the strongest table's are left out of T0 (best F1 on Spider dev). */
export const DEFAULT_WEAK_TABLE_RATIO = 0.75;

/**
 * Islands within this share of the best island's word score compete, and a sentence embedder
 * breaks the tie (BIRD-union F1 0.808 → 0.812 at 0.7 and weight 2; 0.809 at 0.8 and 0.5; 0.811 at
 * 0.6 and 1; 0.812 again at 0.5 and 3: a plateau; Spider-union 0.869 → 0.870).
 */
export const ISLAND_TIE_RATIO = 0.7;

/** Islands explaining the question within this share of the best are told apart by their tables' names. */
export const NAME_TIE_RATIO = 0.1;

/** How much a competing island's sentence similarity (cosine, 0–1) counts against its share of the best word score. */
export const ISLAND_SENSE_WEIGHT = 2;

/** The largest island a sentence embedder reads table by table (its first question embeds every table of it). */
export const ISLAND_SENSE_MAX_TABLES = 100;

/** A table named outright says more about where the question lives than any other word: its match counts this much more. */
export const TABLE_NAMED_WEIGHT = 0.5;

// ─── Measures lexicon ─────────────────────────────────────────────────────────────────────────

/** A lexicon word that would land on more tables than this at the nearest distance says nothing about which is meant. */
export const MAX_LEXICON_TABLES = 2;

/** Most joins from a named table the lexicon looks for a money or date column. */
export const MAX_LEXICON_HOPS = 3;

/**
 * Most joins from a named table the lexicon looks for the event table a measure word means: far
 * enough for a film category's revenue (category → film_category → film → inventory → rental →
 * payment).
 */
export const MAX_EVENT_HOPS = 5;

/** A money word a glued column word may end with has at least this many letters (`unitprice`; not `tax` in `syntax`). */
export const MIN_MONEY_ENDING_LENGTH = 4;

// ─── Enrichment ───────────────────────────────────────────────────────────────────────────────

/** Enrichment runs when grounding by name finds fewer than this many tables. */
export const DEFAULT_K = 3;

/**
 * Least cosine similarity of a table enrichment adds. Measured with the offline embedder: at 0.12
 * it added tables a third of which the gold reads; 0.25 leaves BIRD dev and Defog F1 unchanged
 * and Spider dev +0.001, and keeps noise ("xyzzy plugh", cosine 0.14) out.
 */
export const MIN_SIMILARITY = 0.25;

/** An added table must be at least this share of the best table's similarity. */
export const DEFAULT_RELATIVE_SIMILARITY = 0.5;

/**
 * More tables reference a hub than are the question's neighbours: enrichment does not reach
 * through its referencing tables (BIRD 0.809, Spider 0.896 F1 when the neighbourhood was set).
 */
export const HUB_IN_DEGREE = 16;

/** A table's query context asks this many "list … by label" questions, one per text column. */
export const QUERY_CONTEXT_LABELS = 6;

/** … and this many "what is the total …" questions, one per numeric column. */
export const QUERY_CONTEXT_MEASURES = 6;

/** … and trend and per-month questions over this many date columns, … */
export const QUERY_CONTEXT_DATES = 3;

/** … the trends of this many numeric columns each. */
export const QUERY_CONTEXT_TREND_MEASURES = 3;
