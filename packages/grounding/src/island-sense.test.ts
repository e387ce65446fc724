import { graphFromSchema } from '@guided-retrieval/context-graph';
import { type Embedder, SentenceEmbedder } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './grounding-index.js';

/** Two databases in one schema, each its own island; both have a `name` column in every table. */
const warehouse = graphFromSchema({
  database: 'warehouse',
  tables: [
    { name: 'singer', columns: ['singer_id', 'name', 'genre'] },
    { name: 'album', columns: ['album_id', 'singer_id', 'name', 'release_year'] },
    { name: 'team', columns: ['team_id', 'name', 'stadium'] },
    { name: 'player', columns: ['player_id', 'team_id', 'name', 'position'] },
  ],
  foreignKeys: [
    { fromTable: 'album', fromColumns: ['singer_id'], toTable: 'singer', toColumns: ['singer_id'] },
    { fromTable: 'player', fromColumns: ['team_id'], toTable: 'team', toColumns: ['team_id'] },
  ],
});

// The question's words alone: `name` is in both islands, and nothing else matches.
const levers = { similarWords: false, descriptionWords: false };
const SLOW = 300_000;

class FailingEmbedder implements Embedder {
  readonly id = 'failing-v1';
  readonly dimensions = 2;
  calls = 0;
  async embed(): Promise<Float32Array[]> {
    this.calls++;
    throw new Error('model file truncated');
  }
}

describe('island choice by a sentence model', () => {
  it(
    'breaks a tie the words leave between databases, by what the question is about',
    async () => {
      const words = await (await GroundingIndex.build(warehouse, { levers })).ground('List the names of the goalkeepers and strikers');
      const sensed = await (await GroundingIndex.build(warehouse, { levers, islandEmbedder: new SentenceEmbedder() })).ground(
        'List the names of the goalkeepers and strikers',
      );
      expect(words.initialTargets).not.toEqual(expect.arrayContaining(['player']));
      expect(sensed.grounded.map((g) => g.table).every((t) => t === 'team' || t === 'player')).toBe(true);
      expect(sensed.grounded.length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'never overrules an island the words clearly prefer',
    async () => {
      const index = await GroundingIndex.build(warehouse, { levers, islandEmbedder: new SentenceEmbedder() });
      const result = await index.ground('Which singer released the album named after the football team?');
      expect(result.grounded.map((g) => g.table)).toEqual(expect.arrayContaining(['singer', 'album']));
    },
    SLOW,
  );

  it('goes on by the words alone when the model fails, said once', async () => {
    const notes: string[] = [];
    const failing = new FailingEmbedder();
    const index = await GroundingIndex.build(warehouse, { levers, islandEmbedder: failing, onNote: (l) => notes.push(l) });
    const plain = await (await GroundingIndex.build(warehouse, { levers })).ground('List the names');
    expect((await index.ground('List the names')).grounded).toEqual(plain.grounded);
    expect((await index.ground('Show every name')).grounded.length).toBeGreaterThan(0);
    expect(failing.calls).toBe(1);
    expect(notes).toEqual(["sentence model failing-v1 failed (model file truncated); islands are chosen by the question's words alone"]);
  });
});
