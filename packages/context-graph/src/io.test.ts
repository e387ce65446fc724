import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphFileError, graphFromSchema, loadGraph, parseGraph, saveGraph, serializeGraph } from './index.js';

const graph = graphFromSchema({
  database: 'shop',
  tables: [
    { name: 'orders', columns: ['id', { name: 'customer_id', type: 'INTEGER', description: 'who ordered' }] },
    { name: 'customer', aliases: ['client'], columns: [{ name: 'id' }, { name: 'city', sample: ['Paris', 'Lyon'] }] },
  ],
  foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] }],
});

const dir = await mkdtemp(join(tmpdir(), 'graph-io-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('graph files', () => {
  it('round-trips through JSON byte for byte', async () => {
    const file = join(dir, 'g.json');
    await saveGraph(graph, file);
    const loaded = await loadGraph(file);
    expect(serializeGraph(loaded)).toBe(serializeGraph(graph));
    expect([...loaded.reachable('orders')]).toEqual(['customer']);
    expect(loaded.column('CUSTOMER', 'City')?.sample.map((s) => s.value)).toEqual(['Paris', 'Lyon']);
    expect(await readFile(file, 'utf8')).toContain('"formatVersion": 1');
  });

  it('refuses another format version, naming the file', async () => {
    const file = join(dir, 'old.json');
    await writeFile(file, JSON.stringify({ ...graph.toData(), formatVersion: 99 }));
    await expect(loadGraph(file)).rejects.toThrow(new RegExp(`${file.replace(/[.]/g, '\\.')} has graph format version 99`));
  });

  it('gives one-line errors for missing, non-JSON and inconsistent files', async () => {
    await expect(loadGraph(join(dir, 'nope.json'))).rejects.toThrow(/cannot read graph file .*nope\.json: no such file/);
    expect(() => parseGraph('{oops', 'x.json')).toThrow(GraphFileError);
    expect(() => parseGraph('{oops', 'x.json')).toThrow('x.json is not a context graph: not valid JSON');
    const broken = { ...graph.toData(), edges: [{ ...graph.edges[0]!, toColumns: ['ghost'] }] };
    expect(() => parseGraph(JSON.stringify(broken), 'b.json')).toThrow('b.json is inconsistent: join edge orders(customer_id)->customer(id) names a missing column: customer.ghost');
  });
});
