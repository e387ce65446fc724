/**
 * No password is ever printed: the real CLI commands over a table of hostile URLs (passwords
 * holding `@ / # ? %`, percent-encoded or not, in `?password=`, in PGPASSWORD; postgres://,
 * mysql://, mariadb://), against an unreachable port and the real PostgreSQL with a wrong
 * password; and a server on a role whose password is hostile, whose HTTP answers and logs are read.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOSTILE_URLS } from '@guided-retrieval/profiler/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';
import { sandboxEnv } from './test-support/mcp.js';
import { startTestServer } from './test-support/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

interface Output {
  status: number | null;
  text: string;
}

/** Runs the CLI to its end; a server that does start is stopped once it printed its address. */
function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Output> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let text = '';
    const take = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (/http:\/\/127\.0\.0\.1:\d+/.test(text)) child.kill('SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.stdin.end();
    child.once('error', fail);
    child.once('close', (status) => done({ status, text }));
  });
}

/** Runs `jobs` a few at a time (each is a CLI process). */
async function inBatches<T>(jobs: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < jobs.length; i += size) results.push(...(await Promise.all(jobs.slice(i, i + size).map((job) => job()))));
  return results;
}

const COMMANDS = (url: string): string[][] => [
  ['build', url, '-o', 'x.graph.json'],
  ['profile', url, '-o', 'x.profile.json'],
  ['serve', '--database', url, '--port', '0'],
  ['mcp', '--database', url],
  ['mcp', '--http', '--database', url, '--port', '0'],
  ['demo', '--database', url, 'Which customers ordered the most?'],
];

describe('no output stream carries a password', () => {
  let box: Sandbox;
  beforeAll(() => {
    requireBuiltCli();
    box = sandbox('secrets');
  });
  afterAll(() => box?.remove());

  // Port 5432: the real PostgreSQL refuses the password (or, with none running, nothing answers); port 1: unreachable.
  const cases = HOSTILE_URLS.flatMap(({ url, secret }) => [
    { url, secret },
    { url: url.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:1'), secret },
  ]);

  it.each(cases)('$url', async ({ url, secret }) => {
    const env = { ...sandboxEnv(box), GUIDED_DEBUG: '1' }; // stack traces too
    const results = await inBatches(COMMANDS(url).map((args) => () => run(args, env)));
    for (const [i, result] of results.entries()) {
      const args = COMMANDS(url)[i]?.join(' ');
      expect(result.status, `${args}: ${result.text}`).not.toBe(0);
      expect(result.text, args).not.toContain(secret);
      expect(result.text, args).not.toContain(encodeURIComponent(secret));
    }
  });

  it('PGPASSWORD is never echoed', async () => {
    const secret = 'EnvSecret-4d7f';
    const env = { ...sandboxEnv(box), PGPASSWORD: secret, GUIDED_DEBUG: '1' };
    for (const url of ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://postgres@127.0.0.1:1/postgres']) {
      const results = await inBatches(COMMANDS(url).map((args) => () => run(args, env)));
      for (const result of results) {
        expect(result.status).not.toBe(0);
        expect(result.text).not.toContain(secret);
      }
    }
  });
});

// A role whose password is hostile, on the real server: `serve` and `mcp --http` start, and their answers are read.
const admin = process.env.GUIDED_TEST_POSTGRES_URL;
const ROLE = 'secrets_hostile';
const DATABASE = 'secrets_leak';
const PASSWORD = 'my@Sec/ret#9?%zz';

describe.skipIf(!admin)('a server on a database whose password is hostile prints and answers no password', () => {
  let box: Sandbox;
  let client: pg.Client;
  const url = `postgres://${ROLE}:${PASSWORD}@127.0.0.1:5432/${DATABASE}`;
  beforeAll(async () => {
    requireBuiltCli();
    box = sandbox('secrets-server');
    client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`DROP ROLE IF EXISTS ${ROLE}`);
    await client.query(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}'`);
    await client.query(`CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
    const owner = new pg.Client({ host: '127.0.0.1', port: 5432, user: ROLE, password: PASSWORD, database: DATABASE });
    await owner.connect();
    await owner.query('CREATE TABLE customer (id int PRIMARY KEY, name text)');
    await owner.query('CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customer(id), total numeric)');
    await owner.query("INSERT INTO customer VALUES (1, 'Ada'), (2, 'Bo'); INSERT INTO orders VALUES (1, 1, 9.5), (2, 2, 3)");
    await owner.end();
  });
  afterAll(async () => {
    await client?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client?.query(`DROP ROLE IF EXISTS ${ROLE}`);
    await client?.end();
    box?.remove();
  });

  const secretFree = (text: string, where: string) => {
    for (const form of [PASSWORD, encodeURIComponent(PASSWORD), 'Sec/ret', 'my@Sec']) expect(text, where).not.toContain(form);
  };

  it('serve: its log, the page, the graph and a retrieval with a row preview (and a failing one)', async () => {
    const server = await startTestServer(['serve', '--database', url], sandboxEnv(box));
    try {
      const bodies: string[] = [];
      for (const path of ['', 'api/graph']) bodies.push(await (await fetch(`${server.url}${path}`)).text());
      const ask = async () => {
        const response = await fetch(`${server.url}api/retrieve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ question: 'Which customers ordered the most?' }),
        });
        return response.text();
      };
      const answered = await ask();
      expect(answered).toContain('"ok":true'); // the preview ran on the real server, through the hostile URL
      bodies.push(answered);
      await client.query(`ALTER ROLE ${ROLE} NOLOGIN`); // the next preview cannot log in: its error reaches the page
      const refused = await ask();
      expect(refused).toContain('"ok":false');
      bodies.push(refused);
      for (const body of bodies) secretFree(body, 'an HTTP answer');
    } finally {
      await client.query(`ALTER ROLE ${ROLE} LOGIN`);
      await server.stop();
    }
    secretFree(server.stderr(), 'the server log');
  });

  it('mcp --http: its log and a tools/call answer', async () => {
    const started = await new Promise<{ url: string; stop: () => Promise<string> }>((done, fail) => {
      const child = spawn(process.execPath, [CLI, 'mcp', '--http', '--database', url, '--port', '0'], { env: sandboxEnv(box) });
      let log = '';
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      child.stdout.on('data', (c: Buffer) => {
        log += c.toString('utf8');
      });
      child.stderr.on('data', (c: Buffer) => {
        log += c.toString('utf8');
        const at = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log)?.[1];
        const stop = async () => {
          child.kill('SIGTERM');
          await closed;
          return log;
        };
        if (at) done({ url: at, stop });
      });
      void closed.then(() => fail(new Error(`mcp --http ended before serving: ${log}`)));
    });
    const call = async (body: object) => {
      const response = await fetch(started.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
      return response.text();
    };
    const answers = [
      await call({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      await call({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'retrieve_tables', arguments: { question: 'Which customers ordered the most?' } },
      }),
    ];
    expect(answers[1]).toContain('customer');
    for (const answer of answers) secretFree(answer, 'an MCP answer');
    secretFree(await started.stop(), 'the MCP server log');
  });
});

