import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModelError, TransformersEmbedder } from './index.js';

const root = mkdtempSync(join(tmpdir(), 'tfjs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('TransformersEmbedder', () => {
  it('names the folder when the model is missing, before loading the library', async () => {
    const folder = join(root, 'all-MiniLM-L6-v2');
    let loaded = false;
    const embedder = new TransformersEmbedder(folder, { load: async () => ((loaded = true), {}) });
    const error = (await embedder.embed(['x']).catch((e: unknown) => e)) as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe('missing-model');
    expect(error.message).toContain(`no model in ${folder}`);
    expect(error.message).toContain('never downloaded');
    expect(loaded).toBe(false);
  });

  it('says how to install the optional package when it is absent', async () => {
    const folder = join(root, 'present');
    mkdirSync(folder);
    writeFileSync(join(folder, 'config.json'), '{}');
    const error = (await new TransformersEmbedder(folder, { load: () => import('@huggingface/not-installed' as string) }).embed(['x']).catch((e: unknown) => e)) as ModelError;
    expect(error.kind).toBe('missing-model');
    expect(error.message).toContain('the optional package @huggingface/transformers is not installed');
  });

  it('loads lazily, forbids remote models, points at the folder and pools/normalises', async () => {
    const folder = join(root, 'mini');
    mkdirSync(folder);
    writeFileSync(join(folder, 'config.json'), '{}');
    const env = { allowRemoteModels: true, allowLocalModels: false, localModelPath: '' };
    const calls: unknown[] = [];
    const fake = {
      env,
      pipeline: async (task: string, model: string) => {
        calls.push([task, model, { ...env }]);
        return async (texts: string[], options: unknown) => {
          calls.push(options);
          return { tolist: () => texts.map((t) => [t.length, 0.5]) };
        };
      },
    };
    const embedder = new TransformersEmbedder(folder, { load: async () => fake });
    expect(calls).toEqual([]);
    expect((await embedder.embed(['ab', 'c'])).map((v) => [...v])).toEqual([[2, 0.5], [1, 0.5]]);
    expect(calls[0]).toEqual(['feature-extraction', 'mini', { allowRemoteModels: false, allowLocalModels: true, localModelPath: root }]);
    expect(calls[1]).toEqual({ pooling: 'mean', normalize: true });
    expect(embedder.dimensions).toBe(2);
    expect(embedder.id).toBe('transformers:mini');
  });
});
