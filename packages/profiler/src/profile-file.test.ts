import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, ProfileFileError, parseProfile } from './profile-file.js';
import { profileSqlite } from './sqlite.js';
import { createFixture, type Fixture } from './test-support/fixture.js';
import type { DatabaseProfile } from './types.js';

let fixture: Fixture;
let profile: DatabaseProfile;

beforeAll(async () => {
  fixture = createFixture();
  profile = await profileSqlite(fixture.path);
});

afterAll(() => fixture.cleanup());

describe('parseProfile', () => {
  it('accepts a profile written as JSON', () => {
    expect(parseProfile(JSON.stringify(profile, null, 2), 'p.json')).toEqual(profile);
  });

  it('names the file and what is wrong in one line', () => {
    const bad = (value: unknown) => () => parseProfile(JSON.stringify(value), 'p.json');
    const first = profile.tables[0]!;
    expect(first.name).toBe('customer');
    expect(() => parseProfile('{', 'p.json')).toThrow(ProfileFileError);
    expect(() => parseProfile('{', 'p.json')).toThrow('p.json is not a profile: not valid JSON');
    expect(bad([])).toThrow('p.json is not a profile: expected a JSON object');
    expect(bad({ tables: [] })).toThrow('p.json is not a profile: no formatVersion');
    expect(bad({ ...profile, formatVersion: 7 })).toThrow(
      'p.json has profile format version 7; this version reads 1: rerun `guided profile`',
    );
    expect(bad({ ...profile, database: 3 })).toThrow('p.json is not a profile: missing "database"');
    expect(bad({ ...profile, tables: undefined })).toThrow('p.json is not a profile: missing "tables"');
    expect(bad({ ...profile, tables: [{ ...first, foreignKeys: undefined }] })).toThrow(
      'p.json: table 0 (customer): missing "foreignKeys"',
    );
    expect(bad({ ...profile, tables: [null] })).toThrow('p.json: table 0: missing "name"');
    expect(bad({ ...profile, tables: [{ ...first, columns: [{ name: 'id' }] }] })).toThrow(
      'p.json: table 0 (customer): column id: missing "sample"',
    );
    expect(bad({ ...profile, tables: [{ ...first, columns: [{}] }] })).toThrow('p.json: table 0 (customer): column 0: missing "name"');
  });
});

describe('loadProfile', () => {
  it('reads a profile written as JSON', async () => {
    const path = join(fixture.dir, 'shop.json');
    writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`);
    await expect(loadProfile(path)).resolves.toEqual(profile);
  });

  it('names a file it cannot read', async () => {
    const missing = join(fixture.dir, 'nope.json');
    await expect(loadProfile(missing)).rejects.toThrow(`cannot read profile file ${missing}: no such file`);
    await expect(loadProfile(missing)).rejects.toBeInstanceOf(ProfileFileError);
    writeFileSync(join(fixture.dir, 'broken.json'), '{');
    await expect(loadProfile(join(fixture.dir, 'broken.json'))).rejects.toThrow(
      `${join(fixture.dir, 'broken.json')} is not a profile: not valid JSON`,
    );
  });
});
