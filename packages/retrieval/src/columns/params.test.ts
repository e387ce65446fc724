import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultColumnParams, loadColumnParams, writeColumnParams } from './params.js';

const dir = mkdtempSync(join(tmpdir(), 'column-params-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeColumnParams', () => {
  it('writes fitted values into a file, the others and their order kept', () => {
    const path = join(dir, 'fitted.json');
    writeFileSync(path, `${JSON.stringify(defaultColumnParams(), null, 2)}\n`);
    const written = writeColumnParams({ weights: { intercept: -1.5 }, relevantLikelihood: 0.4, columnPrice: 2 }, path);
    const expected = {
      ...defaultColumnParams(),
      weights: { ...defaultColumnParams().weights, intercept: -1.5 },
      relevantLikelihood: 0.4,
      columnPrice: 2,
    };
    expect(loadColumnParams(path)).toEqual(expected);
    expect(written).toEqual(expected);
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')))).toEqual(Object.keys(defaultColumnParams()));
  });

  it('checks before writing: a wrong key or value leaves the file as it was', () => {
    const path = join(dir, 'checked.json');
    const before = `${JSON.stringify(defaultColumnParams(), null, 2)}\n`;
    writeFileSync(path, before);
    expect(() => writeColumnParams({ columnPrise: 2 } as never, path)).toThrow(/unknown parameter "columnPrise"/);
    expect(() => writeColumnParams({ weights: { intercept: Number.NaN } }, path)).toThrow(/"intercept" must be a number/);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('names the file it cannot read', () => {
    expect(() => writeColumnParams({ columnPrice: 2 }, join(dir, 'missing.json'))).toThrow(
      /column parameters file .*missing\.json cannot be read/,
    );
  });
});
