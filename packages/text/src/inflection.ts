import pluralize from 'pluralize';
import { remembering } from './memo.js';

const singularOf = remembering((word: string) => pluralize.singular(word));

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
