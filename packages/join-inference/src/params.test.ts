import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultJoinParams, loadJoinParams, withJoinParams } from './params.js';

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
});
