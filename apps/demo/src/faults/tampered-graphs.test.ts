/**
 * Fault: a graph file tampered with where its shape is still right — a primary key naming no
 * column, a value filter whose data is not base64, one declaring a trillion bits. `guided
 * retrieve` and `guided mcp` refuse each in one line naming the file and the JSON path, and the
 * next run on the untouched graph answers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, sandbox } from '../test-support/cli.js';
import { chinook, oneLine, start } from '../test-support/faults.js';

const box = sandbox('fault-tampered');
let graph: string;

interface FileV2 {
  tables: { name: string; primaryKey?: string[]; columns: { name: string[]; values?: ({ filter?: Record<string, unknown> } | null)[] } }[];
}

beforeAll(async () => {
  requireBuiltCli();
  chinook(box);
  // --hash-values keeps every name column's values as a filter.
  const built = await start(box, ['build', 'Chinook.sqlite', '-o', 'chinook.graph.json', '--hash-values']).ended;
  expect(built.code, built.stderr).toBe(0);
  graph = join(box.work, 'chinook.graph.json');
});
afterAll(() => box.remove());

/** The graph with one change, written beside it: the file's path. */
function tampered(name: string, change: (file: FileV2) => string): { path: string; where: string } {
  const file = JSON.parse(readFileSync(graph, 'utf8')) as FileV2;
  const where = change(file);
  const path = join(box.work, `${name}.graph.json`);
  writeFileSync(path, JSON.stringify(file));
  return { path, where };
}

/** The first column of a table whose values are kept as a filter: [table index, column index]. */
function filtered(file: FileV2): [number, number] {
  for (const [i, t] of file.tables.entries()) {
    const j = t.columns.values?.findIndex((v) => v?.filter !== undefined) ?? -1;
    if (j >= 0) return [i, j];
  }
  throw new Error('no filter in the graph');
}

const CASES: [string, (file: FileV2) => string, RegExp][] = [
  [
    'no-such-key-column',
    (file) => {
      const i = file.tables.findIndex((t) => t.name === 'Album');
      file.tables[i]!.primaryKey = ['NoSuchColumn'];
      return `tables[${i}].primaryKey[0]`;
    },
    /is inconsistent: tables\[\d+\]\.primaryKey\[0\]: table Album has no column "NoSuchColumn"$/,
  ],
  [
    'filter-not-base64',
    (file) => {
      const [i, j] = filtered(file);
      const filter = file.tables[i]!.columns.values![j]!.filter!;
      filter.data = `${String(filter.data).slice(0, -4)}!!!!`;
      return `tables[${i}].columns.values[${j}].filter.data`;
    },
    /is not a context graph: tables\[\d+\]\.columns\.values\[\d+\]\.filter\.data: expected base64/,
  ],
  [
    'filter-trillion-bits',
    (file) => {
      const [i, j] = filtered(file);
      file.tables[i]!.columns.values![j]!.filter!.bits = 1e12;
      return `tables[${i}].columns.values[${j}].filter.bits`;
    },
    /is not a context graph: tables\[\d+\]\.columns\.values\[\d+\]\.filter\.bits: declares 1000000000000 bits/,
  ],
];

describe('3 tampered graphs', () => {
  for (const [name, change, problem] of CASES) {
    it(`${name}: refused in one line naming the file and the JSON path, by retrieve and mcp`, async () => {
      const { path, where } = tampered(name, change);
      for (const args of [
        ['retrieve', '--graph', path, 'Which artists have the most albums?'],
        ['mcp', '--graph', path],
      ]) {
        const run = await start(box, args).ended;
        expect(run.code, run.stderr).toBe(1);
        const line = oneLine(run);
        expect(line).toContain(path);
        expect(line).toContain(where);
        expect(line).toMatch(problem);
      }
    });
  }

  it('the untouched graph still answers', async () => {
    const run = await start(box, ['retrieve', '--graph', graph, 'Which artists have the most albums?']).ended;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Artist/);
  });
});
