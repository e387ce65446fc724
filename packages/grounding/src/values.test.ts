import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildContextGraph, type ContextGraph, type JoinEdge, parseGraph, serializeGraph } from '@guided-retrieval/context-graph';
import { type DatabaseProfile, type ProfileOptions, profileSqlite } from '@guided-retrieval/profiler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInvertedIndex } from './build-index.js';
import { defaultGroundingParams, GroundingIndex } from './index.js';
import { lookupKey } from './inverted-index.js';
import type { GroundingMatch } from './types.js';

/** Real databases cut down (`test-support/sample-dbs/README.md`), unpacked for the run. */
const dir = mkdtempSync(join(tmpdir(), 'grounding-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function unpack(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, gunzipSync(readFileSync(new URL(`./test-support/sample-dbs/${name}.gz`, import.meta.url))));
  return path;
}

/** The profile's declared foreign keys as join edges (what `guided build` does without join inference). */
function declaredEdges(profile: DatabaseProfile): JoinEdge[] {
  return profile.tables.flatMap((t) =>
    t.foreignKeys.map((fk) => ({
      id: `${t.name}(${fk.columns.join(',')})->${fk.referencedTable}(${fk.referencedColumns.join(',')})`,
      fromTable: t.name,
      fromColumns: fk.columns,
      toTable: fk.referencedTable,
      toColumns: fk.referencedColumns,
      origin: 'declared' as const,
      confidence: 1,
      evidence: ['declared FOREIGN KEY'],
    })),
  );
}

/** Profile → graph file → loaded graph → grounding index, as `guided build` then `guided retrieve` do. */
async function indexFor(path: string, options: ProfileOptions = {}): Promise<{ graph: ContextGraph; text: string; index: GroundingIndex }> {
  const profile = await profileSqlite(path, options);
  const text = serializeGraph(buildContextGraph(profile, declaredEdges(profile)));
  const graph = parseGraph(text);
  return { graph, text, index: await GroundingIndex.build(graph) };
}

const valueMatch = (matches: readonly GroundingMatch[], table: string, column: string) =>
  matches.find((m) => m.kind === 'value' && m.table === table && m.column === column);

let sakila: string;
let chinook: string;
let countries: string;
beforeAll(() => {
  sakila = unpack('sakila-mini.sqlite');
  chinook = unpack('chinook-mini.sqlite');
  countries = unpack('iso-3166.sqlite');
});

describe('values beyond the 50 sampled ones ground (Sakila)', () => {
  const ZORRO = 'Which actors appeared in ZORRO ARK?';

  it('without values, only titles sampled (A–C) ground: ACADEMY DINOSAUR does, ZORRO ARK does not', async () => {
    const { index } = await indexFor(sakila, { valueListMax: 0 });
    expect(valueMatch((await index.ground('Which actors appeared in ACADEMY DINOSAUR?')).matches, 'film', 'title')).toBeDefined();
    expect(valueMatch((await index.ground(ZORRO)).matches, 'film', 'title')).toBeUndefined();
  });

  it('listed (1,000 titles): ZORRO ARK grounds film.title, whole, and film joins actor', async () => {
    const { graph, index } = await indexFor(sakila);
    expect(graph.column('film', 'title')?.values).toMatchObject({ complete: true, distinct: 1000 });
    const result = await index.ground(ZORRO);
    expect(valueMatch(result.matches, 'film', 'title')).toMatchObject({ token: 'ZORRO ARK', coverage: 1, variantKind: 'exact' });
    expect(result.initialTargets).toEqual(expect.arrayContaining(['actor', 'film']));
    // One word of a title: a part of a value, as for sampled values.
    expect(valueMatch((await index.ground('Which films have ZORRO in the title?')).matches, 'film', 'title')).toMatchObject({
      coverage: 0.5,
    });
  });

  it('as a Bloom filter (more values than valueListMax): the same match', async () => {
    const { graph, index } = await indexFor(sakila, { valueListMax: 100 });
    expect(graph.column('film', 'title')?.values).toMatchObject({ complete: true, filter: expect.any(Object) });
    expect(graph.column('film', 'title')?.values?.list).toBeUndefined();
    expect(valueMatch((await index.ground(ZORRO)).matches, 'film', 'title')).toMatchObject({ token: 'ZORRO ARK', coverage: 1 });
    expect(valueMatch((await index.ground('Which films have ZORRO in the title?')).matches, 'film', 'title')).toMatchObject({
      coverage: 0.5,
    });
  });

  it('hashed: the graph file holds no title, yet ZORRO ARK and ACADEMY DINOSAUR ground', async () => {
    const { text, index } = await indexFor(sakila, { hashValues: true });
    for (const readable of ['ZORRO ARK', 'ACADEMY DINOSAUR', 'PENELOPE', 'GUINESS', 'English']) expect(text).not.toContain(readable);
    expect(valueMatch((await index.ground(ZORRO)).matches, 'film', 'title')).toMatchObject({ token: 'ZORRO ARK', coverage: 1 });
    expect(valueMatch((await index.ground('Which actors appeared in ACADEMY DINOSAUR?')).matches, 'film', 'title')).toBeDefined();
    expect(valueMatch((await index.ground('Which films did PENELOPE GUINESS play in?')).matches, 'actor', 'first_name')).toBeDefined();
  });
});

describe('names the sample never held ground (Chinook, ISO 3166)', () => {
  it('Van Halen: Artist.Name, listed and as a filter', async () => {
    for (const options of [{}, { valueListMax: 100 }, { hashValues: true }]) {
      const { index } = await indexFor(chinook, options);
      const result = await index.ground('Which tracks did the artist Van Halen record?');
      expect(valueMatch(result.matches, 'Artist', 'Name'), JSON.stringify(options)).toMatchObject({ token: 'Van Halen', coverage: 1 });
    }
    const { index } = await indexFor(chinook, { valueListMax: 0 });
    expect(valueMatch((await index.ground('Which tracks did the artist Van Halen record?')).matches, 'Artist', 'Name')).toBeUndefined();
  });

  it('Zimbabwe: country.name', async () => {
    const { index } = await indexFor(countries);
    expect(valueMatch((await index.ground('Which subdivisions does Zimbabwe have?')).matches, 'country', 'name')).toMatchObject({
      token: 'Zimbabwe',
      coverage: 1,
    });
  });
});

describe('filters probed at grounding time', () => {
  it('answer words no value holds with no match, bar the rare false positive', async () => {
    const profile = await profileSqlite(sakila, { hashValues: true });
    const graph = buildContextGraph(profile, declaredEdges(profile));
    const index = buildInvertedIndex(graph, { params: defaultGroundingParams() });
    const filtered = graph.tables.flatMap((t) => t.columns.filter((c) => c.values?.filter)).length;
    expect(filtered).toBeGreaterThan(5);
    // Keys no Sakila value holds, each probed in every filter for every value length it could have.
    let hits = 0;
    for (let i = 0; i < 5000; i++) hits += lookupKey(index, `qwzx${i.toString(36)}`)?.size ?? 0;
    // Expected: 5,000 keys × up to 4 value lengths × 6 filters × 1e-6 = 0.12.
    expect(hits).toBeLessThanOrEqual(2);
    // A key probed twice is answered from memory, the same.
    expect(lookupKey(index, 'zorro ark')).toBe(lookupKey(index, 'zorro ark'));
  });

  it('count a value key named in several tables as the index does (table frequency per island)', async () => {
    const profile = await profileSqlite(chinook, { valueListMax: 1 });
    const graph = buildContextGraph(profile, declaredEdges(profile));
    const listed = buildInvertedIndex(buildContextGraph(await profileSqlite(chinook), declaredEdges(profile)), {
      params: defaultGroundingParams(),
    });
    const filtered = buildInvertedIndex(graph, { params: defaultGroundingParams() });
    // "van halen" is an artist, an album title and a composer.
    const frequency = (entries: readonly { table: string; kind: string; tableFrequency: number }[] | undefined) =>
      (entries ?? [])
        .filter((e) => e.kind === 'value')
        .map((e) => [e.table, e.tableFrequency])
        .sort();
    expect(frequency(lookupKey(filtered, 'van halen')?.entries())).toEqual(frequency(lookupKey(listed, 'van halen')?.entries()));
    expect(frequency(lookupKey(filtered, 'van halen')?.entries()).length).toBeGreaterThanOrEqual(2);
  });
});
