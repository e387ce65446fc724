#!/usr/bin/env node
// Benchmark (not a test): the sentence embedder (Universal Sentence Encoder lite, `use-lite-512`).
// Each measurement runs in its own child process, so that "cold" is a fresh process and peak RSS
// is that run's alone. Usage (from packages/llm-adapters, after `pnpm build`):
//   node bench/use-lite.mjs [--runs 3] [--texts 1000] [--batch-sizes 16,64,256]
// Prints one JSON object on stdout.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};

/** `count` short table descriptions ("table: col, col, …"), the same every run. */
function descriptions(count) {
  const words = (
    'customer order line item part supplier nation region singer concert stadium song album artist track invoice ' +
    'employee department student course teacher school city country airport flight airline station train ship ' +
    'product category price discount tax total amount date year month name title address phone email status rank'
  ).split(' ');
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = () => words[Math.floor(next() * words.length)];
  return Array.from({ length: count }, (_, i) => {
    const columns = Array.from({ length: 2 + Math.floor(next() * 7) }, () => `${pick()}_${pick()}`);
    return `${pick()}_${i}: ${columns.join(', ')}`;
  });
}

const QUESTIONS = [
  'How many singers are there?',
  'What is the average age of all singers from France?',
  'Which stadium has the largest capacity?',
  'List the names of customers who placed an order in 1995.',
  'How many flights depart from each airport?',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function child(mode, param) {
  const started = performance.now();
  const { SentenceEmbedder } = await import('../dist/index.js');
  const imported = performance.now();
  const embedder = new SentenceEmbedder(mode === 'batch' ? { batchSize: Number(param) } : {});
  await embedder.load();
  const loaded = performance.now();
  const out = { mode, importMs: imported - started, loadMs: loaded - imported };
  if (mode === 'cold') {
    await embedder.embed([QUESTIONS[0]]);
    out.firstEmbedMs = performance.now() - loaded;
  } else if (mode === 'warm') {
    for (const q of QUESTIONS) await embedder.embed([q]); // warm-up
    const times = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await embedder.embed([QUESTIONS[i % QUESTIONS.length]]);
      times.push(performance.now() - t);
    }
    out.medianMs = median(times);
    out.p95Ms = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
  } else {
    const texts = descriptions(Number(option('texts', '1000')));
    await embedder.embed(texts.slice(0, 20)); // warm-up
    const t = performance.now();
    const vectors = await embedder.embed(texts);
    out.texts = vectors.length;
    out.batchMs = performance.now() - t;
    out.textsPerSecond = (vectors.length / out.batchMs) * 1000;
    out.modelCalls = embedder.usage().calls;
  }
  out.peakRssMb = process.resourceUsage().maxRSS / 1024;
  return out;
}

function run(mode, param = '') {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, param, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${mode} run failed (exit ${result.status})`);
  if (!result.stdout.trim()) throw new Error(`${mode} run printed nothing`);
  return JSON.parse(result.stdout);
}

if (args[0] === '--child') {
  const out = await child(args[1], args[2]);
  process.stdout.write(`${JSON.stringify(out)}\n`);
} else {
  const runs = Number(option('runs', '3'));
  const cold = Array.from({ length: runs }, () => run('cold'));
  const warm = run('warm');
  const batches = option('batch-sizes', '16,64,256')
    .split(',')
    .map((size) => ({ batchSize: Number(size), ...run('batch', size) }));
  const report = {
    node: process.version,
    cold: {
      runs,
      medianImportMs: round(median(cold.map((r) => r.importMs))),
      medianLoadMs: round(median(cold.map((r) => r.loadMs))),
      medianFirstEmbedMs: round(median(cold.map((r) => r.firstEmbedMs))),
      peakRssMb: round(Math.max(...cold.map((r) => r.peakRssMb))),
    },
    warmSingleQuestion: { medianMs: round(warm.medianMs, 2), p95Ms: round(warm.p95Ms, 2), peakRssMb: round(warm.peakRssMb) },
    batch: batches.map((b) => ({
      batchSize: b.batchSize,
      texts: b.texts,
      ms: round(b.batchMs),
      textsPerSecond: round(b.textsPerSecond),
      modelCalls: b.modelCalls,
      peakRssMb: round(b.peakRssMb),
    })),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
