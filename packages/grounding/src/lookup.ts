/**
 * The question-time lookup: every word and run of words of the question, in each of its variants,
 * looked up in the inverted index and scored; the strongest match per element and span.
 */

import { singular } from '@guided-retrieval/text';
import { DATA_WORDS, type DescriptionIndex, describedEntries } from './descriptions.js';
import type { IndexEntry, Posting } from './index-entry.js';
import { type InvertedIndex, lookupKey } from './inverted-index.js';
import type { GroundingParams } from './params.js';
import { ListPosting } from './postings.js';
import { namedTables } from './settle.js';
import type { GroundingMatch, MatchKind, QuestionToken, VariantKind } from './types.js';
import { type Demonyms, spanVariants, type Variant, wordVariants } from './variants.js';
import { nearestSchemaWord, type SimilarWords } from './word-vectors/similar-words.js';

/**
 * A match's strength in (0, 1]: what it landed on × how the word was bent × how much of the name
 * it covers × a bonus per extra word × how few tables the key names. Rounded to six decimals.
 */
export function matchScore(
  params: GroundingParams,
  kind: MatchKind,
  variantKind: VariantKind,
  coverage: number,
  words: number,
  onColumn = false,
  tableFrequency = 1,
): number {
  // A column's alias counts as much as the column's own name, no more.
  const weight = kind === 'alias' && onColumn ? params.kindWeight.column : kindWeightOf(params, kind);
  const { coverageFloor, spanBonus } = params;
  const score =
    weight *
    variantWeightOf(params, variantKind) *
    (coverageFloor + (1 - coverageFloor) * coverage) *
    (1 + spanBonus * (words - 1)) *
    rarity(tableFrequency, params.rarityDamping);
  return Math.round(score * 1e6) / 1e6;
}

/** The kind weight of a match on `kind`, the lexicon's kinds included. */
function kindWeightOf(params: GroundingParams, kind: MatchKind): number {
  return kind === 'measure' || kind === 'time' ? params.lexiconMatchScore : params.kindWeight[kind];
}

/** The variant weight of a match bent as `kind`, the word-vector and description readings included. */
function variantWeightOf(params: GroundingParams, kind: VariantKind): number {
  return kind === 'similar' ? params.similarWordWeight : kind === 'described' ? params.describedWeight : params.variantWeight[kind];
}

/** A key that names columns or values in many tables says little about which table is meant. */
function rarity(tableFrequency: number, damping: number): number {
  let memo = RARITY.get(damping);
  if (!memo) {
    memo = [];
    RARITY.set(damping, memo);
  }
  let value = memo[tableFrequency];
  if (value === undefined) {
    value = 1 / (1 + damping * Math.log(Math.max(1, tableFrequency)));
    if (Number.isInteger(tableFrequency) && tableFrequency >= 0 && tableFrequency < 1e6) memo[tableFrequency] = value;
  }
  return value;
}

/** Rarity by table frequency, per damping (one in practice: the parameters'). */
const RARITY = new Map<number, number[]>();

/**
 * Words that name an operation on data rather than data: they match a column only when it is
 * called exactly that, never as one part of a longer name (`total` is not `O_TOTALPRICE`).
 */
const OPERATION_WORDS = new Set([
  'average',
  'avg',
  'count',
  'highest',
  'largest',
  'least',
  'lowest',
  'max',
  'maximum',
  'mean',
  'min',
  'minimum',
  'number',
  'percentage',
  'ratio',
  'smallest',
  'sum',
  'top',
  'total',
]);

interface Lookup {
  start: number;
  end: number;
  token: string;
  variant: Variant;
  posting: Posting;
  similarity?: number;
}

/**
 * Every lookup of every word and run of words, strongest match per element and span; a word no
 * name or whole value matched read by the `silent` readers (descriptions, word vectors).
 */
export function lookupAll(
  tokens: readonly QuestionToken[],
  index: InvertedIndex,
  params: GroundingParams,
  silent: SilentWordReaders = {},
  demonyms?: Demonyms,
): GroundingMatch[] {
  const found = new SpanMatches(params, tokens);
  const unselective: Lookup[] = [];
  const direct = lookups(tokens, index, params, demonyms);
  const all = [...direct, ...silentWordLookups(tokens, index, direct, silent, params)];
  for (const lookup of all) {
    if (lookup.posting.size > params.unselectiveKeyEntries) unselective.push(lookup);
    else found.visit(lookup, lookup.posting.entries());
  }
  // The tables the telling words point at: within the weak-table ratio of the strongest.
  const named = new Set(namedTables(found.inOrderFound(), params));
  for (const lookup of unselective) found.visit(lookup, named.size === 0 ? lookup.posting.entries() : lookup.posting.ofTables(named));
  return found.bySpan();
}

/** Every run of up to `maxSpan` words (no stop word at either end), in every variant the index has a key for. */
function lookups(tokens: readonly QuestionToken[], index: InvertedIndex, params: GroundingParams, demonyms?: Demonyms): Lookup[] {
  const found: Lookup[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + params.maxSpan); end++) {
      const span = tokens.slice(start, end);
      if (span[0]!.stopWord || span[span.length - 1]!.stopWord) continue;
      if (end - start === 1 && span[0]!.lower.length < params.minKeyLength) continue;
      const variants = end - start === 1 ? wordVariants(span[0]!, demonyms) : spanVariants(span);
      const token = span.map((t) => t.text).join(' ');
      for (const variant of variants) {
        const posting = lookupKey(index, variant.key);
        if (posting) found.push({ start, end, token, variant, posting });
      }
    }
  }
  return found;
}

