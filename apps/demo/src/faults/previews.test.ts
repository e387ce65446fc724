/**
 * Fault: 32 previews asked at once of `guided serve --database`. Every request is answered 200;
 * every preview either ran (rows) or was declined because the server is busy, said plainly — none
 * reports a preview process that "stopped" after answering (a preview settles once the child's
 * last message is read). The next request's preview runs, and SIGTERM stops the server cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY } from '../../dist/server/preview.js';
import { requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, type Running, start } from '../test-support/faults.js';

const box = sandbox('fault-previews');
let server: Running;
let base: string;

beforeAll(async () => {
  requireBuiltCli();
  chinook(box);
  server = start(box, ['serve', '--database', 'Chinook.sqlite', '--port', '0']);
  base = await new Promise<string>((resolve, fail) => {
    server.child.stderr?.on('data', () => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(server.stderr())?.[0];
      if (url) resolve(url);
    });
    void server.ended.then((end) => fail(new Error(`guided serve ended before serving: ${end.stderr}`)));
  });
});
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  box.remove();
});

const QUESTIONS = [
  'Which artists have the most albums?',
  'How many tracks are in each genre?',
  'Which customers spent the most?',
  'List the employees and their managers',
];

const ask = async (question: string) => {
  const response = await fetch(`${base}/api/retrieve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return { status: response.status, body: (await response.json()) as { preview?: { ok: boolean; error?: string } } };
};

describe('32 previews at once', () => {
  it('are each run or declined as busy, every request answered 200, and the next preview runs', async () => {
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => ask(QUESTIONS[i % QUESTIONS.length]!)));
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(200));
    const previews = answers.map((a) => a.body.preview);
    const failed = previews.filter((p) => p && !p.ok && p.error !== BUSY);
    expect(failed).toEqual([]);
    expect(previews.filter((p) => p?.ok).length).toBeGreaterThan(0);

    const next = await ask(QUESTIONS[0]!);
    expect(next.body.preview).toMatchObject({ ok: true });
    server.child.kill('SIGTERM');
    expect(await server.ended).toMatchObject({ code: 0, signal: null });
  });
});
