import { singular } from '@guided-retrieval/text';
import type { QuestionToken, VariantKind } from './types.js';

/** Small numbers a question spells out, as a name writes them (`five` → 5). */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'].map((w, i) => [w, String(i + 1)]),
);

export interface Variant {
  key: string;
  kind: VariantKind;
}

/** The names of the places an adjective pertains to ("Indian" → india): WordNet's, when installed. */
export type Demonyms = (word: string) => readonly string[];

/** Keys a single question word is looked up by: as written, its lemma, singular, the place a demonym names. */
export function wordVariants(token: QuestionToken, demonyms?: Demonyms): Variant[] {
  const variants: Variant[] = [{ key: token.lower, kind: 'exact' }];
  const push = (key: string, kind: VariantKind) => {
    if (key && !variants.some((v) => v.key === key)) variants.push({ key, kind });
  };
  push(token.lemma, 'lemma');
  push(singular(token.lower), 'singular');
  push(singular(token.lemma), 'lemma');
  const digits = NUMBER_WORDS.get(token.lower);
  if (digits) push(digits, 'lemma');
  if (demonyms) for (const place of [...demonyms(token.lower), ...demonyms(singular(token.lower))]) push(place, 'demonym');
  return variants;
}

/** Keys a run of words is looked up by: as written, with the last word singular, and glued. */
export function spanVariants(tokens: readonly QuestionToken[]): Variant[] {
  const words = tokens.map((t) => t.lower);
  const last = tokens[tokens.length - 1]!;
  const variants: Variant[] = [];
  const push = (key: string, kind: VariantKind) => {
    if (!variants.some((v) => v.key === key)) variants.push({ key, kind });
  };
  push(words.join(' '), 'exact');
  // "five-year" → `5 year`, as `5yr` is indexed.
  if (words.some((w) => NUMBER_WORDS.has(w))) push(words.map((w) => NUMBER_WORDS.get(w) ?? w).join(' '), 'lemma');
  push([...words.slice(0, -1), singular(last.lower)].join(' '), 'singular');
  push([...words.slice(0, -1), last.lemma].join(' '), 'lemma');
  push(words.join(''), 'compound');
  // `check-ins` → `checkin`: glued, then singular, as a table name is indexed.
  push(singular(words.join('')), 'singular');
  return variants;
}
