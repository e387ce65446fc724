/**
 * `guided build` on a keyless database with cryptic column names, through the built CLI: a data
 * dictionary (`--dictionary`) gives the graph its descriptions, so that grounding finds "home runs"
 * in `HR`; load bookkeeping never joins and the build says so; `--min-confidence` leaves weaker
 * inferred edges out.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGraph } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';

let box: Sandbox;
const file = (name: string) => join(box.work, name);

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('build-dictionary');
  const db = new Database(file('league.sqlite'));
  db.exec(`
    CREATE TABLE People (playerID TEXT, nameFirst TEXT, nameLast TEXT, _loaded_at TEXT);
    CREATE TABLE Batting (playerID TEXT, yearID INTEGER, stint INTEGER, HR INTEGER, SO INTEGER, _loaded_at TEXT);`);
  const people = db.prepare('INSERT INTO People VALUES (?, ?, ?, ?)');
  const batting = db.prepare('INSERT INTO Batting VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 1; i <= 60; i++) people.run(`player${String(i).padStart(3, '0')}`, `First${i}`, `Last${i}`, '2024-01-01 00:00:00');
  for (let i = 1; i <= 300; i++)
    batting.run(
      `player${String(1 + (i % 60)).padStart(3, '0')}`,
      1990 + (i % 25),
      1 + (i % 2),
      i % 50,
      (i * 7) % 90,
      '2024-01-01 00:00:00',
    );
  db.close();
  writeFileSync(
    file('dict.csv'),
    'table,column,description\nBatting,HR,Home runs\nBatting,SO,Strikeouts\nBatting,G_ss,Games at shortstop\nFielding,E,Errors\nBatting,HR,Homers\n',
  );
  writeFileSync(file('notes.txt'), 'The league database holds players and their batting.\n');
});
afterAll(() => box?.remove());

describe('guided build --dictionary', () => {
  it('takes the descriptions into the graph, names what it left out, and grounding reads them', async () => {
    const run = box.run(['build', 'league.sqlite', '-o', 'league.graph.json', '--dictionary', 'dict.csv']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('line 4: no column "G_ss" in table Batting: left out');
    expect(run.stderr).toContain('line 5: no table "Fielding" in league: left out');
    expect(run.stderr).toContain('line 6: Batting.HR is described again: the first kept');
    expect(run.stderr).toContain('read 2 descriptions from the dictionary');
    const batting = graphData(file('league.graph.json')).tables.find((t) => t.name === 'Batting')!;
    expect(batting.columns.find((c) => c.name === 'HR')?.description).toBe('Home runs');
    const retriever = await Retriever.create(await loadGraph(file('league.graph.json')));
    const result = await retriever.retrieve('Which players hit the most home runs?');
    expect(result.tables).toContain('Batting');
    expect(result.trace.grounding.matches.some((m) => m.table === 'Batting' && m.column === 'HR')).toBe(true);
  });

  it('joins no table on load bookkeeping and says why in the build’s notes', () => {
    const run = box.run(['build', 'league.sqlite', '-o', 'plain.graph.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /note: 2 columns set aside from join inference, never joined: a data loader’s or modelling tool’s bookkeeping column — Batting\._loaded_at, People\._loaded_at/,
    );
    const edges = graphData(file('plain.graph.json')).edges.map((e) => e.id);
    expect(edges).toEqual(['Batting(playerID)->People(playerID)']);
    const strict = box.run(['build', 'league.sqlite', '-o', 'strict.graph.json', '--min-confidence', '1']);
    expect(strict.status, strict.stderr).toBe(0);
    expect(graphData(file('strict.graph.json')).edges).toEqual([]);
  });

  it('refuses a dictionary that is no table, before profiling, in one line naming it', () => {
    expectOneLineError(
      box.run(['build', 'league.sqlite', '-o', 'x.graph.json', '--dictionary', 'notes.txt']),
      'notes.txt is not a data dictionary',
    );
    expectOneLineError(
      box.run(['build', 'league.sqlite', '-o', 'x.graph.json', '--dictionary', 'nope.csv']),
      'cannot read the dictionary',
      'nope.csv: no such file',
    );
    const bad = box.run(['build', 'league.sqlite', '-o', 'x.graph.json', '--min-confidence', '2']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.split('\n')[0]).toContain("--min-confidence <x>' argument '2' is invalid. must be a number in [0, 1]");
  });
});
