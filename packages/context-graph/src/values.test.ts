import { type ColumnProfile, type DatabaseProfile, PROFILE_FORMAT_VERSION } from '@guided-retrieval/profiler';
import { buildValueFilter, readValueFilter } from '@guided-retrieval/profiler/values';
import { describe, expect, it } from 'vitest';
import { buildContextGraph, parseGraph, serializeGraph } from './index.js';
import { v1Text } from './test-support/v1.js';

const column = (name: string, extra: Partial<ColumnProfile> = {}): ColumnProfile => ({
  name,
  declaredType: 'TEXT',
  inferredType: 'text',
  rowCount: 3,
  count: 3,
  nulls: 0,
  distinct: 3,
  min: null,
  max: null,
  sample: [],
  ...extra,
});

const ARTISTS = ['AC/DC', 'Van Halen', 'Zorro Ark'];
const filter = buildValueFilter(ARTISTS)!.filter;
const profile: DatabaseProfile = {
  formatVersion: PROFILE_FORMAT_VERSION,
  engine: 'sqlite',
  database: 'music',
  tables: [
    {
      name: 'artist',
      rowCount: 3,
      primaryKey: [],
      foreignKeys: [],
      columns: [
        column('name', { values: { complete: true, distinct: 3, list: ARTISTS } }),
        column('secret', { values: { complete: true, distinct: 3, filter, hashed: true } }),
        column('plain'),
      ],
    },
  ],
};

describe('column values in the graph', () => {
  const graph = buildContextGraph(profile, []);

  it('carries a list or a filter from the profile, and nothing for a column without', () => {
    expect(graph.column('artist', 'name')?.values).toEqual({ complete: true, distinct: 3, list: ARTISTS });
    expect(graph.column('artist', 'secret')?.values).toEqual({ complete: true, distinct: 3, filter, hashed: true });
    expect(graph.column('artist', 'plain')).not.toHaveProperty('values');
  });

  it('round-trips through the file, the filter still answering', () => {
    const text = serializeGraph(graph);
    expect(text).toContain('"values":[{"complete":true,"distinct":3,"list":["AC/DC","Van Halen","Zorro Ark"]},');
    const loaded = parseGraph(text, 'music.json');
    expect(serializeGraph(loaded)).toBe(text);
    expect(loaded.toData()).toEqual(graph.toData());
    const reader = readValueFilter(loaded.column('artist', 'secret')!.values!.filter!)!;
    expect(reader.has('zorro ark', 2)).toBe(true);
    expect(reader.has('academy dinosaur', 2)).toBe(false);
  });

  it('loads a graph written before values existed, and refuses a malformed value structure by its path', () => {
    const data = JSON.parse(v1Text(graph)) as { tables: { columns: Record<string, unknown>[] }[] };
    for (const c of data.tables[0]!.columns) delete c.values;
    expect(parseGraph(JSON.stringify(data), 'old.json').column('artist', 'name')?.values).toBeUndefined();
    data.tables[0]!.columns[0]!.values = { complete: true, distinct: 1, list: [1] };
    expect(() => parseGraph(JSON.stringify(data), 'bad.json')).toThrow(
      /^bad\.json is not a context graph: tables\[0\]\.columns\[0\]\.values\.list\[0\]: /,
    );
    data.tables[0]!.columns[0]!.values = { complete: true, distinct: 1, filter: { ...filter, bits: -1 } };
    expect(() => parseGraph(JSON.stringify(data), 'bad.json')).toThrow(/values\.filter\.bits: /);
  });

  it('refuses a malformed value structure in a version 2 file by its path', () => {
    const v2 = JSON.parse(serializeGraph(graph)) as { tables: { columns: { values: unknown[] } }[] };
    const values = v2.tables[0]!.columns.values;
    values[0] = { complete: true, distinct: 1, list: [1] };
    expect(() => parseGraph(JSON.stringify(v2), 'bad.json')).toThrow(
      'bad.json is not a context graph: tables[0].columns.values[0].list[0]: expected a string',
    );
    values[0] = { complete: true, distinct: 1, filter: { ...filter, hashes: 65 } };
    expect(() => parseGraph(JSON.stringify(v2), 'bad.json')).toThrow(
      'tables[0].columns.values[0].filter.hashes: expected a whole number from 1 to 64',
    );
    values[0] = 'AC/DC';
    expect(() => parseGraph(JSON.stringify(v2), 'bad.json')).toThrow(/tables\[0\]\.columns\.values\[0\]: expected an object/);
  });

  it('refuses a filter whose data is not base64 or does not hold the bits it declares (it would change matches silently)', () => {
    const v2 = JSON.parse(serializeGraph(graph)) as { tables: { columns: { values: unknown[] } }[] };
    const values = v2.tables[0]!.columns.values;
    const bytes = filter.bits / 8;
    const cases: [Record<string, unknown>, string][] = [
      [{ data: `${filter.data.slice(0, -4)}!!!!` }, 'filter.data: expected base64 (A–Z, a–z, 0–9, + and /, padded with =)'],
      [{ data: filter.data.slice(4) }, `filter.bits: declares ${filter.bits} bits (${bytes} bytes), but its data holds ${bytes - 3} bytes`],
      [{ bits: 1e12 }, `filter.bits: declares 1000000000000 bits (125000000000 bytes), but its data holds ${bytes} bytes`],
    ];
    for (const [change, problem] of cases) {
      values[0] = { complete: true, distinct: 1, filter: { ...filter, ...change } };
      expect(() => parseGraph(JSON.stringify(v2), 'bad.json')).toThrow(
        `bad.json is not a context graph: tables[0].columns.values[0].${problem}`,
      );
    }
    // The same in a version 1 file.
    const v1 = JSON.parse(v1Text(graph)) as { tables: { columns: Record<string, unknown>[] }[] };
    v1.tables[0]!.columns[0]!.values = { complete: true, distinct: 1, filter: { ...filter, bits: 1e12 } };
    expect(() => parseGraph(JSON.stringify(v1), 'bad.json')).toThrow(
      /^bad\.json is not a context graph: tables\[0\]\.columns\[0\]\.values\.filter\.bits: declares 1000000000000 bits/,
    );
  });

  it('refuses a primary key naming a column the table does not have, by its path', () => {
    const v2 = JSON.parse(serializeGraph(graph)) as { tables: { primaryKey?: string[] }[] };
    v2.tables[0]!.primaryKey = ['NoSuchColumn'];
    expect(() => parseGraph(JSON.stringify(v2), 'bad.json')).toThrow(
      'bad.json is inconsistent: tables[0].primaryKey[0]: table artist has no column "NoSuchColumn"',
    );
    const v1 = JSON.parse(v1Text(graph)) as { tables: { primaryKey: string[] }[] };
    v1.tables[0]!.primaryKey = ['NoSuchColumn'];
    expect(() => parseGraph(JSON.stringify(v1), 'bad.json')).toThrow('tables[0].primaryKey[0]: table artist has no column "NoSuchColumn"');
  });

  it('keeps a value that looks like a marker or a reference as it is', () => {
    const odd = buildContextGraph(
      {
        ...profile,
        tables: [
          {
            ...profile.tables[0]!,
            columns: [
              column('name', { sample: [{ value: 'list-0', count: 1 }], values: { complete: true, distinct: 1, list: ['list-0'] } }),
            ],
          },
        ],
      },
      [],
    );
    expect(parseGraph(serializeGraph(odd)).toData()).toEqual(odd.toData());
  });
});
