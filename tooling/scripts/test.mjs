#!/usr/bin/env node
// `pnpm test`: makes sure the system prerequisites of the tests are there, then runs every
// package's tests (`turbo run test --continue`).
// - PostgreSQL for the connector and Defog tests: $GUIDED_TEST_POSTGRES_URL when set; else, as root
//   on Debian, .ci/setup-postgres.sh installs and starts a local cluster; else a server already
//   answering on 127.0.0.1:5432 with the documented password.
// - MySQL/MariaDB for the MySQL connector tests: $GUIDED_TEST_MYSQL_URL when set; else a server
//   answering on 127.0.0.1:3306 with Chinook and the `guided` user; else, as root,
//   .ci/setup-mariadb.sh installs (Debian's mariadb-server), starts and loads one.
// - Debian's Chromium for the demo's browser test: .ci/setup-chromium.sh when root on Debian.
// What cannot be had is skipped (GUIDED_SKIP_POSTGRES=1, GUIDED_SKIP_MYSQL=1, GUIDED_SKIP_BROWSER=1) and said, at the
// start and again at the end: never silently. GUIDED_SKIP_* set by hand are respected and said too.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const DEFAULT_MYSQL_URL = 'mysql://guided:guided@127.0.0.1:3306/Chinook';
const env = { ...process.env };
const skipped = [];
const say = (message) => process.stderr.write(`test: ${message}\n`);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canApt = isRoot && existsSync('/usr/bin/apt-get');

function runScript(script) {
  spawnSync('bash', [join(root, '.ci', script)], { stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
}

function postgresAnswers(url) {
  // The pg driver is the profiler's dev dependency: ask the server itself, not a client binary.
  const probe = `import pg from 'pg'; const c = new pg.Client({ connectionString: ${JSON.stringify(url)}, connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query('SELECT 1')).then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  return (
    spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: join(root, 'packages', 'profiler'), stdio: 'ignore' })
      .status === 0
  );
}

if (env.GUIDED_SKIP_POSTGRES === '1') {
  skipped.push('PostgreSQL tests (GUIDED_SKIP_POSTGRES=1 was set)');
} else if (!env.GUIDED_TEST_POSTGRES_URL) {
  // Each probe may wait out its timeout: ask again only after the set-up script ran.
  let answers = postgresAnswers(DEFAULT_URL);
  if (!answers && canApt) {
    say('no PostgreSQL on 127.0.0.1:5432: installing and starting one with .ci/setup-postgres.sh');
    runScript('setup-postgres.sh');
    answers = postgresAnswers(DEFAULT_URL);
  }
  if (answers) env.GUIDED_TEST_POSTGRES_URL = DEFAULT_URL;
  else {
    env.GUIDED_SKIP_POSTGRES = '1';
    skipped.push(
      `PostgreSQL tests (no server at ${DEFAULT_URL.replace(':postgres@', ':***@')}${canApt ? ' after .ci/setup-postgres.sh' : '; run .ci/setup-postgres.sh as root, or set GUIDED_TEST_POSTGRES_URL'})`,
    );
  }
}

function mysqlAnswers(url) {
  // mysql2 is the profiler's dev dependency: ask the server itself, Chinook loaded.
  const probe = `import mysql from 'mysql2/promise'; const u = new URL(${JSON.stringify(url)});
    mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password), database: decodeURIComponent(u.pathname.slice(1)), connectTimeout: 3000 })
      .then((c) => c.query('SELECT COUNT(*) FROM Track').then(() => c.end()))
      .then(() => process.exit(0), () => process.exit(1));`;
  return (
    spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: join(root, 'packages', 'profiler'), stdio: 'ignore' })
      .status === 0
  );
}

if (env.GUIDED_SKIP_MYSQL === '1') {
  skipped.push('MySQL tests (GUIDED_SKIP_MYSQL=1 was set)');
} else if (!env.GUIDED_TEST_MYSQL_URL) {
  let answers = mysqlAnswers(DEFAULT_MYSQL_URL);
  if (!answers && isRoot) {
    say('no MySQL/MariaDB with Chinook on 127.0.0.1:3306: installing and starting one with .ci/setup-mariadb.sh');
    runScript('setup-mariadb.sh');
    answers = mysqlAnswers(DEFAULT_MYSQL_URL);
  }
  if (answers) env.GUIDED_TEST_MYSQL_URL = DEFAULT_MYSQL_URL;
  else {
    env.GUIDED_SKIP_MYSQL = '1';
    skipped.push(
      `MySQL tests (no server at ${DEFAULT_MYSQL_URL.replace(':guided@', ':***@')}${isRoot ? ' after .ci/setup-mariadb.sh' : '; run .ci/setup-mariadb.sh as root, or set GUIDED_TEST_MYSQL_URL'})`,
    );
  }
}

if (env.GUIDED_SKIP_BROWSER === '1') {
  skipped.push('the browser test (GUIDED_SKIP_BROWSER=1 was set)');
} else if (!existsSync('/usr/bin/chromium')) {
  if (canApt) {
    say("no /usr/bin/chromium: installing Debian's chromium with .ci/setup-chromium.sh");
    runScript('setup-chromium.sh');
  }
  if (!existsSync('/usr/bin/chromium')) {
    env.GUIDED_SKIP_BROWSER = '1';
    skipped.push(
      `the browser test (no /usr/bin/chromium${canApt ? ' after .ci/setup-chromium.sh' : '; run .ci/setup-chromium.sh as root'})`,
    );
  }
}

for (const s of skipped) say(`skipping ${s}`);
// `pnpm test -- --filter=…` hands us the `--` too: turbo would pass what follows it to every task.
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const turbo = spawnSync(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'test', '--continue', ...args], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const s of skipped) say(`skipped ${s}`);
process.exit(turbo.status ?? 1);
