/**
 * Defaults the help prints that live in a package's checked parameters file (`params/*.json`):
 * read from that file, a few hundred bytes, rather than through the package, whose entry loads
 * the retriever or join inference. So `guided --help` and `--version` stay the command line alone,
 * and the help says the number the command will use (a test compares each with the package's own).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const resolve = createRequire(import.meta.url).resolve;

/** The number `key` of `params/<file>` in package `pkg`, or undefined when it cannot be read (the help then names the key). */
function paramsNumber(pkg: string, file: string, key: string): number | undefined {
  try {
    const params = JSON.parse(readFileSync(join(dirname(resolve(`${pkg}/package.json`)), 'params', file), 'utf8')) as unknown;
    const value = (params as Record<string, unknown>)[key];
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The most tokens a prompt takes when `--max-tokens` is not given: the column parameters' `defaultMaxTokens`. */
export function defaultPromptTokens(): string {
  return String(
    paramsNumber('@guided-retrieval/retrieval', 'columns.json', 'defaultMaxTokens') ?? "the column parameters' defaultMaxTokens",
  );
}

/** The confidence below which inferred join edges are left out: join inference's `minConfidence`. */
export function defaultMinConfidence(): string {
  return String(
    paramsNumber('@guided-retrieval/join-inference', 'join-inference.json', 'minConfidence') ?? "join inference's minConfidence",
  );
}
