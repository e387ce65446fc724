import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDuckdb } from './duckdb.js';
import { profilePostgres } from './postgres.js';
import { profileSqlite } from './sqlite.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';
import type { ColumnProfile, ColumnValues, DatabaseProfile } from './types.js';
import {
  buildValueFilter,
  couldBeValueKey,
  hasValueKey,
  isNameLike,
  normalizeText,
  readValueFilter,
  VALUE_FILTER_FALSE_POSITIVE_RATE,
  VALUE_FILTER_MAX_KEYS,
  valueKeys,
} from './value-keys.js';
import { hashProfileValues, isProseColumn, wantsValues } from './values.js';

const FIRST = [
  'Van',
  'Led',
  'Pink',
  'Deep',
  'Iron',
  'Black',
  'Def',
  'Red',
  'Green',
  'Blue',
  'Silver',
  'Golden',
  'Dark',
  'Bright',
  'Wild',
  'Quiet',
  'Lost',
  'Young',
  'Old',
  'Zorro',
];
const LAST = [
  'Halen',
  'Zeppelin',
  'Floyd',
  'Purple',
  'Maiden',
  'Sabbath',
  'Leppard',
  'Hot',
  'Day',
  'Oyster',
  'Ark',
  'Earring',
  'Star',
  'Eyes',
  'Hearts',
  'Riot',
  'Boys',
  'Gods',
  'Crows',
  'Tide',
];
/** 400 distinct two-word names, `Van Halen` and `Zorro Ark` among them (and last in name order). */
const NAMES = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
const KINDS = ['rock', 'jazz', 'pop'];
const TRACKS = 3000;
const GENRES = ['Hard Rock', 'Blues', 'Bossa Nova', 'Heavy Metal', 'Latin'];

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** Portable SQL (SQLite, DuckDB, PostgreSQL): names, padded kinds, prose, hashes, digits, long text; a larger table of tracks. */
const SQL = [
  'CREATE TABLE artist (id INTEGER PRIMARY KEY, name VARCHAR(40), kind CHAR(10), remarks TEXT, token TEXT, code TEXT, bio TEXT, passwordsalt TEXT)',
  `INSERT INTO artist VALUES ${NAMES.map(
    (n, i) =>
      `(${i + 1}, ${quote(n)}, ${quote(KINDS[i % 3]!)}, 'nice band ${i % 7}', '${((i * 2654435761) % 4294967296).toString(16).padStart(8, '0')}a1b2c3d4e5f6', '${10000 + i}', ${quote(`${n} played for many years in many places and towns.`)}, 'salt${i % 50}')`,
  ).join(', ')}`,
  'CREATE TABLE track (id INTEGER PRIMARY KEY, title VARCHAR(40), genre VARCHAR(20))',
  `INSERT INTO track VALUES ${Array.from({ length: TRACKS }, (_, i) => `(${i + 1}, ${quote(`Song ${FIRST[i % 20]} ${LAST[Math.floor(i / 20) % 20]} ${Math.floor(i / 400)}`)}, ${quote(GENRES[i % 5]!)})`).join(', ')}`,
];

let dir: string;
let sqlite: DatabaseProfile;
let small: DatabaseProfile;

function column(p: DatabaseProfile, t: string, c: string): ColumnProfile {
  const found = p.tables.find((x) => x.name === t)?.columns.find((x) => x.name === c);
  if (!found) throw new Error(`no column ${t}.${c}`);
  return found;
}

function valuesOf(p: DatabaseProfile): Record<string, ColumnValues | undefined> {
  return Object.fromEntries(p.tables.flatMap((t) => t.columns.map((c) => [`${t.name}.${c.name}`, c.values])));
}

