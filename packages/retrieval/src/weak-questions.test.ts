import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { Retriever } from './index.js';

const WORDS = 'love night dream heart fire rain road home light star blue river song dance time world day sun moon city'.split(' ');
/** Song titles as a music catalogue holds them: a few everyday words among hundreds of titles. */
const TITLES = [
  'Help Me Rhonda',
  'Need You Tonight',
  'Problem Child',
  'Question of Time',
  ...WORDS.flatMap((a, i) => WORDS.map((b, j) => (i === j ? a : `${a} ${b}`))),
];

const graph = graphFromSchema({
  database: 'music',
  tables: [
    {
      name: 'artist',
      primaryKey: ['artist_id'],
      columns: [
        { name: 'artist_id', type: 'INTEGER' },
        { name: 'name', type: 'TEXT', sample: ['AC/DC', 'Queen'] },
      ],
    },
    {
      name: 'album',
      primaryKey: ['album_id'],
      columns: [
        { name: 'album_id', type: 'INTEGER' },
        { name: 'title', type: 'TEXT' },
        { name: 'artist_id', type: 'INTEGER' },
      ],
    },
    {
      name: 'track',
      primaryKey: ['track_id'],
      columns: [
        { name: 'track_id', type: 'INTEGER' },
        { name: 'name', type: 'TEXT', sample: TITLES },
        { name: 'album_id', type: 'INTEGER' },
      ],
    },
  ],
  foreignKeys: [
    { fromTable: 'album', fromColumns: ['artist_id'], toTable: 'artist', toColumns: ['artist_id'] },
    { fromTable: 'track', fromColumns: ['album_id'], toTable: 'album', toColumns: ['album_id'] },
  ],
});

describe('a question that names nothing of the schema', () => {
  it.each(['Need help with a query', 'Problem with my data, please help', 'Quick question'])(
    '"%s" gets the empty result and says why, not a tree of chance matches',
    async (question) => {
      const result = await (await Retriever.create(graph)).retrieve(question);
      expect(result.tables).toEqual([]);
      expect(result.reason).toMatch(/nothing in music matches .*(strongly enough|no table, column or sampled value)/);
    },
  );

  it('still answers a question that names a table, and a title it spells whole', async () => {
    const retriever = await Retriever.create(graph);
    expect((await retriever.retrieve('Which tracks are on each album?')).tables).toEqual(expect.arrayContaining(['track', 'album']));
    expect((await retriever.retrieve('Which artist recorded AC/DC songs?')).tables).toContain('artist');
  });
});