/** What reads a question word that no name and no whole value matched. */
export interface SilentWordReaders {
  /** The schema's descriptions, word by word. */
  described?: DescriptionIndex;
  /** The schema's name words by word vectors. */
  similar?: SimilarWords;
}

/**
 * Lookups of the words no name and no whole value matched: by the descriptions that hold them,
 * and by their nearest schema word. A word inside some free-text value is no reading of it.
 */
function silentWordLookups(
  tokens: readonly QuestionToken[],
  index: InvertedIndex,
  direct: readonly Lookup[],
  silent: SilentWordReaders,
  params: GroundingParams,
): Lookup[] {
  if (!silent.described && !silent.similar) return [];
  const covered = new Set<number>();
  for (const l of direct)
    if (l.posting.some((e) => e.kind !== 'value' || e.coverage === 1)) for (let i = l.start; i < l.end; i++) covered.add(i);
  const found: Lookup[] = [];
  tokens.forEach((token, i) => {
    if (covered.has(i) || token.stopWord || token.lower.length < params.minSimilarWordLength || !/^[a-z]+$/.test(token.lower)) return;
    if (OPERATION_WORDS.has(token.lower) || DATA_WORDS.has(token.lower)) return;
    const spellings = [token.lower, token.lemma, singular(token.lower)];
    const described = silent.described ? describedEntries(silent.described, new Set(spellings.map(singular))) : [];
    if (described.length > 0) {
      found.push({
        start: i,
        end: i + 1,
        token: token.text,
        variant: { key: singular(token.lower), kind: 'described' },
        posting: new ListPosting(described),
      });
    }
    if (!silent.similar || !params.similarWordPos.includes(token.pos)) return;
    const near = nearestSchemaWord(silent.similar, spellings);
    if (!near) return;
    const posting = lookupKey(index, near.word);
    if (posting)
      found.push({
        start: i,
        end: i + 1,
        token: token.text,
        variant: { key: near.word, kind: 'similar' },
        posting,
        similarity: near.similarity,
      });
  });
  return found;
}

/** The strongest match per span and element, as lookups are visited. */
class SpanMatches {
  readonly #bySpan = new Map<number, Map<number, GroundingMatch>>();
  readonly #useFrequency: boolean;
  readonly #operationWordsAsColumns: boolean;

  constructor(
    private readonly params: GroundingParams,
    private readonly tokens: readonly QuestionToken[],
  ) {
    this.#useFrequency = params.inverseTableFrequency;
    this.#operationWordsAsColumns = params.operationWordsAsColumns;
  }

  visit(lookup: Lookup, entries: readonly IndexEntry[]): void {
    const { start, end, variant } = lookup;
    const spanKey = start * (this.params.maxSpan + 1) + (end - start);
    let found = this.#bySpan.get(spanKey);
    if (!found) {
      found = new Map();
      this.#bySpan.set(spanKey, found);
    }
    for (const entry of entries) {
      if (
        end - start === 1 &&
        entry.kind !== 'table' &&
        OPERATION_WORDS.has(variant.key) &&
        (entry.coverage < 1 || !this.#operationWordsAsColumns)
      )
        continue;
      // A verb a table's noun comes from is a reading of a verb only ("rated", not "the average rank").
      if (entry.keyKind === 'derived' && (end - start !== 1 || this.tokens[start]?.pos !== 'VERB')) continue;
      // Score first, build a match only when it wins.
      const variantKind = weaker(variant.kind, entry.keyKind, this.params);
      const frequency = this.#useFrequency ? entry.tableFrequency : 1;
      const score = matchScore(this.params, entry.kind, variantKind, entry.coverage, end - start, entry.column !== null, frequency);
      const current = found.get(entry.element);
      if (!current || score > current.score) {
        const match = toMatch(lookup.token, [start, end], variant.key, variantKind, entry, score);
        found.set(entry.element, lookup.similarity === undefined ? match : { ...match, similarity: lookup.similarity });
      }
    }
  }

  /** The matches so far, span by span in the order the spans were first visited. */
  inOrderFound(): GroundingMatch[] {
    return [...this.#bySpan.values()].flatMap((found) => [...found.values()]);
  }

  /** The matches, span by span from the question's start, shorter spans first. */
  bySpan(): GroundingMatch[] {
    const all: GroundingMatch[] = [];
    for (const spanKey of [...this.#bySpan.keys()].sort((a, b) => a - b)) for (const m of this.#bySpan.get(spanKey)!.values()) all.push(m);
    return all;
  }
}

/** Both sides may have bent the word (a lemma of the question, a synonym in the index): the match is as weak as the weaker of the two. */
function weaker(a: VariantKind, b: VariantKind, params: GroundingParams): VariantKind {
  return variantWeightOf(params, a) <= variantWeightOf(params, b) ? a : b;
}

function toMatch(
  token: string,
  range: [number, number],
  variant: string,
  variantKind: VariantKind,
  entry: IndexEntry,
  score: number,
): GroundingMatch {
  return {
    token,
    span: range,
    variant,
    variantKind,
    table: entry.table,
    column: entry.column,
    kind: entry.kind,
    coverage: entry.coverage,
    score,
  };
}
