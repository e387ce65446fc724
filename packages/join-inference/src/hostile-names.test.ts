/**
 * Names are data: join inference over tables and columns named from the hard cases
 * (`__proto__`, `constructor`, SQL keywords, quotes, dots, spaces, Unicode, 1 and 200
 * characters). Property-based (fast-check), with a fixed seed so that CI runs the same cases.
 */
import { HOSTILE_NAMES } from '@guided-retrieval/profiler/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferJoins } from './infer.js';
import { entityNames, entityWords, namedAfterTable, namesOwnTable, stripPrefix, tableNames, words } from './names.js';
import { defaultJoinParams } from './params.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';

const SEED = 4049;
const P = defaultJoinParams();

const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
);
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

describe('name evidence', () => {
  it('reads any name as words, and any table name as the names it goes by, without throwing', () => {
    fc.assert(
      fc.property(nameArb, nameArb, (table, column) => {
        for (const w of [...words(column), ...tableNames(table, P), ...entityNames(table, P), ...(entityWords(table) ?? [])]) {
          expect(typeof w).toBe('string');
        }
        expect(typeof stripPrefix(column, P)).toBe('string');
        expect(typeof namedAfterTable(column, table, P)).toBe('boolean');
        expect(typeof namesOwnTable(column, table, P)).toBe('boolean');
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('reads a table whose name ends in __ (`__proto__`) as its own name, not a dbt model', () => {
    expect(entityWords('__proto__')).toBeUndefined();
    expect(entityWords('orders__')).toBeUndefined();
    expect(tableNames('__proto__', P)).toEqual(['proto']);
    expect(namedAfterTable('proto_id', '__proto__', P)).toBe(true);
  });
});

describe('inferJoins over hostile names', () => {
  it('finds edges that name only the tables and columns there are, each as spelled', async () => {
    const schemaArb = fc.record({
      tables: fc.uniqueArray(nameArb, { minLength: 2, maxLength: 4 }), // may differ only in case
      key: nameArb,
      reference: nameArb,
    });
    let found = 0;
    await fc.assert(
      fc.asyncProperty(schemaArb, async ({ tables, key, reference }) => {
        // Each table has its key; every table after the first references the first, by a column
        // named after it (`<first>_id`), and by a hostile name too.
        const [first] = tables;
        const referenceName = reference === key ? `${reference}2` : reference;
        const profile = databaseFromTables(
          'hostile',
          tables.map((name, i) =>
            tableFromColumns(
              name,
              i === 0
                ? { [key]: range(20), label: range(20).map((n) => `${name} ${n}`) }
                : {
                    [key]: range(50, 100 * i),
                    [`${first}_id`]: range(50).map((n) => 1 + (n % 20)),
                    [referenceName]: range(50).map((n) => 1 + (n % 20)),
                  },
            ),
          ),
        );
        const columns = new Map(profile.tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
        const result = await inferJoins(profile, { declared: 'hide' });
        found += result.edges.length;
        for (const edge of result.edges) {
          for (const [table, cols] of [
            [edge.fromTable, edge.fromColumns],
            [edge.toTable, edge.toColumns],
          ] as const) {
            expect(columns.get(table), `${edge.id}: table ${JSON.stringify(table)}`).toBeDefined();
            for (const c of cols) expect(columns.get(table)!.has(c), `${edge.id}: column ${JSON.stringify(c)}`).toBe(true);
          }
        }
        for (const k of result.keys) for (const c of k.columns) expect(columns.get(k.table)?.has(c)).toBe(true);
      }),
      { seed: SEED, numRuns: 60 },
    );
    // not vacuous: the references by value and name are found in many of the schemas
    expect(found).toBeGreaterThan(30);
  });
});
