import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli } from './test-support/cli.js';

const run = promisify(execFile);
const QUESTION = 'Which Indian suppliers are shipping the most to China?';

/** A local server speaking Ollama's /api/chat; it answers with a table the graph does not have. */
let server: Server;
let url = '';
const requests: { model: string; format: unknown; messages: { role: string; content: string }[] }[] = [];
const root = mkdtempSync(join(tmpdir(), 'guided-llm-'));

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

beforeAll(async () => {
  requireBuiltCli();
  server = createServer(async (req, res) => {
    const request = JSON.parse(await body(req));
    requests.push(request);
    const answer = { source: 'SHIPMENTS', targets: ['SHIPMENTS'], paths: [], reason: 'made up' };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        model: request.model,
        created_at: new Date(0).toISOString(),
        message: { role: 'assistant', content: JSON.stringify(answer) },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 900,
        eval_count: 20,
        total_duration: 1,
        load_duration: 1,
        eval_duration: 1,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('guided demo --llm', () => {
  it('asks the model, rejects what the graph does not offer and keeps the heuristic answer', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'demo', '--json', '--llm', `ollama:qwen2.5:7b@${url}`, QUESTION], {
      env: { ...process.env, GUIDED_CACHE_DIR: join(root, 'cache') },
    });
    const result = JSON.parse(stdout);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0]!.model).toBe('qwen2.5:7b');
    expect(requests[0]!.format).toMatchObject({ type: 'object' });
    expect(requests[0]!.messages.map((m) => m.content).join('\n')).toContain(QUESTION);
    expect(result.trace.disambiguation.by).toBe('llm:ollama:qwen2.5:7b');
    expect(result.trace.disambiguation.notes.map((n: { reason: string }) => n.reason).join('\n')).toMatch(
      /SHIPMENTS.*kept heuristic choice/,
    );
    expect(result.joinTree.nodes.map((n: { table: string }) => n.table)).toEqual([
      'LINEITEM',
      'SUPPLIER',
      'NATION',
      'ORDERS',
      'CUSTOMER',
      'NATION',
    ]);
  });

  it('names a bad model spec in one line', async () => {
    await expect(
      run(process.execPath, [CLI, 'retrieve', '--llm', 'bogus:x', QUESTION], {
        env: { ...process.env, GUIDED_CACHE_DIR: join(root, 'cache') },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^guided: error: --llm: bad model spec "bogus:x"/) });
  });
});

describe('guided --embedder', () => {
  it('takes the offline embedder by spec, with its dimensions', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'demo', '--json', '--embedder', 'offline:256', QUESTION], {
      env: { ...process.env, GUIDED_CACHE_DIR: join(root, 'cache') },
    });
    expect(JSON.parse(stdout).joinTree.nodes.map((n: { table: string }) => n.table)).toContain('SUPPLIER');
  });

  it('names a bad embedder spec in one line', async () => {
    await expect(
      run(process.execPath, [CLI, 'retrieve', '--embedder', 'offline:big', QUESTION], {
        env: { ...process.env, GUIDED_CACHE_DIR: join(root, 'cache') },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^guided: error: --embedder: bad model spec "offline:big"/) });
  });
});