/** Whether `filter` answers `text` as a whole value. */
function holds(values: ColumnValues | undefined, text: string): boolean {
  const key = normalizeText(text);
  return values?.filter !== undefined && readValueFilter(values.filter)!.has(key, key.split(' ').length);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'profiler-values-'));
  const path = join(dir, 'music.db');
  const db = new Database(path);
  for (const sql of SQL) db.exec(sql);
  db.close();
  sqlite = await profileSqlite(path);
  small = await profileSqlite(path, { valueListMax: 100, valueScanRows: 1000 });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('value keys', () => {
  it('are a value normalised whole and its runs of words, as grounding indexes them', () => {
    expect(valueKeys('Van Halen')).toEqual([
      { key: 'van halen', words: 2, of: 2 },
      { key: 'van', words: 1, of: 2 },
      { key: 'halen', words: 1, of: 2 },
    ]);
    expect(valueKeys('1-URGENT').map((k) => k.key)).toEqual(['1 urgent', 'urgent']);
    expect(
      valueKeys('Abu Dhabi Grand Prix')
        .filter((k) => k.words === 2)
        .map((k) => k.key),
    ).toEqual(['abu dhabi', 'dhabi grand', 'grand prix']);
    expect(valueKeys('one two three four five')).toEqual([]); // a phrase, not a name
    expect(valueKeys('x'.repeat(51))).toEqual([]);
    expect(valueKeys('12-34')).toEqual([]);
    expect(valueKeys(42)).toEqual([]);
  });

  it('exist exactly when the whole value is one (hasValueKey)', () => {
    for (const value of [
      'Van Halen',
      '1-URGENT',
      'a',
      'ab',
      'a b',
      'x 1',
      '-a-',
      'é',
      'one two three four five',
      'x'.repeat(51),
      '12-34',
      42,
    ]) {
      expect(hasValueKey(value)).toBe(valueKeys(value).length > 0);
    }
    expect(['a', 'ab', 'a b', 'é'].map(hasValueKey)).toEqual([false, true, true, false]);
  });

  it('normalise as grounding does: lower case, diacritics dropped, alphanumeric runs', () => {
    const grounding = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .join(' ');
    for (const text of [
      '  Hello, World!! ',
      'Ærø Straße',
      'Café  Noir',
      '--x--',
      '',
      'ﬁne',
      'İstanbul',
      'a\u00a0b',
      'Zoë 12-b',
      'K\u212a',
      'São Tomé and Príncipe',
    ]) {
      expect(normalizeText(text)).toBe(grounding(text));
    }
  });

  it('are probed only where a value could have them', () => {
    expect(couldBeValueKey('halen', 1)).toBe(true);
    expect(couldBeValueKey('halen', 2)).toBe(true);
    expect(couldBeValueKey('van halen', 1)).toBe(false);
    expect(couldBeValueKey('ab', 2)).toBe(false); // a part needs three letters
    expect(couldBeValueKey('ab', 1)).toBe(true);
    expect(couldBeValueKey('1995', 1)).toBe(false);
    expect(couldBeValueKey('a b c d e', 5)).toBe(false);
  });

  it('tell names from hashes, GUIDs and random characters', () => {
    for (const name of ['Van Halen', 'aaron10@adventure-works.com', 'BK-M68B-38', 'iPhone 15', 'McDonald', 'ZORRO ARK'])
      expect(isNameLike(name), name).toBe(true);
    for (const junk of [
      '4e8a3b5c-a35f-4c1d-9b2e-3a8c5b1f2d4e',
      'pbFyBcm2AC3cMXcqGK3zNvQy3Ng8fZULmPPfAzp1d0=',
      'bE3XiWw=',
      '0xE6100000010CAE8BFC28BC',
      '12345',
      'x',
    ]) {
      expect(isNameLike(junk), junk).toBe(false);
    }
    expect(isProseColumn('L_COMMENT')).toBe(true);
    expect(isProseColumn('orderNotes')).toBe(true);
    expect(isProseColumn('name')).toBe(false);
    expect(isProseColumn('REVIEW_TEXT')).toBe(true);
    expect(isProseColumn('notes2')).toBe(false); // a trailing number: not a prose word either way
    expect(isProseColumn('notes_2')).toBe(false);
    expect(isProseColumn('textSize')).toBe(false);
    expect(isProseColumn('XMLText')).toBe(true);
    expect(isProseColumn('context')).toBe(false);
    expect(wantsValues('rowguid', 'text', [{ value: 'Van Halen', count: 1 }])).toBe(false);
    expect(wantsValues('name', 'integer', [{ value: 'Van Halen', count: 1 }])).toBe(false);
  });
});

