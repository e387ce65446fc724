import { type BenchDatabase, goldTables } from '@guided-retrieval/benchmarks';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { identifierWords } from '@guided-retrieval/text';
import { describe, expect, it } from 'vitest';
import { unionSchemas } from './union.js';

const concert: BenchDatabase = {
  name: 'concert_singer',
  schema: {
    database: 'concert_singer',
    tables: [
      { name: 'stadium', columns: ['stadium_id', 'name', 'capacity'], primaryKey: ['stadium_id'] },
      {
        name: 'singer',
        description: 'Singers who perform.',
        columns: [{ name: 'singer_id' }, { name: 'name', sample: ['Joe Sharp'] }],
        primaryKey: ['singer_id'],
      },
      { name: 'concert', columns: ['concert_id', 'stadium_id'] },
      { name: 'singer_in_concert', columns: ['concert_id', 'singer_id'] },
    ],
    foreignKeys: [
      { fromTable: 'concert', fromColumns: ['stadium_id'], toTable: 'stadium', toColumns: ['stadium_id'] },
      { fromTable: 'singer_in_concert', fromColumns: ['singer_id'], toTable: 'singer', toColumns: ['singer_id'] },
      { fromTable: 'singer_in_concert', fromColumns: ['concert_id'], toTable: 'concert', toColumns: ['concert_id'] },
    ],
  },
};

const music: BenchDatabase = {
  name: 'singer',
  schema: {
    database: 'singer',
    tables: [
      { name: 'Singer', aliases: ['vocalist'], columns: ['Singer_ID', 'Name', 'Net_Worth'] },
      { name: 'song', columns: ['Song_ID', 'Title', 'Singer_ID'] },
    ],
    foreignKeys: [{ fromTable: 'song', fromColumns: ['Singer_ID'], toTable: 'Singer', toColumns: ['Singer_ID'] }],
  },
};

const school: BenchDatabase = {
  name: 'school',
  schema: {
    database: 'school',
    tables: [
      { name: 'pupil', columns: ['pupil_id', 'name'] },
      { name: 'class', columns: ['class_id'] },
    ],
    foreignKeys: [],
  },
};

describe('unionSchemas', () => {
  it('keeps every name, key and description when no table name collides', () => {
    const { schema, rename, renamed } = unionSchemas([music, school], 'u');
    expect(schema.database).toBe('u');
    expect(schema.tables.map((t) => t.name)).toEqual(['Singer', 'song', 'pupil', 'class']);
    expect(schema.tables[0]).toEqual(music.schema.tables[0]);
    expect(schema.foreignKeys).toEqual(music.schema.foreignKeys);
    expect(renamed).toEqual([]);
    expect(rename('singer', 'Singer')).toBe('Singer');
    expect(rename('singer', 'SINGER')).toBe('Singer');
    expect(rename('school', 'class')).toBe('class');
  });

  it('prefixes colliding names (case-insensitively) with their database, in every database, and nothing else', () => {
    const { schema, rename, renamed } = unionSchemas([concert, music, school]);
    expect(schema.tables.map((t) => t.name)).toEqual([
      'stadium',
      'concert_singer__singer',
      'concert',
      'singer_in_concert',
      'singer__Singer',
      'song',
      'pupil',
      'class',
    ]);
    expect(renamed).toEqual([
      { db: 'concert_singer', table: 'singer', name: 'concert_singer__singer' },
      { db: 'singer', table: 'Singer', name: 'singer__Singer' },
    ]);
    expect(rename('concert_singer', 'singer')).toBe('concert_singer__singer');
    expect(rename('singer', 'singer')).toBe('singer__Singer');
    expect(rename('concert_singer', 'stadium')).toBe('stadium');
    expect(() => rename('school', 'singer')).toThrow(/school has no table singer/);
    expect(() => rename('nope', 'singer')).toThrow(/no database nope/);
  });

  it('keeps descriptions, columns and samples of a renamed table, and adds its own name as an alias', () => {
    const { schema } = unionSchemas([concert, music]);
    const byName = Object.fromEntries(schema.tables.map((t) => [t.name, t]));
    expect(byName.concert_singer__singer).toEqual({ ...concert.schema.tables[1], name: 'concert_singer__singer', aliases: ['singer'] });
    expect(byName.singer__Singer!.aliases).toEqual(['Singer', 'vocalist']);
    expect(concert.schema.tables[1]!.name).toBe('singer');
    expect(music.schema.tables[0]!.aliases).toEqual(['vocalist']);
  });

  it('renames foreign keys with their tables', () => {
    const { schema } = unionSchemas([concert, music]);
    expect(schema.foreignKeys).toEqual([
      { fromTable: 'concert', fromColumns: ['stadium_id'], toTable: 'stadium', toColumns: ['stadium_id'] },
      { fromTable: 'singer_in_concert', fromColumns: ['singer_id'], toTable: 'concert_singer__singer', toColumns: ['singer_id'] },
      { fromTable: 'singer_in_concert', fromColumns: ['concert_id'], toTable: 'concert', toColumns: ['concert_id'] },
      { fromTable: 'song', fromColumns: ['Singer_ID'], toTable: 'singer__Singer', toColumns: ['Singer_ID'] },
    ]);
    const graph = graphFromSchema(schema);
    expect(graph.tables).toHaveLength(6);
    expect([...graph.reachable('song')]).toEqual(['singer__Singer']);
    expect([...graph.reachable('singer_in_concert')].sort()).toEqual(['concert', 'concert_singer__singer', 'stadium']);
  });

  it('maps gold tables computed from a question’s own database to the union’s names', () => {
    const { rename } = unionSchemas([concert, music]);
    const own = (db: BenchDatabase) => db.schema.tables.map((t) => t.name);
    const gold = goldTables('SELECT T2.name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id', own(concert));
    expect(gold).toEqual({ ok: true, tables: ['singer', 'singer_in_concert'] });
    if (!gold.ok) return;
    expect(gold.tables.map((t) => rename('concert_singer', t)).sort()).toEqual(['concert_singer__singer', 'singer_in_concert']);
    const other = goldTables('SELECT Name FROM singer ORDER BY Net_Worth', own(music));
    expect(other.ok && other.tables.map((t) => rename('singer', t))).toEqual(['singer__Singer']);
  });

  it('gives prefixed names that grounding reads as separate words', () => {
    expect(identifierWords('concert_singer__singer', { digits: 'split' })).toEqual(['concert', 'singer', 'singer']);
  });

  it('refuses a database listed twice and a prefixed name that another table already has', () => {
    expect(() => unionSchemas([school, school])).toThrow(/school listed twice/);
    const clash: BenchDatabase = {
      name: 'x',
      schema: {
        database: 'x',
        tables: [
          { name: 'school__pupil', columns: ['a'] },
          { name: 'pupil', columns: ['b'] },
        ],
      },
    };
    expect(() => unionSchemas([school, clash])).toThrow(/x.school__pupil would be named school__pupil, the name of school.pupil/);
  });
});
