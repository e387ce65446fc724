import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphData, requireBuiltCli, sandbox } from './test-support/cli.js';

/** 400 band names (the profile samples 50 of them) and their albums. */
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
const NAMES = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));

const box = sandbox('values');
const db = join(box.work, 'music.db');

beforeAll(() => {
  requireBuiltCli();
  const sqlite = new Database(db);
  sqlite.exec(
    'CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist (id))',
  );
  const artist = sqlite.prepare('INSERT INTO artist VALUES (?, ?)');
  const album = sqlite.prepare('INSERT INTO album VALUES (?, ?, ?)');
  NAMES.forEach((name, i) => {
    artist.run(i + 1, name);
    album.run(i + 1, `Greatest Hits ${i}`, i + 1);
  });
  sqlite.close();
});
afterAll(() => box.remove());

describe('--hash-values', () => {
  it('guided build: no name in the graph file, and a name beyond the sample still grounds', () => {
    const build = box.run(['build', db, '-o', 'hashed.graph.json', '--hash-values']);
    expect(build.status, build.stderr).toBe(0);
    const text = readFileSync(join(box.work, 'hashed.graph.json'), 'utf8');
    for (const name of NAMES) expect(text).not.toContain(name);
    expect(text).toContain('"hashed":true');
    const ask = box.run(['retrieve', '--graph', 'hashed.graph.json', '--json', 'Which albums did Zorro Ark make?']);
    expect(ask.status, ask.stderr).toBe(0);
    const matches = (
      JSON.parse(ask.stdout) as {
        trace: { grounding: { matches: { token: string; table: string; column: string | null; kind: string }[] } };
      }
    ).trace.grounding.matches;
    expect(matches).toContainEqual(expect.objectContaining({ token: 'Zorro Ark', table: 'artist', column: 'name', kind: 'value' }));
  });

  it('guided profile: values as filters only; guided build of that profile keeps them hashed', () => {
    const run = box.run(['profile', db, '-o', 'hashed.profile.json', '--hash-values']);
    expect(run.status, run.stderr).toBe(0);
    const text = readFileSync(join(box.work, 'hashed.profile.json'), 'utf8');
    for (const name of NAMES) expect(text).not.toContain(name);
    expect(box.run(['profile', db, '-o', 'plain.profile.json']).status).toBe(0);
    expect(readFileSync(join(box.work, 'plain.profile.json'), 'utf8')).toContain('Zorro Ark');
    const build = box.run(['build', 'plain.profile.json', '-o', 'from-profile.graph.json', '--hash-values']);
    expect(build.status, build.stderr).toBe(0);
    expect(readFileSync(join(box.work, 'from-profile.graph.json'), 'utf8')).not.toContain('Zorro Ark');
  });

  it('without it, every name is listed in the graph', () => {
    expect(box.run(['build', db, '-o', 'plain.graph.json']).status).toBe(0);
    const graph = graphData(join(box.work, 'plain.graph.json'));
    const name = graph.tables.find((t) => t.name === 'artist')?.columns.find((c) => c.name === 'name');
    expect(name?.values?.list).toHaveLength(400);
  });
});