describe('value filters', () => {
  const values = Array.from({ length: 20_000 }, (_, i) => `${FIRST[i % 20]}${i} ${LAST[Math.floor(i / 20) % 20]}`);
  const built = buildValueFilter(values)!;
  const filter = readValueFilter(built.filter)!;

  it('hold every key of every value, with the word count of its value', () => {
    for (const value of values.slice(0, 2000)) {
      for (const k of valueKeys(value)) expect(filter.has(k.key, k.of)).toBe(true);
    }
    expect(built.filter).toMatchObject({ parts: true, scheme: 'grounding-keys-v1' });
    expect(built.truncated).toBe(false);
  });

  it('answer a false yes at about the rate they are sized for', () => {
    let wrong = 0;
    const probes = 200_000;
    for (let i = 0; i < probes; i++) if (filter.has(`nothing${i} here`, 2)) wrong += 1;
    // 1e-6: 0.2 expected in 200,000 probes.
    expect(wrong).toBeLessThanOrEqual(2);
    expect(VALUE_FILTER_FALSE_POSITIVE_RATE).toBe(1e-6);
    // About 29 bits per key at 1e-6.
    expect(built.filter.bits / built.filter.keys).toBeGreaterThan(28.7);
    expect(built.filter.bits / built.filter.keys).toBeLessThan(29);
  });

  it('leave the runs of words out when they would not fit, then values', () => {
    const many = Array.from({ length: VALUE_FILTER_MAX_KEYS + 10 }, (_, i) => `word${i.toString(36)} thing`);
    const big = buildValueFilter(many)!;
    expect(big.filter.parts).toBe(false);
    expect(big.truncated).toBe(true);
    expect(big.filter.keys).toBe(VALUE_FILTER_MAX_KEYS);
    expect(Buffer.from(big.filter.data, 'base64').length).toBeLessThanOrEqual(1024 * 1024);
    expect(readValueFilter({ ...big.filter, scheme: 'other' })).toBeUndefined();
  });
});

describe('column values on SQLite', () => {
  it('lists every distinct name of a column, sorted, beyond the 50 sampled ones', () => {
    const name = column(sqlite, 'artist', 'name');
    expect(name.sample).toHaveLength(50);
    expect(name.values).toEqual({ complete: true, distinct: 400, list: [...NAMES].sort() });
    expect(name.values?.list).toContain('Zorro Ark');
  });

  it('reads no prose, hash, digits-only, long-text, secret or numeric column', () => {
    const v = valuesOf(sqlite);
    expect(v['artist.kind']).toEqual({ complete: true, distinct: 3, list: ['jazz', 'pop', 'rock'] });
    for (const c of ['artist.id', 'artist.remarks', 'artist.token', 'artist.code', 'artist.bio', 'artist.passwordsalt', 'track.id'])
      expect(v[c], c).toBeUndefined();
  });

  it('a Bloom filter beyond valueListMax: complete when the table is read whole', () => {
    const name = column(small, 'artist', 'name');
    expect(name.values).toMatchObject({ complete: true, distinct: 400, filter: { parts: true } });
    expect(name.values?.list).toBeUndefined();
    for (const n of NAMES) expect(holds(name.values, n)).toBe(true);
    expect(holds(name.values, 'Pink Elephant')).toBe(false);
    // A word of a name: as a run of a two-word value.
    expect(readValueFilter(name.values!.filter!)!.has('halen', 2)).toBe(true);
  });

  it('a table larger than valueScanRows: a full list when there are few values, else a filter of a sample', () => {
    expect(column(small, 'track', 'genre').values).toEqual({ complete: true, distinct: 5, list: [...GENRES].sort() });
    const title = column(small, 'track', 'title').values;
    expect(title).toMatchObject({ complete: false, filter: expect.any(Object) });
    expect(title?.distinct).toBeLessThanOrEqual(1000);
    expect(title?.distinct).toBeGreaterThan(100);
    // Read whole, the same column is a complete list.
    expect(column(sqlite, 'track', 'title').values).toMatchObject({ complete: true, distinct: TRACKS });
  });

  it('valueListMax 0 reads no values', async () => {
    const none = await profileSqlite(join(dir, 'music.db'), { valueListMax: 0 });
    expect(Object.values(valuesOf(none)).filter(Boolean)).toEqual([]);
  });
});

