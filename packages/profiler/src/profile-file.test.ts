import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProfile, ProfileFileError, parseProfile } from './profile-file.js';
import type { DatabaseProfile } from './types.js';

const column = (name: string) => ({
  name,
  declaredType: 'INTEGER',
  inferredType: 'integer' as const,
  rowCount: 1,
  count: 1,
  nulls: 0,
  distinct: 1,
  min: 1,
  max: 1,
  sample: [],
});
const profile: DatabaseProfile = {
  formatVersion: 1,
  engine: 'sqlite',
  database: 'shop',
  tables: [
    { name: 'Customer', rowCount: 1, primaryKey: ['Id'], foreignKeys: [], columns: [column('Id')] },
    { name: 'orders', rowCount: 1, primaryKey: ['id'], foreignKeys: [], columns: [column('id'), column('customer_id')] },
  ],
};

describe('parseProfile', () => {
  const text = JSON.stringify(profile);
  it('accepts a profile', () => {
    expect(parseProfile(text, 'p.json')).toEqual(profile);
  });

  it('names the file and what is wrong in one line', () => {
    const bad = (value: unknown) => () => parseProfile(JSON.stringify(value), 'p.json');
    expect(() => parseProfile('{', 'p.json')).toThrow(ProfileFileError);
    expect(() => parseProfile('{', 'p.json')).toThrow('p.json is not a profile: not valid JSON');
    expect(bad([])).toThrow('p.json is not a profile: expected a JSON object');
    expect(bad({ tables: [] })).toThrow('p.json is not a profile: no formatVersion');
    expect(bad({ ...profile, formatVersion: 7 })).toThrow(
      'p.json has profile format version 7; this version reads 1: rerun `guided profile`',
    );
    expect(bad({ ...profile, database: 3 })).toThrow('p.json is not a profile: missing "database"');
    expect(bad({ ...profile, tables: undefined })).toThrow('p.json is not a profile: missing "tables"');
    expect(bad({ ...profile, tables: [{ ...profile.tables[0], foreignKeys: undefined }] })).toThrow(
      'p.json: table 0 (Customer): missing "foreignKeys"',
    );
    expect(bad({ ...profile, tables: [null] })).toThrow('p.json: table 0: missing "name"');
    expect(bad({ ...profile, tables: [{ ...profile.tables[0], columns: [{ name: 'Id' }] }] })).toThrow(
      'p.json: table 0 (Customer): column Id: missing "sample"',
    );
    expect(bad({ ...profile, tables: [{ ...profile.tables[0], columns: [{}] }] })).toThrow(
      'p.json: table 0 (Customer): column 0: missing "name"',
    );
  });
});

describe('loadProfile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'profiler-profile-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a profile written as JSON', async () => {
    const path = join(dir, 'shop.json');
    writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`);
    await expect(loadProfile(path)).resolves.toEqual(profile);
  });

  it('names a file it cannot read', async () => {
    const missing = join(dir, 'nope.json');
    await expect(loadProfile(missing)).rejects.toThrow(`cannot read profile file ${missing}: no such file`);
    await expect(loadProfile(missing)).rejects.toBeInstanceOf(ProfileFileError);
    writeFileSync(join(dir, 'broken.json'), '{');
    await expect(loadProfile(join(dir, 'broken.json'))).rejects.toThrow(`${join(dir, 'broken.json')} is not a profile: not valid JSON`);
  });
});
