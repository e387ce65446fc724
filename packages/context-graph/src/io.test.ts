import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphFileError, graphFromSchema, loadGraph, parseGraph, saveGraph, serializeGraph } from './index.js';
import { MAX_GRAPH_FILE_BYTES } from './io.js';
import { v1Text } from './test-support/v1.js';

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
    expect(await readFile(file, 'utf8')).toMatch(/^\{"formatVersion":2,/);
  });

  it('refuses another format version, naming the file and the versions it reads', async () => {
    const file = join(dir, 'old.json');
    await writeFile(file, JSON.stringify({ ...graph.toData(), formatVersion: 99 }));
    await expect(loadGraph(file)).rejects.toThrow(
      new RegExp(`${file.replace(/[.]/g, '\\.')} has graph format version 99; this version reads 1 and 2: rebuild it`),
    );
  });

  it('still loads a version 1 file, to the same data', async () => {
    const file = join(dir, 'v1.json');
    await writeFile(file, v1Text(graph));
    expect((await loadGraph(file)).toData()).toEqual(graph.toData());
  });

  it('gives one-line errors for missing, non-JSON and inconsistent files', async () => {
    await expect(loadGraph(join(dir, 'nope.json'))).rejects.toThrow(/cannot read graph file .*nope\.json: no such file/);
    await expect(loadGraph(join(dir, 'nope.json'))).rejects.toBeInstanceOf(GraphFileError);
    await expect(loadGraph(dir)).rejects.toThrow(`cannot read graph file ${dir}: is a directory`);
    expect(() => parseGraph('{oops', 'x.json')).toThrow(GraphFileError);
    expect(() => parseGraph('{oops', 'x.json')).toThrow('x.json is not a context graph: not valid JSON');
    // Where JSON.parse stopped, as a line and column; a file cut short says so.
    expect(() => parseGraph('{"formatVersion":2,\n"database":"x",,\n}', 'c.json')).toThrow(
      /^c\.json is not a context graph: not valid JSON \(expected double-quoted property name at line 2, column 16\)$/,
    );
    expect(() => parseGraph('{"formatVersion":2,"tables":[', 'cut.json')).toThrow(
      'cut.json is not a context graph: not valid JSON (it ends early',
    );
    const broken = { ...graph.toData(), formatVersion: 1, edges: [{ ...graph.edges[0]!, toColumns: ['ghost'] }] };
    expect(() => parseGraph(JSON.stringify(broken), 'b.json')).toThrow(
      'b.json is inconsistent: join edge orders(customer_id)->customer(id) names a missing column: customer.ghost',
    );
  });

  it('checks the whole of a version 1 file and names the JSON path of the first wrong thing, in one line', () => {
    const data = JSON.parse(v1Text(graph)) as Record<string, unknown>;
    const wrong = (mutate: (d: Record<string, unknown>) => void) => {
      const d = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
      mutate(d);
      return () => parseGraph(JSON.stringify(d), 'g.json');
    };
    const tables = (d: Record<string, unknown>) => d.tables as Record<string, unknown>[];
    const edges = (d: Record<string, unknown>) => d.edges as Record<string, unknown>[];
    expect(wrong((d) => (tables(d)[1] = null as never))).toThrow(/^g\.json is not a context graph: tables\[1\]: /);
    expect(wrong((d) => (tables(d)[0]!.columns = 'id'))).toThrow(/^g\.json is not a context graph: tables\[0\]\.columns: /);
    expect(wrong((d) => (tables(d)[0]!.name = 7))).toThrow(/tables\[0\]\.name: /);
    expect(wrong((d) => (edges(d)[0]!.fromColumns = ['customer_id', 'id']))).toThrow(
      /edges\[0\]\.toColumns: fromcolumns and tocolumns must pair up/,
    );
    const noColumns = (d: Record<string, unknown>) => {
      edges(d)[0]!.fromColumns = [];
      edges(d)[0]!.toColumns = [];
    };
    expect(wrong(noColumns)).toThrow(/edges\[0\]\.fromColumns: /);
    expect(
      wrong((d) => ((tables(d)[1]!.columns as Record<string, unknown>[])[1]!.sample = [{ value: { deep: [[[[1]]]] }, count: 1 }])),
    ).toThrow(/tables\[1\]\.columns\[1\]\.sample\[0\]\.value: /);
    const deep = `{"formatVersion":1,"database":"x","tables":[${'['.repeat(100_000)}${']'.repeat(100_000)}],"edges":[]}`;
    expect(() => parseGraph(deep, 'deep.json')).toThrow(/^deep\.json is not a context graph: /);
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parseGraph(`\ufeff${serializeGraph(graph)}`, 'bom.json').tables).toHaveLength(2);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const file = join(dir, 'huge.json');
    await writeFile(file, '');
    const { truncate } = await import('node:fs/promises');
    await truncate(file, MAX_GRAPH_FILE_BYTES + 1);
    await expect(loadGraph(file)).rejects.toThrow(/huge\.json is 128 MB; graph files over 128 MB are refused/);
    await expect(loadGraph(file)).rejects.toBeInstanceOf(GraphFileError);
  });
});
