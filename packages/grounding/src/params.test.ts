import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultGroundingParams, GroundingIndex, loadGroundingParams, withGroundingParams } from './index.js';
import { smallSchemaGraph } from './test-support/small-schema.js';

const DEFAULTS = new URL('../params/grounding.json', import.meta.url);

function writeParams(contents: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'grounding-params-')), 'params.json');
  writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
  return file;
}

describe('grounding parameters', () => {
  it('default to params/grounding.json, frozen, and the package ships that file', () => {
    const defaults = defaultGroundingParams();
    expect(defaults).toEqual(JSON.parse(readFileSync(DEFAULTS, 'utf8')));
    expect(defaults.weakTableRatio).toBe(0.75);
    expect(Object.isFrozen(defaults) && Object.isFrozen(defaults.kindWeight)).toBe(true);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('params');
  });

  it('merge overrides over the defaults, weight records key by key', () => {
    const params = withGroundingParams({ kindWeight: { column: 0.4 }, maxSpan: 2 });
    expect(params.kindWeight).toEqual({ ...defaultGroundingParams().kindWeight, column: 0.4 });
    expect(params.maxSpan).toBe(2);
    expect(defaultGroundingParams().kindWeight.column).toBe(0.8);
    expect(() => withGroundingParams({ maxSpann: 2 } as never)).toThrow(/unknown parameter "maxSpann"/);
    expect(() => withGroundingParams({ kindWeight: { colum: 1 } } as never)).toThrow(/in "kindWeight".*unknown parameter "colum"/);
  });

  it('change what grounding returns when set otherwise', async () => {
    const question = 'What is the account balance of each supplier?';
    const byDefault = await (await GroundingIndex.build(smallSchemaGraph())).ground(question);
    expect(byDefault.initialTargets).toContain('SUPPLIER');
    // No key is this long: nothing is findable by name.
    const noKeys = await (await GroundingIndex.build(smallSchemaGraph(), { params: { minKeyLength: 100 } })).ground(question);
    expect(noKeys.grounded).toEqual([]);
    // A column's name (and alias) counts half as much.
    const column = (r: typeof byDefault) => r.matches.find((m) => m.table === 'SUPPLIER' && m.column === 'S_ACCTBAL')!.score;
    const weaker = await (await GroundingIndex.build(smallSchemaGraph(), { params: { kindWeight: { column: 0.4 } } })).ground(question);
    expect(column(weaker)).toBeCloseTo(column(byDefault) / 2, 5);
  });

  it('take the levers over them', async () => {
    const index = await GroundingIndex.build(smallSchemaGraph(), { params: { oneIsland: false }, levers: { oneIsland: true } });
    expect(index.params.oneIsland).toBe(true);
  });

  it('load from a file, and a bad file is an error naming the key and the file', () => {
    const whole = JSON.parse(readFileSync(DEFAULTS, 'utf8')) as Record<string, unknown>;
    expect(loadGroundingParams(writeParams({ ...whole, maxSpan: 3 })).maxSpan).toBe(3);

    const unknown = writeParams({ ...whole, maxSpam: 3 });
    expect(() => loadGroundingParams(unknown)).toThrow(`grounding parameters ${unknown}: unknown parameter "maxSpam"`);
    const { coverageFloor: _, ...rest } = whole;
    const missing = writeParams(rest);
    expect(() => loadGroundingParams(missing)).toThrow(`grounding parameters ${missing}: missing parameter "coverageFloor"`);
    const wrong = writeParams({ ...whole, synonyms: 'yes' });
    expect(() => loadGroundingParams(wrong)).toThrow(
      `grounding parameters ${wrong}: parameter "synonyms" must be true or false, not "yes"`,
    );
    const record = writeParams({ ...whole, variantWeight: { ...(whole.variantWeight as object), lemma: '0.9' } });
    expect(() => loadGroundingParams(record)).toThrow(/in "variantWeight": parameter "lemma" must be a number/);
    const broken = writeParams('{ "maxSpan": ');
    expect(() => loadGroundingParams(broken)).toThrow(`grounding parameters file ${broken} is not JSON`);
  });
});
