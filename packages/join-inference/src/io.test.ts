import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOINS_FORMAT_VERSION, JoinsFileError, loadJoins, parseJoins, saveJoins, serializeJoins } from './io.js';
import type { JoinEdge, KeyCandidate } from './types.js';

const declared: JoinEdge = {
  id: 'orders(customer_id)->customer(id)',
  fromTable: 'orders',
  fromColumns: ['customer_id'],
  toTable: 'customer',
  toColumns: ['id'],
  origin: 'declared',
  confidence: 1,
  evidence: ['declared FOREIGN KEY'],
};
const inferred: JoinEdge = {
  id: 'line(order_id,n)->orders(id,n)',
  fromTable: 'line',
  fromColumns: ['order_id', 'n'],
  toTable: 'orders',
  toColumns: ['id', 'n'],
  origin: 'inferred',
  confidence: 0.8125,
  evidence: ['names match', 'values included'],
  role: 'winner',
};
const keys: KeyCandidate[] = [
  { table: 'orders', columns: ['id'], score: 1, origin: 'declared', evidence: ['declared PRIMARY KEY'] },
  { table: 'line', columns: ['order_id', 'n'], score: 0.7, origin: 'inferred', evidence: ['unique in the sample'] },
];
const stats = { tables: 3, columns: 7, candidatePairs: 12, afterPruning: 4, accepted: 1, adjudicated: 0, ms: 3.5 };

const dir = await mkdtemp(join(tmpdir(), 'joins-io-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('serializeJoins', () => {
  it('is deterministic: edges sorted by id, fields in a fixed order, whatever the input order', () => {
    const a = serializeJoins({ database: 'shop', edges: [declared, inferred], keys, stats });
    const shuffled = { ...inferred, evidence: [...inferred.evidence] };
    const b = serializeJoins({ stats, keys, edges: [shuffled, declared], database: 'shop' });
    expect(b).toBe(a);
    const doc = JSON.parse(a) as { formatVersion: number; edges: JoinEdge[] };
    expect(Object.keys(doc)).toEqual(['formatVersion', 'database', 'stats', 'edges', 'keys']);
    expect(doc.formatVersion).toBe(JOINS_FORMAT_VERSION);
    expect(doc.edges.map((e) => e.id)).toEqual([inferred.id, declared.id]);
    expect(a).toContain('\n  "edges": [\n'); // pretty, two-space indented
    expect(a.endsWith('}\n')).toBe(true);
  });

  it('leaves the time out of the stats, so that rerunning inference gives the same file', () => {
    const a = serializeJoins({ database: 'shop', edges: [declared], keys, stats });
    expect(serializeJoins({ database: 'shop', edges: [declared], keys, stats: { ...stats, ms: 99 } })).toBe(a);
    const { ms: _ms, ...counts } = stats;
    expect((JSON.parse(a) as { stats: object }).stats).toEqual(counts);
  });

  it('leaves stats out when there are none', () => {
    expect(Object.keys(JSON.parse(serializeJoins({ database: 'shop', edges: [], keys: [] })) as object)).toEqual([
      'formatVersion',
      'database',
      'edges',
      'keys',
    ]);
  });
});

