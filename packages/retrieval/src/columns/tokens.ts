/**
 * Token counts of a prompt, with OpenAI's `o200k_base` encoding (gpt-tokenizer, pure JavaScript,
 * its ranks shipped in the package: no network). Loaded on first use (about 150 ms), so that a
 * retriever that renders no prompt never pays for it.
 */
import { createRequire } from 'node:module';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/** The encoding `countTokens` counts with. */
export const TOKENIZER = 'o200k_base';

let loaded: TokenCounter | undefined;

/** Tokens of `text` in `o200k_base`. */
export function countTokens(text: string): number {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    const encoding = require('gpt-tokenizer/encoding/o200k_base') as { countTokens: TokenCounter };
    loaded = (t) => encoding.countTokens(t);
  }
  return loaded(text);
}