describe('hashValues', () => {
  let hashed: DatabaseProfile;
  beforeAll(async () => {
    hashed = await profileSqlite(join(dir, 'music.db'), { hashValues: true });
  });

  it('keeps no readable string: values only as filters, strings gone from samples, min and max', () => {
    const json = JSON.stringify(hashed);
    for (const text of [...NAMES, ...KINDS, ...GENRES, 'nice band', 'played for many years', 'salt1', 'Song'])
      expect(json, text).not.toContain(text);
    const name = column(hashed, 'artist', 'name');
    expect(name).toMatchObject({ sample: [], cleanSample: [], min: null, max: null });
    expect(name.values).toMatchObject({ complete: true, distinct: 400, hashed: true, filter: expect.any(Object) });
    expect(name.values?.list).toBeUndefined();
    expect(holds(name.values, 'Van Halen')).toBe(true);
    expect(holds(column(hashed, 'artist', 'kind').values, 'jazz')).toBe(true);
  });

  it('hashProfileValues turns a readable profile into the same hashed one', () => {
    expect(hashProfileValues(sqlite)).toEqual(hashed);
    expect(JSON.stringify(hashProfileValues(small))).not.toContain('Van Halen');
  });

  it('keeps numbers, counts and everything else', () => {
    const id = column(hashed, 'artist', 'id');
    expect(id).toMatchObject({ min: 1, max: 400 });
    expect(id.sample.length).toBeGreaterThan(0);
    expect(column(hashed, 'artist', 'name')).toMatchObject({
      distinct: 400,
      inferredType: 'text',
      length: column(sqlite, 'artist', 'name').length,
    });
  });
});

describe('the same values in every engine', () => {
  const complete = (p: DatabaseProfile) => Object.fromEntries(Object.entries(valuesOf(p)).filter(([, v]) => v?.complete));

  it('DuckDB', async () => {
    const path = join(dir, 'music.duckdb');
    const instance = await DuckDBInstance.create(path);
    const c = await instance.connect();
    for (const sql of SQL) await c.run(sql);
    c.closeSync();
    instance.closeSync();
    expect(valuesOf(await profileDuckdb(path))).toEqual(valuesOf(sqlite));
    const duck = await profileDuckdb(path, { valueListMax: 100, valueScanRows: 1000 });
    expect(complete(duck)).toEqual(complete(small));
    expect(column(duck, 'track', 'title').values).toMatchObject({ complete: false });
  });

  let admin: string | undefined;
  try {
    admin = postgresUrl();
  } catch {
    admin = undefined; // postgres.test.ts reports the missing set-up
  }
  it.skipIf(admin === undefined)('PostgreSQL (CHAR(10) without its padding)', async () => {
    const db = await scratchDatabase(admin ?? '', `guided_values_test_${process.pid}`, SQL);
    try {
      expect(valuesOf(await profilePostgres(db.url))).toEqual(valuesOf(sqlite));
      const pg = await profilePostgres(db.url, { valueListMax: 100, valueScanRows: 1000 });
      expect(complete(pg)).toEqual(complete(small));
      expect(column(pg, 'track', 'title').values).toMatchObject({ complete: false });
    } finally {
      await db.drop();
    }
  });
});
