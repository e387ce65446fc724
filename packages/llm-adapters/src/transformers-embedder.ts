import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Embedder } from './embedder.js';
import { ModelError } from './errors.js';
import { UsageCounter, type UsageSnapshot } from './usage.js';

export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

export interface TransformersEmbedderOptions {
  /** Pooling of token vectors into one (default `mean`). */
  pooling?: 'mean' | 'cls' | 'none';
  /** L2-normalise the vectors (default true). */
  normalize?: boolean;
  /** ONNX weights variant, e.g. `fp32`, `q8` (default: the library's). */
  dtype?: string;
  usage?: UsageCounter;
  /** How to load the library; tests inject one. Default: `import('@huggingface/transformers')`. */
  load?: () => Promise<unknown>;
}

interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(task: 'feature-extraction', model: string, options?: Record<string, unknown>): Promise<Extractor>;
}
type Extractor = (texts: string[], options: { pooling: string; normalize: boolean }) => Promise<{ tolist(): number[][] }>;

/**
 * Sentence embeddings from a local ONNX model folder through transformers.js
 * (`@huggingface/transformers`, an optional peer dependency loaded on first use). Remote models
 * are never fetched: `env.allowRemoteModels = false` always.
 */
export class TransformersEmbedder implements Embedder {
  readonly id: string;
  readonly folder: string;
  private dims = 0;
  private extractor: Promise<Extractor> | null = null;
  private readonly counter: UsageCounter;

  constructor(
    folder: string,
    private readonly options: TransformersEmbedderOptions = {},
  ) {
    this.folder = resolve(folder);
    this.id = `transformers:${basename(this.folder)}`;
    this.counter = options.usage ?? new UsageCounter();
  }

  get dimensions(): number {
    return this.dims;
  }

  usage(): UsageSnapshot {
    return this.counter.snapshot();
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    this.extractor ??= this.load().catch((e: unknown) => {
      this.extractor = null;
      throw e;
    });
    const extractor = await this.extractor;
    const started = performance.now();
    this.counter.calls++;
    try {
      const output = await extractor([...texts], { pooling: this.options.pooling ?? 'mean', normalize: this.options.normalize ?? true });
      const vectors = output.tolist().map((v) => Float32Array.from(v));
      this.dims = vectors[0]?.length ?? this.dims;
      return vectors;
    } catch (e) {
      this.counter.failures++;
      throw e;
    } finally {
      this.counter.ms += performance.now() - started;
    }
  }

  private async load(): Promise<Extractor> {
    if (!existsSync(join(this.folder, 'config.json'))) {
      throw new ModelError(
        'missing-model',
        `transformers: no model in ${this.folder} (it needs config.json, tokenizer.json and onnx/model.onnx); ` +
          'models are never downloaded: put an ONNX export of a sentence-embedding model there',
      );
    }
    let mod: TransformersModule;
    try {
      mod = (await (this.options.load ?? (() => import(TRANSFORMERS_PACKAGE as string)))()) as TransformersModule;
    } catch (e) {
      throw new ModelError(
        'missing-model',
        `transformers: the optional package ${TRANSFORMERS_PACKAGE} is not installed (ONNXRUNTIME_NODE_INSTALL=skip pnpm add ${TRANSFORMERS_PACKAGE})`,
        { cause: e },
      );
    }
    mod.env.allowRemoteModels = false;
    mod.env.allowLocalModels = true;
    mod.env.localModelPath = dirname(this.folder);
    try {
      return await mod.pipeline('feature-extraction', basename(this.folder), {
        local_files_only: true,
        ...(this.options.dtype ? { dtype: this.options.dtype } : {}),
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // transformers.js 3.x: "`local_files_only=true` or `env.allowRemoteModels=false` and file was not found locally at "<path>"."
      const missing = /file was not found locally at "([^"]+)"/.exec(message)?.[1];
      if (missing) {
        throw new ModelError(
          'missing-model',
          `transformers: no model in ${this.folder}: ${relativeTo(this.folder, missing)} is missing (it needs config.json, tokenizer.json and onnx/model.onnx); ` +
            'models are never downloaded: put an ONNX export of a sentence-embedding model there',
          { cause: e },
        );
      }
      throw new ModelError('missing-model', `transformers: cannot load the model in ${this.folder}: ${message}`, { cause: e });
    }
  }
}

/** `file` relative to `folder` when it is inside it, else as it is. */
function relativeTo(folder: string, file: string): string {
  const rel = relative(folder, resolve(file));
  return rel && !rel.startsWith('..') ? rel : file;
}