/** How a README line starts the CLI: the linked bin (`guided …`), or through npx and pnpm. */
const LAUNCHER = /^(npx (-y pnpm@\S+ (exec )?)?)?guided /;

/** The README's command lines (its ```sh blocks) that start the CLI: as the linked `guided`, or through npx or pnpm. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => LAUNCHER.test(line));
}

/** A line split into words as a shell would (the README's lines quote with "…" only); `guided` on the PATH is the package's bin. */
const words = (line: string) => {
  const all = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
  return all[0] === 'guided' ? [process.execPath, join(ROOT, 'apps', 'demo', 'bin', 'guided.mjs'), ...all.slice(1)] : all;
};

describe("the README's commands, run as written (the linked bin, npx and pnpm), print no password", () => {
  const SECRET = 'S3cret-Pw-40';
  let box: Sandbox;
  beforeAll(() => {
    requireBuiltCli();
    box = sandbox('secrets-readme');
  });
  afterAll(() => box?.remove());

  it('every way the README starts the CLI, on a PostgreSQL URL holding a password', async () => {
    const forms = [...new Set(readmeCommands().map((line) => LAUNCHER.exec(line)?.[0].trim() ?? ''))];
    expect(forms).toEqual(expect.arrayContaining(['guided', 'npx -y pnpm@12.4.2 guided', 'npx -y pnpm@12.4.2 exec guided', 'npx guided']));
    for (const form of forms) {
      const run = await runIn(
        ROOT,
        [...words(form), 'build', `postgres://postgres:${SECRET}@127.0.0.1:5432/no_such_db`, '-o', 'x.json'],
        box,
      );
      expect(run.status, `${form}: ${run.text}`).not.toBe(0);
      expect(run.text, form).toContain('postgres://postgres:***@127.0.0.1:5432/no_such_db');
      expect(run.text, form).not.toContain(SECRET);
    }
  });

  it("the README's lines that hold a password, with the password made distinct", async () => {
    const lines = readmeCommands().filter((line) => /:\/\/[^/\s:@]+:password@/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const run = await runIn(ROOT, words(line.replace(':password@', `:${SECRET}@`)), box);
      expect(run.status, `${line}: ${run.text}`).not.toBe(0);
      expect(run.text, line).not.toContain(SECRET);
    }
  });
});

/** Runs a command (npx …) in `cwd` to its end: its status and everything it printed. */
function runIn(cwd: string, [command = 'npx', ...args]: readonly string[], box: Sandbox): Promise<Output> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: sandboxEnv(box), stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('close', (status) => done({ status, text }));
  });
}
