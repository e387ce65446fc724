/**
 * Text → word stems, for the offline embedder. Reads prose and identifiers alike:
 * `How are our sales trending?`, `L_SHIPDATE`, `orderDate`, `unit_price2`.
 */

import { identifierWords, segment, stem } from '@guided-retrieval/text';
import { CONCEPTS } from '../lexicon/concepts.js';
import { EMBEDDER_ABBREVIATIONS, EMBEDDER_COMPOUND_WORDS, EMBEDDER_HEAD_WORDS, EMBEDDER_STOP_WORDS } from '../lexicon/embedder-words.js';
import { remembering } from '../memo.js';

/** Every word the segmenter knows, lowercase. */
const KNOWN_WORDS: ReadonlySet<string> = new Set([
  ...EMBEDDER_COMPOUND_WORDS,
  ...EMBEDDER_HEAD_WORDS,
  ...EMBEDDER_ABBREVIATIONS.keys(),
  ...EMBEDDER_ABBREVIATIONS.values(),
  ...Object.keys(CONCEPTS),
  ...Object.values(CONCEPTS).flat(),
]);
const KNOWN_STEMS: ReadonlySet<string> = new Set([...KNOWN_WORDS].map(stem));
/** Longest first, so that `…amount` is tried before `…count`. */
const HEADS_LONGEST_FIRST = [...EMBEDDER_HEAD_WORDS].sort((a, b) => b.length - a.length);

/** Runs of letters, digits and underscores: the raw words of a text. */
const RAW_WORD = /[\p{L}\p{N}_]+/gu;
/** Whether a raw word looks like an identifier rather than prose. */
function isIdentifier(raw: string): boolean {
  return (
    raw.includes('_') ||
    /\p{Ll}\p{Lu}/u.test(raw) ||
    (/\p{L}/u.test(raw) && /\p{N}/u.test(raw)) ||
    (raw.length > 1 && raw === raw.toUpperCase() && raw !== raw.toLowerCase())
  );
}

/**
 * Splits a glued lowercase word into its parts: first into known words covering all of it
 * (`shipdate` → ship + date, `custkey` → cust + key); failing that, in identifiers only, a known
 * head word is split off its end (`receiptdate` → receipt + date). Known words and short words
 * are left whole, as is anything that doesn't split.
 */
export function splitCompound(word: string, identifier: boolean): string[] {
  if (word.length < 5 || KNOWN_WORDS.has(word) || KNOWN_STEMS.has(stem(word))) return [word];
  const pieces = segment(word, {
    vocabulary: KNOWN_WORDS,
    abbreviations: false,
    maxUnknown: 0,
    minLength: 0,
    minKnownPiece: 1,
    minScore: 0,
  });
  if (pieces.length > 1) return pieces;
  if (identifier) {
    for (const head of HEADS_LONGEST_FIRST) {
      const rest = word.slice(0, word.length - head.length);
      if (word.endsWith(head) && rest.length >= 3 && /[aeiouy]/.test(rest)) {
        return [...splitCompound(rest, identifier), head];
      }
    }
  }
  return [word];
}

/**
 * The word stems of a text, in order. Raw words are split at underscores, camelCase and
 * letter/digit boundaries, lowercased; one-character words, stop words and a short unknown
 * prefix before the first underscore (`ps_` in `ps_partkey`) are dropped;
 * glued words are split (`splitCompound`), abbreviations expanded (`qty` → quantity), and every
 * piece stemmed (`stem`).
 */
export function lexicalStems(text: string): string[] {
  const stems: string[] = [];
  for (const [raw] of text.matchAll(RAW_WORD)) for (const s of stemsOfRawWord(raw)) stems.push(s);
  return stems;
}

/** A raw word's stems, each raw word worked out once: a table's query context repeats its column words. */
const stemsOfRawWord = remembering((raw: string): readonly string[] => {
  const stems: string[] = [];
  const identifier = isIdentifier(raw);
  const parts = raw.split('_');
  // `L_SHIPDATE`, `ps_partkey`: a short unknown first part is a table prefix, not a word.
  const first = parts[0]?.toLowerCase();
  if (parts.length > 1 && first !== undefined && first.length <= 2 && !KNOWN_WORDS.has(first)) {
    parts.shift();
  }
  for (const part of parts) {
    for (const word of identifierWords(part, { digits: 'apart', letters: 'any' })) {
      if (word.length < 2 || EMBEDDER_STOP_WORDS.has(word)) continue;
      for (const piece of splitCompound(word, identifier)) {
        stems.push(stem(EMBEDDER_ABBREVIATIONS.get(piece) ?? piece));
      }
    }
  }
  return stems;
}, 100_000);
