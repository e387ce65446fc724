import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultJoinParams, loadJoinParams, withJoinParams, writeJoinParams } from './params.js';

const dir = mkdtempSync(join(tmpdir(), 'join-params-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('join inference parameters', () => {
  it('reads the checked file once, frozen', () => {
    const params = defaultJoinParams();
    expect(params.minConfidence).toBeGreaterThan(0);
    expect(Object.isFrozen(params)).toBe(true);
    expect(defaultJoinParams()).toBe(params);
  });

  it('names the key and the file of a wrong one', () => {
    const write = (name: string, value: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(value));
      return path;
    };
    const good = { ...defaultJoinParams() };
    expect(() => loadJoinParams(write('unknown.json', { ...good, minConfidance: 0.5 }))).toThrow(/unknown parameter "minConfidance"/);
    const { nearTie: _, ...missing } = good;
    expect(() => loadJoinParams(write('missing.json', missing))).toThrow(/missing\.json: missing parameter "nearTie"/);
    expect(() => loadJoinParams(write('typed.json', { ...good, nearTie: '0.1' }))).toThrow(/parameter "nearTie" must be a number/);
    expect(() => loadJoinParams(join(dir, 'absent.json'))).toThrow(/absent\.json/);
  });

  it('lays overrides over the defaults, checked alike', () => {
    expect(withJoinParams({ minConfidence: 0.7 }).minConfidence).toBe(0.7);
    expect(withJoinParams(undefined)).toBe(defaultJoinParams());
    expect(() => withJoinParams({ nope: 1 } as never)).toThrow(/unknown parameter "nope"/);
  });

  it('writes fitted values into a file, the others and their order kept, checked alike', () => {
    const path = join(dir, 'fitted.json');
    writeFileSync(path, `${JSON.stringify(defaultJoinParams(), null, 2)}\n`);
    const written = writeJoinParams({ minConfidence: 0.55, nearTie: 0.03 }, path);
    expect(loadJoinParams(path)).toEqual({ ...defaultJoinParams(), minConfidence: 0.55, nearTie: 0.03 });
    expect(written).toEqual(loadJoinParams(path));
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')))).toEqual(Object.keys(defaultJoinParams()));
    expect(() => writeJoinParams({ minConfidance: 0.5 } as never, path)).toThrow(/unknown parameter "minConfidance"/);
    expect(loadJoinParams(path).minConfidence).toBe(0.55);
  });
});
