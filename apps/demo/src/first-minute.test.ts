/**
 * What a newcomer meets first: the MCP configuration `mcp --help` shows starts a server, progress
 * reads the same in `build` and `profile` and `--quiet` silences it, a file given as the wrong
 * thing says which command to run, and the README's way to run a command adds nothing after it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';
import { connect, sandboxEnv } from './test-support/mcp.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('the first minute', () => {
  let box: Sandbox;
  beforeAll(() => {
    requireBuiltCli();
    box = sandbox('first-minute');
    const made = box.run(['tpch', '-o', 'shop.sqlite', '--scale-factor', '0.001', '--quiet']);
    if (made.status !== 0) throw new Error(made.stderr);
  });
  afterAll(() => box?.remove());

  it('a successful build with --quiet prints nothing on stderr', () => {
    const run = box.run(['build', 'shop.sqlite', '-o', 'shop.graph.json', '--quiet']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(existsSync(join(box.work, 'shop.graph.json'))).toBe(true);
  });

  it('build and profile report each table in one format, with plurals right', () => {
    const built = box.run(['build', 'shop.sqlite', '-o', 'shop.graph.json']);
    const profiled = box.run(['profile', 'shop.sqlite', '-o', 'shop.profile.json']);
    const tableLines = (stderr: string) =>
      stderr
        .split('\n')
        .filter((line) => /^profil(ing|ed) \[/.test(line))
        .map((line) => line.replace(/\d+ ms$/, 'N ms'));
    expect(tableLines(built.stderr)).toHaveLength(16); // 8 tables, started and done
    expect(tableLines(profiled.stderr)).toEqual(tableLines(built.stderr));
    expect(built.stderr).toMatch(/^profiled 8 tables of .*shop\.sqlite in \d+\.\d s$/m);
    expect(profiled.stderr).toMatch(/^profiled 8 tables of shop\.sqlite in \d+\.\d s$/m);
    expect(`${built.stderr}${profiled.stderr}`).not.toMatch(/\b1 tables\b|\b1 rows\b/);
  });

  it('--graph on a profile or a database says which guided build to run', () => {
    const profile = box.run(['retrieve', '--graph', 'shop.profile.json', 'Which customers ordered the most?']);
    expectOneLineError(profile, 'shop.profile.json is a profile', 'run `guided build shop.profile.json -o graph.json`');
    const database = box.run(['retrieve', '--graph', 'shop.sqlite', 'Which customers ordered the most?']);
    expectOneLineError(database, 'shop.sqlite is a SQLite database', 'run `guided build shop.sqlite -o graph.json` first');
  });

  it('a damaged graph file names the file, the JSON path and what is wrong; its kind is read from its content', () => {
    const built = box.run(['build', 'shop.sqlite', '-o', 'good.graph.json', '--quiet']);
    expect(built.status, built.stderr).toBe(0);
    const good = readFileSync(join(box.work, 'good.graph.json'), 'utf8');
    const damage = (name: string, text: string) => {
      writeFileSync(join(box.work, name), text);
      return box.run(['retrieve', '--graph', name, 'Which customers ordered the most?']);
    };
    const nullName = good.replace(/"columns":\{"name":\["([^"]+)"/, '"columns":{"name":[null');
    expect(nullName).not.toBe(good);
    const line = expectOneLineError(damage('null-name.json', nullName), 'null-name.json', 'tables[0].columns.name[0]', 'expected a name');
    expect(line).not.toMatch(/profile/);
    const edges = /"from":\[(\d+)/.exec(good);
    expect(edges).not.toBeNull();
    const farEdge = good.replace(/"from":\[\d+/, '"from":[999');
    expectOneLineError(damage('far-edge.json', farEdge), 'far-edge.json', 'edges.from[0]', 'table 999', 'the file has 8 tables');
    // Cut short: where JSON.parse stopped, as a line and a column.
    expect(expectOneLineError(damage('cut.json', good.slice(0, good.length / 2)), 'cut.json', 'not valid JSON')).toMatch(
      /\(.+ at line \d+, column \d+\)$|\(it ends early/,
    );
    // Named like a database, holding text: neither a database nor a graph.
    const text = expectOneLineError(damage('x.sqlite', 'hello\n'), 'x.sqlite', 'not valid JSON');
    expect(text).not.toMatch(/is a .*database/);
  });

  it('sslmode=require fails with its one line, no multi-line warning before it', () => {
    const run = box.run(['build', 'postgres://u:pw-12345@127.0.0.1:1/db?sslmode=require', '-o', 'x.json']);
    expectOneLineError(run, 'postgres://u:***@127.0.0.1:1/db?sslmode=require');
  });

  it('the client configuration mcp --help shows starts a server that answers initialize and tools/list, listing the tools the help names', async () => {
    const help = box.run(['mcp', '--help']);
    // The help's own words, unwrapped: "… as MCP tools (a, b, c, d): …".
    const named = /MCP tools \(([^)]*)\)/.exec(help.stdout.replace(/\s+/g, ' '))?.[1]?.split(', ') ?? [];
    const line = help.stdout.split('\n').find((l) => l.includes('"mcpServers"')) ?? '';
    const server = (JSON.parse(line) as { mcpServers: { guided: { command: string; args: string[] } } }).mcpServers.guided;
    const args = server.args.map((arg) => (arg === '/path/to/shop.graph.json' ? join(box.work, 'shop.graph.json') : arg));
    expect(args).not.toEqual(server.args); // the placeholder was the graph file, and nothing else changed
    const transport = new StdioClientTransport({ command: server.command, args, env: sandboxEnv(box), stderr: 'pipe' });
    const { client } = await connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBeTruthy();
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['describe_table', 'learn', 'list_tables', 'retrieve_tables', 'schema_context']);
      expect(named).toEqual(tools.map((t) => t.name));
    } finally {
      await client.close();
    }
  });

  it("the README's form (npx -y pnpm@12.4.2 guided …) exits with the CLI's status and prints nothing but the CLI's line", () => {
    const run = spawnSync('npx', ['-y', 'pnpm@12.4.2', 'guided', 'retrieve', '--graph', 'no-such.graph.json', 'x'], {
      cwd: ROOT,
      env: sandboxEnv(box),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^guided: error: .*no-such\.graph\.json/)]);
  });

  it("the README's daily launcher: bin/guided.mjs linked onto the PATH runs from any folder, with the CLI's status", () => {
    const bin = join(box.root, 'bin');
    mkdirSync(bin);
    symlinkSync(join(ROOT, 'apps', 'demo', 'bin', 'guided.mjs'), join(bin, 'guided'));
    const env = { ...sandboxEnv(box), PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
    const { version } = JSON.parse(readFileSync(join(ROOT, 'apps', 'demo', 'package.json'), 'utf8')) as { version: string };
    const shown = spawnSync('guided', ['--version'], { cwd: box.work, env, encoding: 'utf8' });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(`${version}\n`);
    const failed = spawnSync('guided', ['retrieve', '--graph', 'no-such.graph.json', 'x'], { cwd: box.work, env, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^guided: error: .*no-such\.graph\.json/);
  });
});
