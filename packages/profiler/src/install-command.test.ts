import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPg } from './driver.js';
import { driverMissing, installCommand, nodeHeadersDir, packageManager } from './install-command.js';

const root = mkdtempSync(join(tmpdir(), 'guided-install-command-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A project folder holding `lockfile`, with a nested folder a script may run from. */
function project(name: string, lockfile?: string): string {
  const dir = join(root, name, 'src', 'deep');
  mkdirSync(dir, { recursive: true });
  if (lockfile) writeFileSync(join(root, name, lockfile), '');
  return dir;
}

describe('the package manager of the project', () => {
  it('is the one running us, by its user agent', () => {
    const dir = project('agent', 'pnpm-lock.yaml');
    expect(packageManager({ npm_config_user_agent: 'npm/10.8.2 node/v20.20.2 linux x64 workspaces/false' }, dir)).toBe('npm');
    expect(packageManager({ npm_config_user_agent: 'pnpm/12.4.2 npm/? node/v20.20.2 linux x64' }, dir)).toBe('pnpm');
    expect(packageManager({ npm_config_user_agent: 'yarn/1.22.22 npm/? node/v20.20.2 linux x64' }, dir)).toBe('yarn');
  });

  it('else the one whose lockfile is nearest above the working folder', () => {
    expect(packageManager({}, project('npm-project', 'package-lock.json'))).toBe('npm');
    expect(packageManager({}, project('pnpm-project', 'pnpm-lock.yaml'))).toBe('pnpm');
    expect(packageManager({}, project('yarn-project', 'yarn.lock'))).toBe('yarn');
    expect(packageManager({}, project('bun-project', 'bun.lock'))).toBe('bun');
  });
});

describe('the install command', () => {
  it("is said in the manager's own words, both npm's and pnpm's when nothing tells", () => {
    expect(installCommand('pg@8', 'npm')).toBe('`npm install pg@8`');
    expect(installCommand('pg@8', 'pnpm')).toBe('`pnpm add pg@8`');
    expect(installCommand('pg@8', 'yarn')).toBe('`yarn add pg@8`');
    expect(installCommand('pg@8', undefined)).toBe('`npm install pg@8` (with pnpm: `pnpm add pg@8`)');
  });

  it("points npm's build of a native driver at this Node's headers when they are beside it", () => {
    const headers = nodeHeadersDir();
    const command = installCommand('better-sqlite3@12', 'npm', true);
    expect(command).toBe(headers ? `\`npm install better-sqlite3@12 --nodedir=${headers}\`` : '`npm install better-sqlite3@12`');
    if (headers) expect(headers).toBe(dirname(dirname(process.execPath)));
    expect(nodeHeadersDir(join(root, 'bin', 'node'))).toBeUndefined();
  });

  it('is the one line of a missing driver', async () => {
    expect(driverMissing('pg', 'pg@8', { manager: 'npm' })).toBe('pg is not installed: run `npm install pg@8`');
    const failing = () => Promise.reject(new Error("Cannot find package 'pg'"));
    const error = (await loadPg(failing).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^pg is not installed: run `(npm install|pnpm add) pg@8`/);
    expect(error.message).not.toContain('\n');
  });
});
