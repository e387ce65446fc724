import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { columnSetsToProfile } from './composite.js';
import { inferJoins } from './infer.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';

type Value = string | number | null;
type Columns = Record<string, Value[]>;

/** Tables profiled as the product does: the columns, then the sets join inference asks for, as tuples. */
function profiled(tables: [string, Columns][]): DatabaseProfile {
  const plain = databaseFromTables(
    'league',
    tables.map(([name, columns]) => tableFromColumns(name, columns)),
  );
  const sets = columnSetsToProfile(plain);
  const of = (name: string) => sets.filter((s) => s.table === name).map((s) => s.columns);
  return databaseFromTables(
    'league',
    tables.map(([name, columns]) => tableFromColumns(name, columns, { columnSets: of(name) })),
  );
}

const years = [2000, 2001, 2002, 2003];
const teams = ['BOS', 'NYA', 'DET', 'CHA', 'CLE'];
/** Every (year, team) once: a composite key, no column unique alone. */
function teamSeasons(): Columns {
  const rows = years.flatMap((y) => teams.map((t) => [y, t] as const));
  return {
    yearID: rows.map((r) => r[0]),
    teamID: rows.map((r) => r[1]),
    W: rows.map((_, i) => 60 + ((i * 7) % 40)),
    attendance: rows.map((_, i) => 1.5 * i),
  };
}

describe('composite keys and references, checked on the tuples', () => {
  it('finds a reference to a composite key under other key words, and two role references to it', async () => {
    const profile = profiled([
      ['Teams', teamSeasons()],
      [
        'HomeGames',
        {
          'year.key': [2000, 2000, 2001, 2003, 2002, 2001],
          'team.key': ['BOS', 'NYA', 'DET', 'CLE', 'CHA', 'CLE'],
          games: [81, 81, 80, 81, 79, 81],
        },
      ],
      [
        'SeriesPost',
        {
          yearID: [2000, 2001, 2002, 2003],
          teamIDwinner: ['NYA', 'NYA', 'DET', 'BOS'],
          teamIDloser: ['BOS', 'CLE', 'CHA', 'NYA'],
          wins: [4, 4, 4, 3],
        },
      ],
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    const composite = edges.filter((e) => e.fromColumns.length === 2);
    expect(composite.map((e) => [e.id, e.role])).toEqual([
      ['HomeGames(year.key,team.key)->Teams(yearID,teamID)', undefined],
      ['SeriesPost(yearID,teamIDloser)->Teams(yearID,teamID)', 'loser'],
      ['SeriesPost(yearID,teamIDwinner)->Teams(yearID,teamID)', 'winner'],
    ]);
    expect(composite[0]!.evidence.join(' | ')).toMatch(/tuples found in Teams/);
    expect(composite[0]!.evidence.join(' | ')).toMatch(/\(yearID, teamID\) is unique in Teams: 20 distinct in 20 rows/);
  });

  it('takes no pair whose tuples repeat in the target, though each column fits and their counts could tell the rows apart', async () => {
    // a player traded mid-season has two stints in one year: (playerID, yearID) repeats
    const profile = profiled([
      [
        'Batting',
        {
          playerID: ['a', 'a', 'b', 'c', 'c', 'd'],
          yearID: [2000, 2000, 2000, 2001, 2002, 2001],
          stint: [1, 2, 1, 1, 1, 1],
          H: [3.5, 4.5, 1.5, 2.5, 9.5, 7.5],
        },
      ],
      ['Awards', { playerID: ['a', 'c', 'd', 'a'], yearID: [2000, 2002, 2001, 2000], award: ['MVP', 'MVP', 'ROY', 'GG'] }],
    ]);
    const { edges, keys } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.filter((e) => e.fromColumns.length > 1)).toEqual([]);
    expect(profile.tables[0]!.columnSets).toMatchObject([{ columns: ['playerID', 'yearID'], count: 6, distinct: 5 }]);
    expect(keys.filter((k) => k.table === 'Batting' && k.columns.length > 1)).toEqual([]);
  });

  it('takes no composite reference whose pairs are not all inside the key', async () => {
    const profile = profiled([
      ['Teams', teamSeasons()],
      // 2004 is no season of Teams: most pairs are inside, not all
      [
        'HomeGames',
        {
          yearID: [2000, 2001, 2004, 2004, 2004, 2004],
          teamID: ['BOS', 'NYA', 'DET', 'CLE', 'CHA', 'BOS'],
          games: [81, 81, 80, 81, 79, 81],
        },
      ],
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.filter((e) => e.fromColumns.length > 1)).toEqual([]);
  });

  it('without tuple statistics (an older profile), says nothing of composite references', async () => {
    const plain = databaseFromTables('league', [
      tableFromColumns('Teams', teamSeasons()),
      tableFromColumns('HomeGames', { yearID: [2000, 2001], teamID: ['BOS', 'NYA'], games: [81, 80] }),
    ]);
    const { edges } = await inferJoins(plain, { declared: 'hide' });
    expect(edges.filter((e) => e.fromColumns.length > 1)).toEqual([]);
  });

  it('asks the profiler for the key sets other tables may reference and the sets that may reference them, in matching order', () => {
    const plain = databaseFromTables('league', [
      tableFromColumns('Teams', teamSeasons()),
      tableFromColumns('HomeGames', {
        'team.key': ['BOS', 'NYA', 'BOS', 'DET'],
        'year.key': [2000, 2001, 2001, 2000],
        games: [81, 80, 81, 79],
      }),
    ]);
    expect(columnSetsToProfile(plain)).toEqual([
      { table: 'Teams', columns: ['yearID', 'teamID'] },
      { table: 'HomeGames', columns: ['year.key', 'team.key'] },
    ]);
  });

  it('finds no composite key in a table of keys alone (a link table)', () => {
    const link: TableProfile = tableFromColumns('geo_island', {
      Island: ['a', 'a', 'b'],
      Country: ['X', 'Y', 'X'],
      Province: ['p', 'q', 'p'],
    });
    const other = tableFromColumns('locatedon', { Island: ['a', 'b'], Province: ['p', 'p'], City: ['c1', 'c2'] });
    expect(columnSetsToProfile(databaseFromTables('geo', [link, other])).filter((s) => s.table === 'geo_island')).toEqual([]);
  });
});
