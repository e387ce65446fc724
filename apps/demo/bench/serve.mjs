#!/usr/bin/env node
/**
 * Load on the demo server, measured with autocannon (not a timed test): POST /api/retrieve on the
 * TPC-H graph at concurrency 50, first without previews (`guided serve --graph`), then with the
 * database behind it, where every request asks for a preview and half of them decline one, to
 * show that previews wait in their own line while retrieval answers.
 *
 *   node apps/demo/bench/serve.mjs [--seconds 10] [--connections 50]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, help: { type: 'boolean' } },
});
if (values.help) {
  process.stdout.write('usage: node apps/demo/bench/serve.mjs [--seconds 10] [--connections 50]\n');
  process.exit(0);
}
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const root = mkdtempSync(join(tmpdir(), 'guided-bench-serve-'));
const env = { ...process.env, GUIDED_CACHE_DIR: process.env.GUIDED_CACHE_DIR ?? join(root, 'cache') };
const QUESTION = 'Which Indian suppliers are shipping the most to China?';

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`guided ${args.join(' ')} failed: ${err}`))));
  });
}

function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      err += d;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(err)?.[1];
      if (url)
        resolve({
          url,
          stop: () =>
            new Promise((r) => {
              child.once('exit', r);
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`guided serve exited (${code}): ${err}`)));
  });
}

async function load(url, bodies, label) {
  const result = await autocannon({
    url: new URL('api/retrieve', url).toString(),
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
  });
  const line = `${label}: ${Math.round(result.requests.average)} requests/s at concurrency ${values.connections}, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`;
  process.stdout.write(`${line}\n`);
  return result;
}

try {
  const db = join(root, 'tpch.sqlite');
  const graph = join(root, 'tpch.graph.json');
  await run(['tpch', '--output', db]);
  await run(['build', db, '--output', graph]);
  const bare = await serve(['--graph', graph]);
  await load(bare.url, [{ question: QUESTION }], 'retrieval only (--graph, no preview)');
  await bare.stop();
  const full = await serve(['--database', db]);
  await load(full.url, [{ question: QUESTION }, { question: QUESTION, preview: false }], 'with the database: half ask a preview');
  const stopping = performance.now();
  await full.stop();
  process.stdout.write(`SIGTERM to exit: ${Math.round(performance.now() - stopping)} ms\n`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
