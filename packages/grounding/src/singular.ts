import pluralize from 'pluralize';

const SINGULARS = new Map<string, string>();
/** Memo size: a warehouse's words, not an unbounded stream of questions (speed, not results). */
const MAX_MEMO = 100_000;

/** The singular of a word (`suppliers` → `supplier`, `orders` → `order`); numbers unchanged. */
export function singular(word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  let form = SINGULARS.get(word);
  if (form === undefined) {
    form = pluralize.singular(word);
    if (SINGULARS.size >= MAX_MEMO) SINGULARS.clear();
    SINGULARS.set(word, form);
  }
  return form;
}

/** The plural of a word (`supplier` → `suppliers`); numbers unchanged. */
export function plural(word: string): string {
  return word.length < 3 || /\d/.test(word) ? word : pluralize.plural(word);
}
