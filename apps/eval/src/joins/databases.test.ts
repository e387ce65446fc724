import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findJoinsData, findSqliteDatabases } from './databases.js';

const root = mkdtempSync(join(tmpdir(), 'joins-dbs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findSqliteDatabases', () => {
  it("names a folder's only database by the folder, several by folder/file, top-level files by their base name", () => {
    for (const [dir, files] of [
      ['world', ['world.sqlite', 'world.sql']],
      ['multi', ['b.sqlite', 'a.sqlite']],
      ['docs', ['README.md']],
    ] as const) {
      mkdirSync(join(root, dir));
      for (const file of files) writeFileSync(join(root, dir, file), '');
    }
    writeFileSync(join(root, 'loose.sqlite'), '');
    expect(findSqliteDatabases(root)).toEqual([
      { name: 'loose', path: join(root, 'loose.sqlite') },
      { name: 'multi/a', path: join(root, 'multi', 'a.sqlite') },
      { name: 'multi/b', path: join(root, 'multi', 'b.sqlite') },
      { name: 'world', path: join(root, 'world', 'world.sqlite') },
    ]);
  });

  it('says in one line when there is no folder or no database', () => {
    expect(() => findSqliteDatabases(join(root, 'nope'))).toThrow(`sample databases not found: ${join(root, 'nope')} is not a directory`);
    expect(() => findSqliteDatabases(join(root, 'docs'))).toThrow(`no *.sqlite database in ${join(root, 'docs')} or its subfolders`);
  });

  it('reads a benchmarks folder as its sets of databases and its dbt project, any other folder as one set', () => {
    const bench = join(root, 'benchmarks');
    for (const [set, db] of [
      ['sample-dbs', 'chinook'],
      ['train-dbs', 'mondial'],
    ] as const) {
      mkdirSync(join(bench, set, db), { recursive: true });
      writeFileSync(join(bench, set, db, `${db}.sqlite`), '');
    }
    expect(findJoinsData(bench)).toEqual({
      databases: [
        { name: 'chinook', path: join(bench, 'sample-dbs', 'chinook', 'chinook.sqlite'), group: 'sample' },
        { name: 'mondial', path: join(bench, 'train-dbs', 'mondial', 'mondial.sqlite'), group: 'train' },
      ],
    });
    mkdirSync(join(bench, 'dbt-hubspot'));
    writeFileSync(join(bench, 'dbt-hubspot', 'manifest.json'), '{}');
    expect(findJoinsData(bench).dbt).toBe(join(bench, 'dbt-hubspot', 'manifest.json'));
    expect(findJoinsData(join(bench, 'train-dbs')).databases.map((d) => d.group)).toEqual([undefined]);
  });
});
