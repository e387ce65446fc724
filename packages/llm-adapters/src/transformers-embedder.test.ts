import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedder, ModelError, TransformersEmbedder } from './index.js';

const root = mkdtempSync(join(tmpdir(), 'tfjs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('TransformersEmbedder', () => {
  it('names the folder when the model is missing, before loading the library', async () => {
    const folder = join(root, 'all-MiniLM-L6-v2');
    let loaded = false;
    const embedder = new TransformersEmbedder(folder, {
      load: async () => {
        loaded = true;
        return {};
      },
    });
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
    const error = (await new TransformersEmbedder(folder, { load: () => import('@huggingface/not-installed' as string) })
      .embed(['x'])
      .catch((e: unknown) => e)) as ModelError;
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
    expect((await embedder.embed(['ab', 'c'])).map((v) => [...v])).toEqual([
      [2, 0.5],
      [1, 0.5],
    ]);
    expect(calls[0]).toEqual(['feature-extraction', 'mini', { allowRemoteModels: false, allowLocalModels: true, localModelPath: root }]);
    expect(calls[1]).toEqual({ pooling: 'mean', normalize: true });
    expect(embedder.dimensions).toBe(2);
    expect(embedder.id).toBe('transformers:mini');
  });
});

// The real library (a devDependency; installed with ONNXRUNTIME_NODE_INSTALL=skip). No weights can
// be fetched here, so these check the failure paths: they must be local and clear.
describe('TransformersEmbedder with the real @huggingface/transformers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names a missing folder without loading anything', async () => {
    const folder = join(root, 'not-there');
    const error = (await createEmbedder(`transformers:${folder}`)
      .embed(['x'])
      .catch((e: unknown) => e)) as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe('missing-model');
    expect(error.message).toContain(`transformers: no model in ${folder} (it needs config.json`);
  });

  it("maps the library's file-not-found error to a clear missing-model error naming the folder, and never goes remote", async () => {
    const transformers = await import('@huggingface/transformers');
    const folder = join(root, 'incomplete-model');
    mkdirSync(folder);
    writeFileSync(join(folder, 'config.json'), '{}'); // passes the adapter's own check; tokenizer and weights missing
    transformers.env.allowRemoteModels = true; // whatever the process set before, the adapter turns it off
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const embedder = createEmbedder(`transformers:${folder}`);
    expect(embedder.id).toBe('transformers:incomplete-model');
    const error = (await embedder.embed(['x']).catch((e: unknown) => e)) as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe('missing-model');
    expect(error.message).toBe(
      `transformers: no model in ${folder}: tokenizer.json is missing (it needs config.json, tokenizer.json and onnx/model.onnx); ` +
        'models are never downloaded: put an ONNX export of a sentence-embedding model there',
    );
    expect(String((error.cause as Error).message)).toContain('env.allowRemoteModels=false');
    expect(transformers.env.allowRemoteModels).toBe(false);
    expect(transformers.env.localModelPath).toBe(root);
    expect(fetchSpy).not.toHaveBeenCalled();
    // a second call tries again (nothing cached from the failure) and fails the same way
    expect(((await embedder.embed(['x']).catch((e: unknown) => e)) as ModelError).message).toBe(error.message);
  }, 180_000);
});
