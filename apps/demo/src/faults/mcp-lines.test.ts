/**
 * Fault: malformed lines sent to `guided mcp` over stdio. Each of 11 bad lines (not JSON, control
 * characters, a 5 MB line with no end, no JSON-RPC 2.0 object, bad params, an unknown method) gets
 * one JSON-RPC error of one line, with the request's id where it has a usable one; a malformed
 * notification gets none. The server answers after them, answers 200 pipelined calls exactly once
 * each with no listener warning on stderr, and exits 0 when stdin ends.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, start } from '../test-support/faults.js';
import { sandboxEnv } from '../test-support/mcp.js';

const box = sandbox('fault-mcp-lines');
let graph: string;

beforeAll(async () => {
  requireBuiltCli();
  chinook(box);
  const built = await start(box, ['build', 'Chinook.sqlite', '-o', 'chinook.graph.json']).ended;
  expect(built.code, built.stderr).toBe(0);
  graph = 'chinook.graph.json';
});
afterAll(() => box.remove());

interface Message {
  jsonrpc: string;
  id?: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

/** The server's stdout as messages, taken one at a time as they come. */
function reader(child: ChildProcessWithoutNullStreams): { next(): Promise<Message>; count(): number } {
  const messages: Message[] = [];
  const waiting: ((m: Message) => void)[] = [];
  let buffer = '';
  let taken = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as Message;
      buffer = buffer.slice(end + 1);
      const wake = waiting.shift();
      if (wake) wake(message);
      else messages.push(message);
      end = buffer.indexOf('\n');
    }
  });
  return {
    next: () => {
      taken += 1;
      const ready = messages.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    count: () => taken + messages.length,
  };
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

/** [what, the bytes sent, the code and id of the one answer]. */
const BAD_LINES: [string, string, number, string | number | null][] = [
  ['not JSON', '{bad json\n', -32700, null],
  ['an empty batch', '[]\n', -32600, null],
  ['an object with no method', '{"jsonrpc":"2.0"}\n', -32600, null],
  ['a bare string', '"tools/list"\n', -32600, null],
  ['control characters', '\u0001\u0002\u0003\u0007\n', -32700, null],
  ['JSON-RPC 1.0 with an id', line({ jsonrpc: '1.0', id: 7, method: 'tools/list' }), -32600, 7],
  ['tools/call without params', line({ jsonrpc: '2.0', id: 8, method: 'tools/call' }), -32602, 8],
  [
    'tools/call with arguments not an object',
    line({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'list_tables', arguments: 'x' } }),
    -32602,
    9,
  ],
  ['an id that is an object', line({ jsonrpc: '2.0', id: { n: 1 }, method: 'tools/list' }), -32600, null],
  ['an unknown method', line({ jsonrpc: '2.0', id: 11, method: 'no/such/method' }), -32601, 11],
];

describe('guided mcp over stdio, sent malformed lines', () => {
  it('answers each of 11 bad lines with one one-line JSON-RPC error, then 200 pipelined calls once each, with no warning', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--graph', graph], {
      cwd: box.work,
      env: sandboxEnv(box),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const messages = reader(child);
    child.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'faults', version: '0' } },
      }),
    );
    expect((await messages.next()).id).toBe(1);
    child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));

    const answers: [string, Message][] = [];
    for (const [what, bytes] of BAD_LINES) {
      child.stdin.write(bytes);
      answers.push([what, await messages.next()]);
    }
    // A 5 MB line with no end yet: answered once the bound is passed, the rest skipped unread.
    child.stdin.write('x'.repeat(5 * 1024 * 1024));
    answers.push(['a 5 MB unterminated line', await messages.next()]);
    child.stdin.write('yyy\n');
    // A malformed notification: no answer (the next answer is the ping's).
    child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: 5 }));
    child.stdin.write(line({ jsonrpc: '2.0', id: 'after', method: 'ping' }));
    expect(await messages.next()).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });

    expect(answers).toHaveLength(11);
    const expected = [...BAD_LINES.map(([what, , code, id]) => [what, code, id]), ['a 5 MB unterminated line', -32700, null]];
    expect(answers.map(([what, m]) => [what, m.error?.code, m.id])).toEqual(expected);
    for (const [what, m] of answers) {
      expect(m.jsonrpc, what).toBe('2.0');
      expect(m.error?.message, what).toMatch(/^[^\n]+$/);
    }
    expect(answers.find(([what]) => what === 'tools/call without params')?.[1].error?.message).toBe(
      'invalid params for tools/call: params: expected object, received undefined',
    );

    // 200 calls pipelined, read only once they are all sent.
    child.stdout.pause();
    for (let id = 1000; id < 1200; id++)
      child.stdin.write(line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_tables', arguments: {} } }));
    await new Promise<void>((resolve) => child.stdin.write('', () => resolve()));
    child.stdout.resume();
    const ids: unknown[] = [];
    for (let i = 0; i < 200; i++) ids.push((await messages.next()).id);
    expect(ids.sort()).toEqual(Array.from({ length: 200 }, (_, i) => 1000 + i).sort());

    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/MaxListenersExceededWarning|Warning:/);
    expect(messages.count()).toBe(1 + 11 + 1 + 200);
  });
});
