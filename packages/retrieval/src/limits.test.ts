import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATH_LIMITS, loadPathLimits, Retriever } from './index.js';
import { pathLimits } from './limits.js';

const DEFAULTS = new URL('../params/limits.json', import.meta.url);

function writeLimits(contents: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'path-limits-')), 'limits.json');
  writeFileSync(file, JSON.stringify(contents));
  return file;
}

/** store → region → country → continent: the question's two tables are three joins apart. */
const chain = graphFromSchema({
  database: 'stores',
  tables: [
    { name: 'store', primaryKey: ['id'], columns: ['id', 'name', 'region_id'] },
    { name: 'region', primaryKey: ['id'], columns: ['id', 'name', 'country_id'] },
    { name: 'country', primaryKey: ['id'], columns: ['id', 'name', 'continent_id'] },
    { name: 'continent', primaryKey: ['id'], columns: ['id', 'name'] },
  ],
  foreignKeys: [
    { fromTable: 'store', fromColumns: ['region_id'], toTable: 'region', toColumns: ['id'] },
    { fromTable: 'region', fromColumns: ['country_id'], toTable: 'country', toColumns: ['id'] },
    { fromTable: 'country', fromColumns: ['continent_id'], toTable: 'continent', toColumns: ['id'] },
  ],
});

describe('path limits', () => {
  it('default to params/limits.json, checked and frozen', () => {
    expect(DEFAULT_PATH_LIMITS).toEqual(JSON.parse(readFileSync(DEFAULTS, 'utf8')));
    expect(Object.isFrozen(DEFAULT_PATH_LIMITS)).toBe(true);
    expect(loadPathLimits(DEFAULTS)).toEqual(DEFAULT_PATH_LIMITS);
  });

  it('a bad file is an error naming the key and the file', () => {
    const whole = { ...DEFAULT_PATH_LIMITS };
    expect(() => loadPathLimits(writeLimits({ ...whole, maxLenght: 5 }))).toThrow(
      /path limits .*limits\.json: unknown parameter "maxLenght"/,
    );
    const { alternatives: _, ...missing } = whole;
    expect(() => loadPathLimits(writeLimits(missing))).toThrow(/limits\.json: missing parameter "alternatives"/);
    expect(() => loadPathLimits(writeLimits({ ...whole, reverse: 'yes' }))).toThrow(
      /limits\.json: parameter "reverse" must be true or false/,
    );
    expect(() => loadPathLimits(writeLimits({ ...whole, maxLength: '6' }))).toThrow(/limits\.json: parameter "maxLength" must be a number/);
  });

  it('overrides are laid over the defaults, checked alike, an undefined one left as it is', () => {
    expect(pathLimits({ maxLength: 3, alternatives: undefined })).toEqual({ ...DEFAULT_PATH_LIMITS, maxLength: 3 });
    expect(() => pathLimits({ maxLength: 'far' as never })).toThrow(/path limit overrides: parameter "maxLength" must be a number/);
  });

  it('bound the join tree: a target farther than maxLength joins is said, not joined', async () => {
    const question = 'List the continent of each store.';
    const near = await (await Retriever.create(chain, { limits: { maxLength: 3 } })).retrieve(question);
    expect([...near.tables].sort()).toEqual(['continent', 'country', 'region', 'store']);
    const short = await (await Retriever.create(chain, { limits: { maxLength: 2 } })).retrieve(question);
    expect(short.tables).not.toContain('continent');
    const depth = (alias: string | null): number =>
      alias === null ? -1 : 1 + depth(short.joinTree.nodes.find((n) => n.alias === alias)!.parent);
    for (const node of short.joinTree.nodes) expect(depth(node.alias), node.alias).toBeLessThanOrEqual(2);
    expect(short.trace.disambiguation.notes).toContainEqual({
      kind: 'pruned',
      tables: ['continent'],
      reason: 'no join path of at most 2 edges from store',
    });
  });
});
