#!/usr/bin/env node
// Benchmark (not a test): `guided learn` on a team's worth of history. Generates N question–SQL
// pairs over a star schema of fact and dimension tables (seeded: the same pairs on every run),
// learns them into an empty history (parsing every statement, as `learnFiles` does), writes and
// reloads the history file, then asks `similar` of fresh questions: learn time, file size and
// time, and the per-question latency of `similar` (p50, p95, max) at that size; then retrieval's
// p95 over the same schema with that history (`RetrieverOptions.history`) against without, the two
// asked in turn so that a busy machine slows both alike.
// Usage (from packages/history, after `pnpm build`):
//   node bench/learn.mjs [--pairs 10000] [--questions 2000] [--retrievals 500] [--seed 52]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import { mulberry32 } from '@guided-retrieval/tpch/random';
import { History, learnInto, loadHistory, saveHistory } from '../dist/index.js';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '10000' },
    questions: { type: 'string', default: '2000' },
    retrievals: { type: 'string', default: '500' },
    seed: { type: 'string', default: '52' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'node bench/learn.mjs [--pairs N] [--questions Q] [--retrievals R] [--seed S]\nN generated pairs learned; Q questions asked of `similar`; R retrieved with and without the history.',
  );
  process.exit(0);
}
const random = mulberry32(Number(args.seed));
const pick = (list) => list[Math.floor(random() * list.length)];

const FACTS = ['sales', 'returns', 'shipments', 'payments', 'visits', 'claims', 'orders', 'refunds', 'bookings', 'invoices'];
const DIMS = [
  'customer',
  'product',
  'store',
  'region',
  'supplier',
  'employee',
  'channel',
  'campaign',
  'warehouse',
  'carrier',
  'category',
  'brand',
];
const tables = [
  ...FACTS.map((f) => ({
    name: f,
    columns: [{ name: 'id' }, { name: 'amount' }, { name: 'year' }, ...DIMS.map((d) => ({ name: `${d}_id` }))],
  })),
  ...DIMS.map((d) => ({ name: d, columns: [{ name: 'id' }, { name: 'name' }, { name: 'city' }] })),
];
const schema = { engine: 'postgres', tables };
const MEASURES = [
  ['total', 'SUM(f.amount)'],
  ['number of', 'COUNT(*)'],
  ['average', 'AVG(f.amount)'],
  ['largest', 'MAX(f.amount)'],
];
const VERBS = ['show', 'list', 'give me', 'what is', 'which'];

function pair() {
  const fact = pick(FACTS);
  const dims = [...new Set([pick(DIMS), pick(DIMS), pick(DIMS)].slice(0, 1 + Math.floor(random() * 3)))];
  const [word, measure] = pick(MEASURES);
  const year = 2015 + Math.floor(random() * 10);
  const city = pick(['Lyon', 'Lima', 'Osaka', 'Perth', 'Tunis', 'Quito']);
  const question = `${pick(VERBS)} the ${word} ${fact} by ${dims.join(' and ')} in ${year}${random() < 0.3 ? ` for ${dims[0]} in ${city}` : ''}`;
  const joins = dims.map((d, i) => `JOIN ${d} d${i} ON f.${d}_id = d${i}.id`).join(' ');
  const where = `f.year = ${year}${question.includes(' for ') ? ` AND d0.city = '${city}'` : ''}`;
  const sql = `SELECT ${dims.map((_, i) => `d${i}.name`).join(', ')}, ${measure} FROM ${fact} f ${joins} WHERE ${where} GROUP BY ${dims.map((_, i) => `d${i}.name`).join(', ')}`;
  return { question, sql };
}

const n = Number(args.pairs);
const items = Array.from({ length: n }, (_, i) => ({ ...pair(), at: `pairs:${i + 1}` }));
let started = performance.now();
const { history, report } = learnInto(History.empty(), schema, items);
const learnMs = performance.now() - started;
const dir = mkdtempSync(join(tmpdir(), 'history-bench-'));
const file = join(dir, 'bench.history.json');
started = performance.now();
await saveHistory(history, 'bench', file);
const saveMs = performance.now() - started;
started = performance.now();
const loaded = (await loadHistory(file)).history;
const loadMs = performance.now() - started;
const bytes = statSync(file).size;
rmSync(dir, { recursive: true, force: true });

const questions = Array.from({ length: Number(args.questions) }, () => pair().question);
for (const q of questions.slice(0, 100)) loaded.similar(q, 5); // warm up
const times = questions.map((q) => {
  const t = performance.now();
  loaded.similar(q, 5);
  return performance.now() - t;
});
times.sort((a, b) => a - b);
const at = (p, list = times) => list[Math.min(list.length - 1, Math.floor(p * list.length))];

// Retrieval over the same schema (facts referencing every dimension), with the history and without.
const graph = graphFromSchema({
  database: 'bench',
  tables: tables.map((t) => ({ name: t.name, primaryKey: ['id'], columns: t.columns.map((c) => ({ name: c.name, type: 'INTEGER' })) })),
  foreignKeys: FACTS.flatMap((f) => DIMS.map((d) => ({ fromTable: f, fromColumns: [`${d}_id`], toTable: d, toColumns: ['id'] }))),
});
const without = await Retriever.create(graph);
const withHistory = await Retriever.create(graph, { history: loaded });
const retrievalMs = { without: [], with: [] };
for (const [i, q] of questions.slice(0, Number(args.retrievals)).entries()) {
  const pairs = [
    ['without', without],
    ['with', withHistory],
  ];
  for (const [name, retriever] of i % 2 === 0 ? pairs : pairs.toReversed()) {
    const t = performance.now();
    await retriever.retrieve(q);
    if (i >= 20) retrievalMs[name].push(performance.now() - t); // the first ones warm both up
  }
}
for (const list of Object.values(retrievalMs)) list.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      pairs: n,
      learned: report.learned,
      entries: history.statements,
      learnMs: Math.round(learnMs),
      learnMsPerPair: Number((learnMs / n).toFixed(3)),
      file: { bytes, saveMs: Math.round(saveMs), loadMs: Math.round(loadMs) },
      similarMs: { p50: Number(at(0.5).toFixed(4)), p95: Number(at(0.95).toFixed(4)), max: Number(times.at(-1).toFixed(4)) },
      retrievalP95Ms: {
        without: Number(at(0.95, retrievalMs.without).toFixed(3)),
        withHistory: Number(at(0.95, retrievalMs.with).toFixed(3)),
        ratio: Number((at(0.95, retrievalMs.with) / at(0.95, retrievalMs.without)).toFixed(2)),
      },
    },
    null,
    2,
  ),
);
