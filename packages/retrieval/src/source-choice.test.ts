import { graphFromSchema, type SchemaForeignKeySpec } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { exploreSources } from './explore.js';
import { chooseSource } from './source-choice.js';

/** Two targets and two candidate sources, `alpha` first by name: each tie-break must overturn that order. */
function schema(foreignKeys: [string, string][]) {
  const tables = [...new Set(['t1', 't2', 'alpha', 'zeta', ...foreignKeys.flat()])];
  return graphFromSchema({
    database: 'tie-breaks',
    tables: tables.map((name) => ({
      name,
      primaryKey: ['id'],
      columns: ['id', ...foreignKeys.filter(([f]) => f === name).map(([, t]) => `${t}_id`)],
    })),
    foreignKeys: foreignKeys.map(
      ([from, to]): SchemaForeignKeySpec => ({ fromTable: from, fromColumns: [`${to}_id`], toTable: to, toColumns: ['id'] }),
    ),
  });
}

const TARGETS = ['t1', 't2'];
const none = new Map<string, number>();
const noCopies = new Map<string, string>();

function choose(graph: ReturnType<typeof schema>, strength = none, copies = noCopies): string {
  return chooseSource(exploreSources(graph, TARGETS), graph, strength, copies, TARGETS).table;
}

describe("the heuristic's source tie-breaks, in order", () => {
  const even: [string, string][] = [
    ['alpha', 't1'],
    ['alpha', 't2'],
    ['zeta', 't1'],
    ['zeta', 't2'],
  ];

  it('falls back to the name when everything else ties', () => {
    expect(choose(schema(even))).toBe('alpha');
  });

  it('covers more of the targets first, whatever the rest', () => {
    const graph = schema([
      ['alpha', 't1'],
      ['zeta', 't1'],
      ['zeta', 't2'],
      ['alpha', 'w1'],
      ['w1', 'w2'],
    ]);
    expect(choose(graph, new Map([['alpha', 1]]))).toBe('zeta');
  });

  it('then takes the shortest routes to what it covers', () => {
    const graph = schema([
      ['alpha', 'bridge'],
      ['bridge', 't1'],
      ['alpha', 't2'],
      ['zeta', 't1'],
      ['zeta', 't2'],
    ]);
    expect(choose(graph, new Map([['alpha', 1]]))).toBe('zeta');
  });

  it('then the strongest grounded', () => {
    expect(
      choose(
        schema(even),
        new Map([
          ['zeta', 0.9],
          ['alpha', 0.5],
        ]),
      ),
    ).toBe('zeta');
  });

  it('then not a look-alike copy of another table', () => {
    expect(choose(schema(even), none, new Map([['alpha', 'zeta']]))).toBe('zeta');
  });

  it('then the fewest outgoing keys', () => {
    expect(choose(schema([...even, ['alpha', 'w']]))).toBe('zeta');
  });

  it('keeps the order: strength outranks being a copy, routes outrank strength', () => {
    expect(choose(schema(even), new Map([['alpha', 0.9]]), new Map([['alpha', 'zeta']]))).toBe('alpha');
    const longer = schema([
      ['zeta', 'bridge'],
      ['bridge', 't1'],
      ['zeta', 't2'],
      ['alpha', 't1'],
      ['alpha', 't2'],
    ]);
    expect(choose(longer, new Map([['zeta', 1]]))).toBe('alpha');
  });
});
