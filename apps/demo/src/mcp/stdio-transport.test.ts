/**
 * The stdio transport on real streams (pipes in memory, no stubs): a client that reads nothing
 * while answers pile up costs one `drain` listener, not one per answer, and no line is read
 * meanwhile; a line over the bound is answered once and skipped, the next one read.
 */
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LineTransport } from './stdio-transport.js';

function transport(maxLineBytes?: number) {
  const input = new PassThrough();
  // A pipe whose reader is slow: 64 bytes fill it.
  const output = new PassThrough({ highWaterMark: 64 });
  const lines = new LineTransport(input, output, maxLineBytes);
  const received: JSONRPCMessage[] = [];
  lines.onmessage = (m) => received.push(m);
  return { input, output, lines, received };
}

const written = (output: PassThrough) =>
  (output.read() as Buffer | null)
    ?.toString()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JSONRPCMessage) ?? [];

describe('LineTransport', () => {
  it('waits for one drain however many answers wait, reads no line meanwhile, and sends them all in order', async () => {
    const { input, output, lines } = transport();
    await lines.start();
    const sent = Array.from({ length: 200 }, (_, i) => lines.send({ jsonrpc: '2.0', id: i, result: { n: i } }));
    expect(output.listenerCount('drain')).toBe(1);
    expect(input.isPaused()).toBe(true);
    const answers: JSONRPCMessage[] = [];
    const reading = new Promise<void>((resolve) =>
      output.on('readable', () => {
        answers.push(...written(output));
        if (answers.length === 200) resolve();
      }),
    );
    await Promise.all(sent);
    await reading;
    expect(answers.map((a) => (a as { id: number }).id)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(input.isPaused()).toBe(false);
    expect(output.listenerCount('drain')).toBe(0);
  });

  it('answers a line over the bound once, skips the rest of it unread, and reads the next line', async () => {
    const { input, output, lines, received } = transport(1000);
    output.resume();
    const answers: JSONRPCMessage[] = [];
    output.removeAllListeners('data');
    output.on('data', (chunk: Buffer) =>
      answers.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ),
    );
    await lines.start();
    input.write('x'.repeat(700));
    input.write('x'.repeat(700)); // past the bound: answered now, before the line ends
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: a line longer than 1000 bytes is not read' } },
    ]);
    input.write(`${'x'.repeat(5000)}\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toHaveLength(1);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
  });
});
