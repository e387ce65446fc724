import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { GraphBuildError } from '../errors.js';
import { dictionaryAnnotations, overAnnotations, parseDictionary } from './dictionary.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const profile: DatabaseProfile = {
  formatVersion: 1,
  engine: 'sqlite',
  database: 'baseball',
  tables: [
    {
      name: 'Batting',
      rowCount: 3,
      primaryKey: [],
      foreignKeys: [],
      columns: ['playerID', 'HR', 'SO'].map((name) => ({
        name,
        declaredType: 'INTEGER',
        inferredType: 'integer' as const,
        rowCount: 3,
        count: 3,
        nulls: 0,
        distinct: 3,
        min: 1,
        max: 3,
        sample: [],
      })),
    },
  ],
};

describe('parseDictionary', () => {
  it('reads a CSV of table, column, description (a row without a column describes the table)', () => {
    const csv =
      'Table,Column,Description\r\nBatting,,"Batting statistics, one row per stint"\r\nBatting,HR,Home runs\r\nbatting,so,Strikeouts\r\n';
    const { entries, warnings } = parseDictionary(bytes(`\uFEFF${csv}`), 'dict.csv');
    expect(warnings).toEqual([]);
    expect(entries).toEqual([
      { table: 'Batting', description: 'Batting statistics, one row per stint', at: 'line 2' },
      { table: 'Batting', column: 'HR', description: 'Home runs', at: 'line 3' },
      { table: 'batting', column: 'so', description: 'Strikeouts', at: 'line 4' },
    ]);
  });

  it('reads a Markdown table, and dbt’s schema.yml', () => {
    const md =
      '# Lahman\n\n| table | column | description |\n|---|---|---|\n| Batting | HR | Home runs |\n| Batting | SO | Strike\\|outs |\n';
    expect(parseDictionary(bytes(md), 'dict.md').entries).toEqual([
      { table: 'Batting', column: 'HR', description: 'Home runs', at: 'line 5' },
      { table: 'Batting', column: 'SO', description: 'Strike|outs', at: 'line 6' },
    ]);
    const yml = [
      'version: 2',
      'models:',
      '  - name: Batting',
      '    description: Batting statistics',
      '    columns:',
      '      - name: HR',
      '        description: Home runs',
      '      - name: G',
      'sources:',
      '  - name: lahman',
      '    tables:',
      '      - name: People',
      '        columns:',
      '          - name: bats',
      '            description: Batting hand',
      '',
    ].join('\n');
    expect(parseDictionary(bytes(yml), 'schema.yml').entries).toEqual([
      { table: 'Batting', description: 'Batting statistics', at: 'models[0]' },
      { table: 'Batting', column: 'HR', description: 'Home runs', at: 'models[0].columns[0]' },
      { table: 'People', column: 'bats', description: 'Batting hand', at: 'sources[0].tables[0].columns[0]' },
    ]);
  });

  it('leaves out a row whose text is not valid UTF-8, naming it', () => {
    const good = bytes('table,column,description\nBatting,HR,Home runs\nBatting,SO,Strike');
    const broken = new Uint8Array([...good, 0xff, 0xfe, ...bytes('outs\n')]);
    const { entries, warnings } = parseDictionary(broken, 'dict.csv');
    expect(entries.map((e) => e.column)).toEqual(['HR']);
    expect(warnings).toEqual(['dict.csv line 3: not valid UTF-8 text (Batting.SO): left out']);
  });

  it('refuses a file that is no table at all in one error naming it', () => {
    const refuse = (text: string | Uint8Array, file: string) => {
      const run = () => parseDictionary(typeof text === 'string' ? bytes(text) : text, file);
      expect(run).toThrow(GraphBuildError);
      expect(run).toThrow(new RegExp(`^${file.replace('.', '\\.')} is not a data dictionary: `));
    };
    refuse('just some prose about baseball\nand more\n', 'notes.txt');
    refuse('a,b\n1,2\n', 'numbers.csv');
    refuse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]), 'dict.xlsx');
    refuse('models: [\n', 'schema.yml');
    refuse('name: x\n', 'other.yaml');
  });
});

describe('dictionaryAnnotations', () => {
  it('applies the rows naming a table and column of the database, each other named in a warning', () => {
    const entries = [
      { table: 'batting', column: 'hr', description: 'Home runs', at: 'line 2' },
      { table: 'Batting', column: 'HR', description: 'Homers', at: 'line 3' },
      { table: 'Pitching', column: 'ERA', description: 'Earned run average', at: 'line 4' },
      { table: 'Batting', column: 'G_ss', description: 'Games at shortstop', at: 'line 5' },
      { table: 'Batting', description: 'Batting statistics', at: 'line 6' },
      { table: 'Batting', column: 'SO', description: '', at: 'line 7' },
    ];
    const { annotations, applied, warnings } = dictionaryAnnotations(entries, profile, 'dict.csv');
    expect(applied).toBe(2);
    expect(annotations).toEqual({
      tables: { Batting: { description: 'Batting statistics' } },
      columns: { Batting: { HR: { description: 'Home runs' } } },
    });
    expect(warnings).toEqual([
      'dict.csv line 3: Batting.HR is described again: the first kept',
      'dict.csv line 4: no table "Pitching" in baseball: left out',
      'dict.csv line 5: no column "G_ss" in table Batting: left out',
      'dict.csv line 7: Batting.SO has no description: left out',
    ]);
  });

  it('lays the dictionary over what the schema said, aliases kept', () => {
    const merged = overAnnotations(
      { tables: { Batting: { description: 'old', aliases: ['batting stats'] } }, columns: { Batting: { HR: { description: 'hr' } } } },
      { tables: { Batting: { description: 'Batting statistics' } }, columns: { Batting: { SO: { description: 'Strikeouts' } } } },
    );
    expect(merged).toEqual({
      tables: { Batting: { description: 'Batting statistics', aliases: ['batting stats'] } },
      columns: { Batting: { HR: { description: 'hr' }, SO: { description: 'Strikeouts' } } },
    });
  });
});
