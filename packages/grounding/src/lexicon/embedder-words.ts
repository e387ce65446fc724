/**
 * Word lists of the offline embedder (`embedding/`): the stop words it drops, the abbreviations it
 * expands, and the vocabulary that glued-together names (`SHIPDATE`, `unitprice`, `custkey`) are
 * split by. General database vocabulary only, like the concept lexicon; nothing specific to one
 * benchmark or schema. Each list is the text module's (`STOP_WORDS`, `COMPOUND_WORDS`,
 * `ABBREVIATIONS` of `@guided-retrieval/text`) with the embedder's own extras and without its
 * exclusions: the embedder's vectors are pinned (`offline-lexical-v3`), so a word the text module
 * gains or loses must not reach them. `embedder-words.test.ts` holds the sets as they were pinned;
 * a change to the text module's lists that moves them fails it, and is then an extra or an
 * exclusion here. How the words are read (split, segmented, stemmed) is the text module's, as for
 * every package.
 */
import { ABBREVIATIONS, COMPOUND_WORDS, STOP_WORDS } from '@guided-retrieval/text';

/** `(base ∪ extras) − exclusions`, in that order, each word once. */
function amended(base: Iterable<string>, extras: readonly string[], exclusions: ReadonlySet<string>): string[] {
  return [...new Set([...base, ...extras])].filter((w) => !exclusions.has(w));
}

/** Abbreviations of the text module the embedder does not expand (`max`, `min` are words of its vocabulary). */
const UNEXPANDED_ABBREVIATIONS: ReadonlySet<string> = new Set([
  'cat',
  'ext',
  'info',
  'inv',
  'loc',
  'max',
  'min',
  'mkt',
  'no',
  'org',
  'sup',
  'supp',
  'yr',
]);

/** The one word the embedder reads an abbreviation as, where it is not the text module's first. */
const EXPANSION_CHOICES: Readonly<Record<string, string>> = { tel: 'phone' };

/**
 * Common abbreviations in column and table names, mapped to the one word they stand for: the text
 * module's abbreviations of one word (`dob`, "birth date", is two), less `UNEXPANDED_ABBREVIATIONS`.
 */
export const EMBEDDER_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(ABBREVIATIONS)
    .filter(([abbreviation, words]) => !UNEXPANDED_ABBREVIATIONS.has(abbreviation) && !words[0]!.includes(' '))
    .map(([abbreviation, words]) => [abbreviation, EXPANSION_CHOICES[abbreviation] ?? words[0]!]),
);

/**
 * Words that commonly end a column name (`…date`, `…key`, `…price`). In identifiers, a glued
 * name ending in one of these is split off even when the rest is not a known word
 * (`receiptdate` → receipt + date).
 */
export const EMBEDDER_HEAD_WORDS: readonly string[] = [
  'id',
  'key',
  'code',
  'name',
  'type',
  'date',
  'time',
  'day',
  'month',
  'year',
  'price',
  'cost',
  'amount',
  'count',
  'number',
  'total',
  'qty',
  'status',
  'flag',
  'mode',
  'size',
  'rate',
  'comment',
  'priority',
  'balance',
  'percent',
];

/** Glue words of the embedder that the text module's `COMPOUND_WORDS` does not hold. */
const EMBEDDER_ONLY_COMPOUND_WORDS: readonly string[] = [
  // people and parties
  'customer',
  'client',
  'buyer',
  'vendor',
  'provider',
  'employee',
  'staff',
  'manager',
  'person',
  'owner',
  'contact',
  'member',
  'hire',
  // things and documents
  'product',
  'stock',
  'inventory',
  'store',
  'shop',
  'invoice',
  'bill',
  'payment',
  'pay',
  'purchase',
  'market',
  'segment',
  'category',
  'model',
  'retail',
  'supply',
  'container',
  'package',
  'commit',
  'receipt',
  'department',
  'description',
  'note',
  'manufacturer',
  // places
  'delivery',
  'town',
  'postal',
  'post',
  'location',
  // measures and qualifiers
  'revenue',
  'profit',
  'fee',
  'average',
  'min',
  'max',
  'weight',
  'height',
  'width',
  'length',
  'color',
  'created',
  'updated',
  'extended',
  'available',
  'stamp',
  'quarter',
];

/** Words of the text module's `COMPOUND_WORDS` the embedder does not split by (its head words are listed apart). */
const COMPOUND_EXCLUSIONS: ReadonlySet<string> = new Set(['age', 'area', 'avg', 'grade', 'score', 'value', ...EMBEDDER_HEAD_WORDS]);

/** Words that glued identifiers are split into (along with the abbreviations and head words). */
export const EMBEDDER_COMPOUND_WORDS: readonly string[] = amended(COMPOUND_WORDS, EMBEDDER_ONLY_COMPOUND_WORDS, COMPOUND_EXCLUSIONS);

/** Stop words of the embedder that the text module's `STOP_WORDS` does not hold. */
const EMBEDDER_ONLY_STOP_WORDS: readonly string[] = ['done', 'may', 'might', 'many', 'find', 'want', 'need'];

/** Words of the text module's `STOP_WORDS` the embedder keeps. */
const STOP_WORD_EXCLUSIONS: ReadonlySet<string> = new Set([
  'above',
  'after',
  'among',
  'before',
  'below',
  'between',
  'both',
  'doing',
  'during',
  'either',
  'having',
  'hers',
  'him',
  'neither',
  'off',
  'onto',
  'other',
  'out',
  'same',
  'such',
  'theirs',
  'through',
  'too',
  'under',
  'until',
  'up',
  'upon',
  'whatever',
  'whether',
  'while',
  'within',
  'without',
  'yours',
]);

/** Function words and question/command words that carry no topic. Compared lowercase. */
export const EMBEDDER_STOP_WORDS: ReadonlySet<string> = new Set(amended(STOP_WORDS, EMBEDDER_ONLY_STOP_WORDS, STOP_WORD_EXCLUSIONS));
