import { singular } from './inflection.js';

/**
 * A light suffix stemmer for English words, as used by the offline embedder.
 * Not a linguistic stemmer: it only has to map the inflections that appear in questions and in
 * schema names (plurals, -ing, -ed, -ly, a final e) onto one key, consistently.
 */

/** Forms the suffix rules get wrong, mapped straight to their stem. */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['daily', 'day'],
  ['data', 'data'],
  ['news', 'news'],
  ['series', 'series'],
  ['always', 'always'],
  ['early', 'early'],
]);

const VOWEL = /[aeiouy]/;

function endsWithDoubleConsonant(word: string): boolean {
  const last = word.at(-1);
  return last !== undefined && last === word.at(-2) && /[b-df-hj-km-np-rtv-xz]/.test(last);
}

/** Strips `suffix` when what remains has ≥ 3 letters and a vowel; undoubles a final consonant. */
function stripVerbSuffix(word: string, suffix: string): string | undefined {
  if (!word.endsWith(suffix)) return undefined;
  const rest = word.slice(0, -suffix.length);
  if (rest.length < 3 || !VOWEL.test(rest)) return undefined;
  // shipp(ing) → ship, plann(ed) → plan; but bill(ing) keeps its ll (l, s, z are not undoubled).
  return endsWithDoubleConsonant(rest) ? rest.slice(0, -1) : rest;
}

/**
 * The stem of one lowercase word. Words shorter than 4 letters, and words with digits, are
 * returned as they are. Otherwise, in order:
 *  1. plurals: the word's `singular` (countries → country, boxes → box; status, analysis stay);
 *  2. one of `-ing` or `-ed` (not `-eed`) when ≥ 3 letters with a vowel remain, undoubling a
 *     final consonant they leave (shipping → ship); or `-ly` when ≥ 4 letters remain and it
 *     doesn't follow a vowel, b or p (monthly → month; supply, family, assembly stay);
 *  3. a final `-e` is dropped when ≥ 3 letters remain, so that price/prices/pricing → `pric`
 *     and date/dated/dates → `dat`.
 */
export function stem(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;

  let w = singular(word);

  const stripped =
    stripVerbSuffix(w, 'ing') ??
    (w.endsWith('eed') ? undefined : stripVerbSuffix(w, 'ed')) ??
    (/[^aeioubp]ly$/.test(w) && w.length - 2 >= 4 ? w.slice(0, -2) : undefined);
  if (stripped !== undefined) w = stripped;

  if (w.endsWith('e') && w.length - 1 >= 3) w = w.slice(0, -1);
  return w;
}
