/**
 * Fault: `guided retrieve` killed (SIGKILL: nothing can clean up) while it first derives the word
 * vectors, leaving their lock behind with a dead PID. The next run takes the lock over at once —
 * no "waiting for another process" — derives the vectors, answers, and removes the lock.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, listing, start } from '../test-support/faults.js';

const box = sandbox('fault-dead-lock');
let graph: string;
/** A word-vector folder of this test's own: the vectors are derived here, not read from the shared one. */
const vectors = join(box.root, 'word-vectors');

beforeAll(async () => {
  requireBuiltCli();
  chinook(box);
  mkdirSync(vectors);
  const built = await start(box, ['build', 'Chinook.sqlite', '-o', 'chinook.graph.json']).ended;
  expect(built.code, built.stderr).toBe(0);
  graph = join(box.work, 'chinook.graph.json');
});
afterAll(() => box.remove());

const QUESTION = 'Which artists have the most albums?';

describe('a word-vector lock left by a killed process', () => {
  it('is taken over at once by the next run, which derives the vectors, answers and removes the lock', async () => {
    const env = { GUIDED_WORD_VECTORS_DIR: vectors };
    const first = start(box, ['retrieve', '--graph', graph, QUESTION], { env });
    // Killed as soon as it says it derives (an event in its output, not a duration).
    await new Promise<void>((resolve, fail) => {
      first.child.stderr?.on('data', () => {
        if (first.stderr().includes('word vectors: deriving')) resolve();
      });
      void first.ended.then((end) => fail(new Error(`ended before deriving: ${end.stderr}`)));
    });
    first.child.kill('SIGKILL');
    expect((await first.ended).signal).toBe('SIGKILL');
    const lock = listing(vectors).find((f) => f.endsWith('.lock'));
    expect(lock, 'the killed process leaves its lock').toBeDefined();
    expect(JSON.parse(readFileSync(join(vectors, lock!), 'utf8'))).toMatchObject({ pid: first.child.pid });

    const next = await start(box, ['retrieve', '--graph', graph, QUESTION], { env }).ended;
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).not.toMatch(/waiting for another process/);
    expect(next.stderr).toMatch(/word vectors: deriving/);
    expect(next.stdout).toMatch(/Artist/);
    expect(existsSync(join(vectors, lock!))).toBe(false);
    expect(listing(vectors).filter((f) => !f.endsWith('.bin'))).toEqual([]);
  });
});
