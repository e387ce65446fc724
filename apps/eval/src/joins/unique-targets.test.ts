import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JoinEdge } from '@guided-retrieval/join-inference';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { nonUniqueTargets } from './unique-targets.js';

const dir = mkdtempSync(join(tmpdir(), 'unique-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const edge = (toTable: string, toColumns: string[], origin: JoinEdge['origin'] = 'inferred'): JoinEdge => ({
  id: `awards(a,b)->${toTable}(${toColumns.join(',')})`,
  fromTable: 'awards',
  fromColumns: toColumns.map((_, i) => `c${i}`),
  toTable,
  toColumns,
  origin,
  confidence: 0.8,
  evidence: [],
});

describe('nonUniqueTargets', () => {
  it('asks the database whether the target tuples repeat, NULLs aside, inferred edges only', async () => {
    const path = join(dir, 'league.sqlite');
    const db = new Database(path);
    db.exec(`CREATE TABLE batting (player TEXT, year INTEGER, stint INTEGER);
      INSERT INTO batting VALUES ('a', 2000, 1), ('a', 2000, 2), ('b', 2000, 1), (NULL, 2001, 1), (NULL, 2001, 2);`);
    db.close();
    const edges = [
      edge('batting', ['player', 'year']),
      edge('batting', ['player', 'year', 'stint']),
      edge('batting', ['year'], 'declared'),
    ];
    expect(await nonUniqueTargets(path, edges)).toEqual(['awards(a,b)->batting(player,year)']);
  });
});
