import pluralize from 'pluralize';

const SINGULARS = new Map<string, string>();
/** Memo size: a warehouse's words, not an unbounded stream of questions (speed, not results). */
const MAX_MEMO = 100_000;

function singularOf(word: string): string {
  let form = SINGULARS.get(word);
  if (form === undefined) {
    form = pluralize.singular(word);
    if (SINGULARS.size >= MAX_MEMO) SINGULARS.clear();
    SINGULARS.set(word, form);
  }
  return form;
}

/**
 * The singular of a lower-case word (`suppliers` → `supplier`, `categories` → `category`,
 * `people` → `person`); words under three letters and words with digits unchanged. The one
 * singularizer of every package.
 */
export function singular(word: string): string {
  return word.length < 3 || /\d/.test(word) ? word : singularOf(word);
}

/** The plural of a lower-case word (`supplier` → `suppliers`); words under three letters and words with digits unchanged. */
export function plural(word: string): string {
  return word.length < 3 || /\d/.test(word) ? word : pluralize.plural(word);
}
