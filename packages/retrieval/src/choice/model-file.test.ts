import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from './features.js';
import { ChoiceFileError, defaultChoiceFile, loadChoiceFile, untrainedChoice, writeChoiceModel } from './model-file.js';

const dir = mkdtempSync(join(tmpdir(), 'guided-choice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, edit: (file: Record<string, unknown>) => unknown): string {
  const path = join(dir, name);
  const shipped = JSON.parse(JSON.stringify(defaultChoiceFile())) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify(edit(shipped)));
  return path;
}

describe('the choice model file', () => {
  it('ships a model of this version’s features', () => {
    const file = defaultChoiceFile();
    expect(file.model.features).toEqual(FEATURE_NAMES);
    expect(file.model.weights.some((w) => w !== 0)).toBe(true);
  });

  it('names the file and says to refit when its features are another version’s', () => {
    const path = fileWith('old.json', (f) => ({ ...f, model: { ...(f.model as object), features: ['tables'] } }));
    expect(() => loadChoiceFile(path)).toThrow(ChoiceFileError);
    expect(() => loadChoiceFile(path)).toThrow(new RegExp(`${path}.*refit with pnpm fit`));
  });

  it('names the file and the field that is wrong', () => {
    const limits = fileWith('limits.json', (f) => ({ ...f, limits: { ...(f.limits as object), maxCandidates: -1 } }));
    expect(() => loadChoiceFile(limits)).toThrow(`choice model ${limits}: limits.maxCandidates must be a whole number`);
    const scale = fileWith('scale.json', (f) => {
      const model = f.model as { scale: number[] };
      return { ...f, model: { ...model, scale: model.scale.map(() => 0) } };
    });
    expect(() => loadChoiceFile(scale)).toThrow('model.scale must be positive');
    const text = join(dir, 'text.json');
    writeFileSync(text, 'not json');
    expect(() => loadChoiceFile(text)).toThrow(`choice model ${text}:`);
  });

  it('proposes with an untrained model of this version’s features, whatever model the file holds', () => {
    const path = fileWith('stale.json', (f) => ({ ...f, model: { features: ['gone'], mean: [0], scale: [1], weights: [3] } }));
    const untrained = untrainedChoice(path);
    expect(untrained.model.features).toEqual(FEATURE_NAMES);
    expect(untrained.model.weights.every((w) => w === 0)).toBe(true);
    expect(untrained.limits).toEqual(defaultChoiceFile().limits);
  });

  it('writes a model that reads back the same, and refuses to write a broken one', () => {
    const path = join(dir, 'written.json');
    writeChoiceModel(defaultChoiceFile(), path);
    expect(loadChoiceFile(path)).toEqual(defaultChoiceFile());
    const broken = { ...defaultChoiceFile(), model: { ...defaultChoiceFile().model, weights: [1] } };
    expect(() => writeChoiceModel(broken, join(dir, 'broken.json'))).toThrow(/model\.weights must list/);
    expect(() => readFileSync(join(dir, 'broken.json'))).toThrow();
  });
});
