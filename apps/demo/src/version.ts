import { readFileSync } from 'node:fs';

/**
 * The demo package's version, read from its package.json at run time: `../package.json` from
 * `src/` (tests) and from `dist/` (the built CLI) alike.
 */
export function packageVersion(): string {
  const json = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof json.version !== 'string') throw new Error('the package.json of @guided-retrieval/demo has no version');
  return json.version;
}
