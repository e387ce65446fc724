import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ChatModel, type ChatRequest, type ChatResponse, OllamaChatModel } from '@guided-retrieval/llm-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicationPrompt, createJoinAdjudicator } from './adjudicate.js';
import { defaultJoinParams } from './params.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';
import type { JoinEdge } from './types.js';

const profile = databaseFromTables('shop', [
  tableFromColumns('orders', { order_id: [1, 2, 3], ShipVia: [1, 2, 1], quantity: [3, 1, 2] }),
  tableFromColumns('shippers', { ShipperID: [1, 2, 3] }),
]);
const edge = (from: string): JoinEdge => ({
  id: `orders(${from})->shippers(ShipperID)`,
  fromTable: 'orders',
  fromColumns: [from],
  toTable: 'shippers',
  toColumns: ['ShipperID'],
  origin: 'inferred',
  confidence: 0.5,
  evidence: ['100% of 2 values found'],
});
const candidates = [edge('ShipVia'), edge('quantity')];

class ScriptedModel implements ChatModel {
  readonly id = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(private readonly answer: (request: ChatRequest) => unknown) {}
  async complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const json = this.answer(request);
    if (json instanceof Error) throw json;
    return { content: JSON.stringify(json), json, model: 'scripted', latencyMs: 0 };
  }
}

describe('createJoinAdjudicator', () => {
  it('shows numbered candidates with names, samples and evidence', () => {
    const prompt = adjudicationPrompt(candidates, profile, defaultJoinParams().adjudicationSampleValues);
    expect(prompt).toContain('1. orders.ShipVia (INTEGER; 2 distinct of 3 rows; e.g. 1, 2)');
    expect(prompt).toContain('   references shippers.ShipperID');
    expect(prompt).toContain('2. orders.quantity');
    expect(prompt).toContain('evidence: 100% of 2 values found');
    expect(adjudicationPrompt(candidates, profile, 1)).toContain('1. orders.ShipVia (INTEGER; 2 distinct of 3 rows; e.g. 1)');
  });

  it('maps verdicts back to the candidates by number, in batches', async () => {
    const model = new ScriptedModel(() => ({ verdicts: [{ candidate: 1, holds: true, reason: 'ship via a shipper' }] }));
    const verdicts = await createJoinAdjudicator(model, { batchSize: 1 }).judge(candidates, profile);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.schemaName).toBe('join_adjudication_v1');
    expect([...verdicts]).toEqual([
      ['orders(ShipVia)->shippers(ShipperID)', true],
      ['orders(quantity)->shippers(ShipperID)', true],
    ]);
  });

  it('ignores verdicts about candidates it was not shown, and survives a failing model', async () => {
    const notes: string[] = [];
    const invented = new ScriptedModel(() => ({
      verdicts: [
        { candidate: 7, holds: true },
        { candidate: 2, holds: false },
      ],
    }));
    const verdicts = await createJoinAdjudicator(invented, { onNote: (n) => notes.push(n) }).judge(candidates, profile);
    expect([...verdicts]).toEqual([['orders(quantity)->shippers(ShipperID)', false]]);
    expect(notes).toEqual(['scripted gave a verdict for a candidate it was not shown: ignored']);

    const failing = new ScriptedModel(() => new Error('server down'));
    const none = await createJoinAdjudicator(failing, { onNote: (n) => notes.push(n) }).judge(candidates, profile);
    expect(none.size).toBe(0);
    expect(notes.at(-1)).toBe('scripted failed on candidates 1–2: server down');
  });
});

describe('createJoinAdjudicator through the Ollama adapter', () => {
  let server: Server;
  let url: string;
  const bodies: { model: string; format: { required: string[] }; messages: { role: string; content: string }[] }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        bodies.push(JSON.parse(raw) as (typeof bodies)[number]);
        const content = JSON.stringify({
          verdicts: [
            { candidate: 1, holds: true, reason: 'ShipVia names the shipper' },
            { candidate: 2, holds: false, reason: 'a quantity' },
          ],
        });
        res.writeHead(req.url === '/api/chat' ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            model: 'qwen2.5:7b',
            created_at: '2025-01-01T00:00:00Z',
            message: { role: 'assistant', content },
            done_reason: 'stop',
            done: true,
            prompt_eval_count: 300,
            eval_count: 30,
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the schema-constrained request and reads the verdicts', async () => {
    const model = new OllamaChatModel('qwen2.5:7b', url, { backoffMs: 5 });
    const verdicts = await createJoinAdjudicator(model).judge(candidates, profile);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.model).toBe('qwen2.5:7b');
    expect(bodies[0]!.format.required).toEqual(['verdicts']);
    expect(bodies[0]!.messages[1]!.content).toContain('1. orders.ShipVia');
    expect([...verdicts]).toEqual([
      ['orders(ShipVia)->shippers(ShipperID)', true],
      ['orders(quantity)->shippers(ShipperID)', false],
    ]);
    expect(model.usage()).toMatchObject({ calls: 1, promptTokens: 300, completionTokens: 30 });
  });
});
