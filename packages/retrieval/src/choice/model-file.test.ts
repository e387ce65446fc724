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
  it('ships a fitted model of features this version computes', () => {
    const file = defaultChoiceFile();
    for (const f of file.model.features) expect(FEATURE_NAMES).toContain(f);
    expect(file.model.weights.some((w) => w !== 0)).toBe(true);
    expect(file.provenance).not.toBeNull();
  });

  it('never rewards losing evidence: every feature of what a tree leaves out is fitted non-positive, and weighs ≤ 0', () => {
    const file = defaultChoiceFile();
    const losing = FEATURE_NAMES.filter((f) => f.startsWith('lost ') || f.startsWith('namingLost '));
    expect(losing.length).toBeGreaterThan(0);
    expect([...file.fit.nonPositive].sort()).toEqual([...losing].sort());
    file.model.features.forEach((f, j) => {
      if (losing.includes(f)) expect(file.model.weights[j], f).toBeLessThanOrEqual(0);
    });
  });

  it('names the file and says to refit when it weighs a feature this version does not compute', () => {
    const path = fileWith('old.json', (f) => {
      const model = f.model as { features: string[] };
      return { ...f, model: { ...model, features: ['gone', ...model.features.slice(1)] } };
    });
    expect(() => loadChoiceFile(path)).toThrow(ChoiceFileError);
    expect(() => loadChoiceFile(path)).toThrow(new RegExp(`${path}.*gone.*refit with pnpm fit`));
  });

  it('reads a model of fewer features than this version computes: the others weigh nothing (scored by name)', () => {
    const path = fileWith('fewer.json', (f) => {
      const m = f.model as { features: string[]; mean: number[]; scale: number[]; weights: number[] };
      return {
        ...f,
        model: {
          ...m,
          features: m.features.slice(0, 3),
          mean: m.mean.slice(0, 3),
          scale: m.scale.slice(0, 3),
          weights: m.weights.slice(0, 3),
        },
      };
    });
    expect(loadChoiceFile(path).model.features).toHaveLength(3);
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
    const path = fileWith('stale.json', (f) => ({
      ...f,
      model: { features: ['gone'], mean: [0], scale: [1], weights: [3], calibration: { slope: 1, intercept: 0 } },
    }));
    const untrained = untrainedChoice(path);
    expect(untrained.model.features).toEqual(FEATURE_NAMES);
    expect(untrained.model.weights.every((w) => w === 0)).toBe(true);
    expect(untrained.limits).toEqual(defaultChoiceFile().limits);
  });

  it('writes a model that reads back the same, and refuses to write a broken one', async () => {
    const path = join(dir, 'written.json');
    await writeChoiceModel(defaultChoiceFile(), path);
    expect(loadChoiceFile(path)).toEqual(defaultChoiceFile());
    const broken = { ...defaultChoiceFile(), model: { ...defaultChoiceFile().model, weights: [1] } };
    await expect(writeChoiceModel(broken, join(dir, 'broken.json'))).rejects.toThrow(/model\.weights must list/);
    expect(() => readFileSync(join(dir, 'broken.json'))).toThrow();
  });
});