describe('parseJoins', () => {
  const text = serializeJoins({ database: 'shop', edges: [declared, inferred], keys, stats });
  const doc = () => JSON.parse(text) as Record<string, unknown> & { edges: Record<string, unknown>[]; keys: Record<string, unknown>[] };
  const parse = (value: unknown) => () => parseJoins(JSON.stringify(value), 'j.json');

  it('round-trips what serializeJoins writes', () => {
    const parsed = parseJoins(text, 'j.json');
    const { ms: _ms, ...counts } = stats;
    expect(parsed).toEqual({ formatVersion: 1, database: 'shop', edges: [inferred, declared], keys, stats: counts });
    expect(serializeJoins(parsed)).toBe(text);
  });

  it('refuses a role that is not a name', () => {
    const bad = doc();
    bad.edges[0]!.role = 7;
    expect(parse(bad)).toThrow(/"role" must be a non-empty string, got 7/);
  });

  it('recomputes edge ids from the columns and accepts a file without keys or evidence', () => {
    const { keys: _keys, ...d } = doc();
    d.edges = [{ ...d.edges[1], id: 'stale', toTable: 'Client', evidence: undefined }];
    const parsed = parseJoins(JSON.stringify(d), 'j.json');
    expect(parsed.edges[0]).toMatchObject({ id: 'orders(customer_id)->Client(id)', evidence: [] });
    expect(parsed.keys).toEqual([]);
  });

  it('names the file and the problem in one line', () => {
    expect(() => parseJoins('{oops', 'j.json')).toThrow(new JoinsFileError('j.json is not a joins file: not valid JSON'));
    expect(parse([1])).toThrow('j.json is not a joins file: expected a JSON object');
    expect(parse({ edges: [] })).toThrow('j.json is not a joins file: no formatVersion');
    expect(parse({ ...doc(), formatVersion: 2 })).toThrow('j.json has joins format version 2; this version reads 1');
    expect(parse({ ...doc(), database: undefined })).toThrow('j.json: missing "database"');
    expect(parse({ ...doc(), edges: undefined })).toThrow('j.json: missing "edges"');
    expect(parse({ ...doc(), keys: {} })).toThrow('j.json: "keys" must be an array');
  });

  it('says which edge is bad and why', () => {
    const withEdge = (patch: Record<string, unknown>) => ({ ...doc(), edges: [doc().edges[0], { ...doc().edges[1], ...patch }] });
    const at = `j.json: edge 1 (${declared.id}): `;
    expect(parse(withEdge({ toTable: '' }))).toThrow(`${at}missing "toTable"`);
    expect(parse(withEdge({ fromColumns: [] }))).toThrow(`${at}"fromColumns" must be a non-empty array of column names`);
    expect(parse(withEdge({ toColumns: ['id', 'x'] }))).toThrow(`${at}1 fromColumns but 2 toColumns`);
    expect(parse(withEdge({ origin: 'guessed' }))).toThrow(`${at}"origin" must be "declared" or "inferred", got "guessed"`);
    expect(parse(withEdge({ confidence: 1.5 }))).toThrow(`${at}"confidence" must be a number in [0, 1], got 1.5`);
    expect(parse(withEdge({ evidence: 'x' }))).toThrow(`${at}"evidence" must be an array of strings`);
    expect(parse({ ...doc(), edges: ['x'] })).toThrow('j.json: edge 0: expected an object');
    expect(parse({ ...doc(), edges: [doc().edges[1], { ...doc().edges[1], fromTable: 'ORDERS' }] })).toThrow(
      'j.json: edge 1 (ORDERS(customer_id)->customer(id)): listed twice',
    );
  });

  it('says which key is bad and why', () => {
    expect(parse({ ...doc(), keys: [{ ...doc().keys[0], score: -1 }] })).toThrow(
      'j.json: key 0: orders: "score" must be a number in [0, 1], got -1',
    );
    expect(parse({ ...doc(), keys: [{ ...doc().keys[0], columns: 'id' }] })).toThrow('j.json: key 0: orders: "columns" must be');
  });
});

describe('saveJoins and loadJoins', () => {
  it('write atomically and read back the same document', async () => {
    const file = join(dir, 'joins.json');
    await saveJoins(file, { database: 'shop', edges: [declared], keys });
    expect(await readdir(dir)).toEqual(['joins.json']);
    const loaded = await loadJoins(file);
    expect(loaded.edges).toEqual([declared]);
    expect(await readFile(file, 'utf8')).toBe(serializeJoins(loaded));
  });

  it('name the file when it is missing, a directory or not a joins file', async () => {
    await expect(loadJoins(join(dir, 'nope.json'))).rejects.toThrow(`cannot read joins file ${join(dir, 'nope.json')}: no such file`);
    await expect(loadJoins(dir)).rejects.toThrow(`cannot read joins file ${dir}: is a directory`);
    await writeFile(join(dir, 'bad.json'), '[]');
    await expect(loadJoins(join(dir, 'bad.json'))).rejects.toThrow(`${join(dir, 'bad.json')} is not a joins file`);
  });
});
