/**
 * Names are data: a graph whose tables and columns are named from the hard cases (`__proto__`,
 * `constructor`, SQL keywords, quotes, dots, spaces, Unicode, 1 and 200 characters) is written
 * and read back whole, its joins and look-ups by name intact. Property-based (fast-check), with
 * a fixed seed so that CI runs the same cases.
 */
import { HOSTILE_NAMES } from '@guided-retrieval/profiler/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from './io.js';
import { graphFromSchema, type SchemaSpec } from './schema.js';

const SEED = 4049;

const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
);
/** Distinct names, which may differ only in case (`Orders`, `orders`): two tables, or two columns. */
const distinct = (min: number, max: number) => fc.uniqueArray(nameArb, { minLength: min, maxLength: max });

/** Tables of hostile names, each with hostile columns; every table after the first references the first by its second column. */
const schemaArb: fc.Arbitrary<SchemaSpec> = fc
  .record({ tables: distinct(2, 4), columns: distinct(2, 4), description: nameArb })
  .map(({ tables, columns, description }) => ({
    database: tables.join('.'),
    tables: tables.map((name) => ({
      name,
      description,
      primaryKey: [columns[0]!],
      columns: columns.map((c) => ({ name: c, type: 'INTEGER', description: c, sample: [c, 1] })),
    })),
    foreignKeys: tables
      .slice(1)
      .map((name) => ({ fromTable: name, fromColumns: [columns[1]!], toTable: tables[0]!, toColumns: [columns[0]!] })),
  }));

describe('a graph named from the hard cases', () => {
  it('is written and read back whole, every name found as spelled', () => {
    fc.assert(
      fc.property(schemaArb, (spec) => {
        const graph = graphFromSchema(spec);
        const read = parseGraph(serializeGraph(graph), 'hostile.graph.json');
        expect(read.toData()).toEqual(graph.toData());
        const [first, ...rest] = spec.tables;
        for (const table of spec.tables) {
          expect(read.table(table.name)?.name).toBe(table.name);
          for (const column of table.columns)
            expect(read.column(table.name, (column as { name: string }).name)?.name).toBe((column as { name: string }).name);
        }
        expect(
          read
            .inEdges(first!.name)
            .map((e) => e.fromTable)
            .sort(),
        ).toEqual(rest.map((t) => t.name).sort());
        for (const table of rest)
          expect(read.shortestPath(table.name, first!.name, { maxLength: 3 })?.tables).toEqual([table.name, first!.name]);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
