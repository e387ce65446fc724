import pluralize from 'pluralize';

/** Lower-case alphanumeric runs joined by one space: the form every index key is stored in. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');
}

const SINGULARS = new Map<string, string>();
/** Memo size: a warehouse's words, not an unbounded stream of questions. */
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

export function plural(word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  return pluralize.plural(word);
}
