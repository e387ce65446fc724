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
