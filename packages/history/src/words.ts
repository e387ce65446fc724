/**
 * A question's words as past questions are compared on, and its values hashed for `hashValues`.
 * Words come from the one splitter of every package (`@guided-retrieval/text`): lower case,
 * letters of any script, stop words out, each stemmed over its singular (`suppliers`, `shipped`
 * → supplier, ship), so that two wordings of one question share their words.
 */
import { createHash } from 'node:crypto';
import { identifierWords, STOP_WORDS, stem } from '@guided-retrieval/text';

/** The distinct words of a question that may name something (stop words and lone letters out), lower case, in their order. */
function contentWords(question: string): string[] {
  const words = identifierWords(question, { digits: 'split', letters: 'any' });
  return [...new Set(words.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w))))];
}

/** The distinct word keys of a question, in their order: its content words stemmed. */
export function questionWords(question: string): string[] {
  return [...new Set(contentWords(question).map(stem))];
}

/**
 * The keys each content word of a new question may be stored under: its stem, and first, in a
 * history learned with hashed values, the key of its hash (a value the past question hashed).
 */
export function questionWordKeys(question: string, hashed: boolean): string[][] {
  return contentWords(question).map((w) => (hashed ? [stem(hashWord(w).slice(HASH_PREFIX.length)), stem(w)] : [stem(w)]));
}

/** Letters of a value's hash (26 × 4 bits would be plenty; 10 keep two values apart among millions). */
const HASH_LETTERS = 10;
/** A hashed value reads `#` and letters: one word to the splitter (no digit to cut it), the same for the same value. */
const HASH_PREFIX = '#';
/** A run of letters and digits of any script: what a value's word is. */
const WORD = /[\p{L}\p{N}]+/gu;
/** A quoted stretch of a question (straight or typographic quotes): a value as the user wrote it. */
const QUOTED = /'[^'\n]*'|"[^"\n]*"|‘[^’\n]*’|“[^”\n]*”/gu;

/** One value word as `#` and letters: SHA-256, each of the first digits as a letter a–p. */
export function hashWord(word: string): string {
  const hex = createHash('sha256').update(word.toLowerCase()).digest('hex').slice(0, HASH_LETTERS);
  return HASH_PREFIX + [...hex].map((h) => String.fromCharCode('a'.charCodeAt(0) + Number.parseInt(h, 16))).join('');
}

/**
 * The question with no value readable: every word that is a word of one of the SQL's literals,
 * every number and every word inside quotes replaced by its hash (`#kdjfhqpaob`). The rest of the
 * wording stays, so that the question still reads as a question and still finds its neighbours; a
 * value asked about again hashes alike, so it still counts as a shared word. Hashing is one-way
 * but not secret: a guessed value can be checked against it, as with a graph's `--hash-values`.
 */
export function hashQuestionValues(question: string, literals: readonly string[]): string {
  const values = new Set(literals.flatMap((l) => [...l.matchAll(WORD)].map((m) => m[0].toLowerCase())));
  const quoted = question.replace(QUOTED, (q) => q.replace(WORD, (w) => hashWord(w)));
  return quoted.replace(WORD, (w) => (values.has(w.toLowerCase()) || /\p{N}/u.test(w) ? hashWord(w) : w));
}
