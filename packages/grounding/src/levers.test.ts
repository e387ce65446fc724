import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { defaultGroundingParams, GroundingIndex } from './index.js';
import { matchScore } from './lookup.js';

/** Four tables with a `name` column; only one says what it is a name of. */
const graph = graphFromSchema({
  database: 'club',
  tables: [
    { name: 'member', columns: ['member_id', 'name', 'email'] },
    { name: 'event', columns: ['event_id', 'name', 'venue'] },
    { name: 'budget', columns: ['budget_id', 'name', 'amount'] },
    { name: 'major', columns: ['major_id', 'name', 'department'] },
    { name: 'attendance', columns: ['attendance_id', { name: 'link_to_member', aliases: ['member name'] }, 'venue'] },
    { name: 'room', columns: ['room_id', { name: 'room_label', inferredType: 'text', sample: ['Old Main Building Hall'] }] },
  ],
  // One island: tables no key connects are weighed apart (see islands.test.ts).
  foreignKeys: [
    { fromTable: 'attendance', fromColumns: ['link_to_member'], toTable: 'member', toColumns: ['member_id'] },
    { fromTable: 'attendance', fromColumns: ['attendance_id'], toTable: 'event', toColumns: ['event_id'] },
    { fromTable: 'budget', fromColumns: ['budget_id'], toTable: 'event', toColumns: ['event_id'] },
    { fromTable: 'member', fromColumns: ['member_id'], toTable: 'major', toColumns: ['major_id'] },
    { fromTable: 'event', fromColumns: ['event_id'], toTable: 'room', toColumns: ['room_id'] },
  ],
});

describe('inverse table frequency', () => {
  it('weighs a key down by how many tables it names', () => {
    expect(matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1, true, 4)).toBeLessThan(
      matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1, true, 1),
    );
    expect(matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1, true, 1)).toBe(0.8);
  });

  it('lets a rare word outweigh a common one for the same table', async () => {
    const on = await GroundingIndex.build(graph);
    const off = await GroundingIndex.build(graph, { levers: { inverseTableFrequency: false } });
    const score = async (index: GroundingIndex, q: string) => (await index.ground(q)).matches.find((m) => m.column === 'name')?.score;
    expect(await score(on, 'list every name')).toBeLessThan((await score(off, 'list every name'))!);
    const venue = (await on.ground('which venue')).matches.filter((m) => m.column === 'venue');
    expect(venue.map((m) => m.score)).toEqual([venue[0]!.score, venue[0]!.score]);
    expect(venue[0]!.score).toBeLessThan(0.8);
  });
});

describe('column aliases', () => {
  it('count as much as the column name, not as much as a table', () => {
    expect(matchScore(defaultGroundingParams(), 'alias', 'exact', 1, 1, true)).toBe(
      matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1, true),
    );
    expect(matchScore(defaultGroundingParams(), 'alias', 'exact', 1, 1, false)).toBeGreaterThan(
      matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1, true),
    );
  });
});

describe('weak-table pruning', () => {
  it('leaves out tables matched only far more weakly than the strongest', async () => {
    // "building" is one word of four in a room's label: the best match it has, but a weak one.
    const question = 'Which members attended events in the building?';
    // Word vectors off: they would read "building" as the table `room` (0.65), a reading of its own.
    const pruned = await (await GroundingIndex.build(graph, { levers: { similarWords: false } })).ground(question);
    const kept = await (await GroundingIndex.build(graph, { levers: { weakTableRatio: 0, similarWords: false } })).ground(question);
    expect(kept.initialTargets).toContain('room');
    expect(pruned.initialTargets).not.toContain('room');
    expect(pruned.initialTargets).toEqual(expect.arrayContaining(['member', 'event']));
  });
});

describe('runs of words inside a value', () => {
  it('match a part of a longer value, with its share as coverage', async () => {
    const races = graphFromSchema({
      database: 'f1',
      tables: [{ name: 'races', columns: ['raceId', { name: 'name', inferredType: 'text', sample: ['Abu Dhabi Grand Prix'] }] }],
    });
    const result = await (await GroundingIndex.build(races)).ground('Which grand prix had rain?');
    expect(result.matches.map((m) => [m.token, m.column, m.kind, m.coverage])).toEqual([['grand prix', 'name', 'value', 0.5]]);
  });
});

describe('longer spans', () => {
  const f1 = graphFromSchema({
    database: 'f1',
    tables: [
      { name: 'results', columns: ['resultId', 'fastestLapTime'] },
      { name: 'lapTimes', columns: ['raceId', 'lap', 'milliseconds'] },
    ],
    foreignKeys: [{ fromTable: 'lapTimes', fromColumns: ['raceId'], toTable: 'results', toColumns: ['resultId'] }],
  });
  it('a match inside a longer, nearly as strong one is dropped', async () => {
    const on = await (await GroundingIndex.build(f1)).ground('Who has the fastest lap time?');
    expect(on.grounded.map((g) => g.table)).toEqual(['results']);
    const off = await (await GroundingIndex.build(f1, { levers: { preferLongerSpans: false } })).ground('Who has the fastest lap time?');
    expect(off.grounded.map((g) => g.table)).toContain('lapTimes');
  });
});

describe('foreign-key columns', () => {
  const races = graphFromSchema({
    database: 'f1',
    tables: [
      { name: 'races', columns: ['raceId', 'year'] },
      { name: 'seasons', columns: ['year', 'url'] },
    ],
    foreignKeys: [{ fromTable: 'races', fromColumns: ['year'], toTable: 'seasons', toColumns: ['year'] }],
  });
  it('are indexed by default, so the table the question names wins; they can be left out', async () => {
    const on = await (await GroundingIndex.build(races)).ground('races by year');
    expect(on.matches.filter((m) => m.column === 'year').map((m) => m.table)).toEqual(['races']);
    const off = await (await GroundingIndex.build(races, { levers: { foreignKeyColumns: false } })).ground('races by year');
    expect(off.matches.filter((m) => m.column === 'year').map((m) => m.table)).toEqual(['seasons']);
  });
});
