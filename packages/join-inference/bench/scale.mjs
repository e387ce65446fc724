#!/usr/bin/env node
// Benchmark (not a test): join inference on a synthetic schema of many tables, as profiles with
// value sketches. Reports the candidate column pairs, inference wall time, peak RSS (of the
// inference process: the schema is generated and written by a separate process first) and the
// precision/recall of the inferred edges against the references the generator planted.
// Usage (from packages/join-inference, after `pnpm build`):
//   node bench/scale.mjs [--tables 500] [--seed 7] [--min-rows 200] [--max-rows 4000]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from '@guided-retrieval/tpch/random';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '500' },
    seed: { type: 'string', default: '7' },
    'min-rows': { type: 'string', default: '200' },
    'max-rows': { type: 'string', default: '4000' },
    help: { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});
if (args.help) {
  console.log(
    'node bench/scale.mjs [--tables N] [--seed S] [--min-rows R] [--max-rows R]\nSynthetic schema → join inference: pairs, time, peak RSS, precision/recall.',
  );
  process.exit(0);
}

const NOUNS = [
  'customer',
  'account',
  'order',
  'invoice',
  'product',
  'supplier',
  'region',
  'branch',
  'employee',
  'contract',
  'shipment',
  'warehouse',
  'payment',
  'ledger',
  'campaign',
  'vendor',
  'asset',
  'policy',
  'claim',
  'store',
];
const ROLES = ['billing', 'shipping', 'parent', 'primary', 'source', 'target', 'owner'];

async function generate(tablesWanted, seed, minRows, maxRows) {
  const { columnFromValues } = await import('../dist/profile-from-values.js');
  const random = mulberry32(seed); // the same seed gives the same schema
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const names = Array.from({ length: tablesWanted }, (_, i) => `${NOUNS[i % NOUNS.length]}_${Math.floor(i / NOUNS.length)}`);
  const rows = names.map(() => int(minRows, maxRows));
  const truth = [];
  const tables = names.map((name, t) => {
    const n = rows[t];
    const columns = [
      columnFromValues(
        `${name}_id`,
        Array.from({ length: n }, (_, i) => i + 1),
      ),
    ];
    const used = new Set();
    const references = int(0, 4);
    for (let r = 0; r < references; r++) {
      const target = int(0, t === 0 ? 0 : t - 1); // references point to earlier tables: no accidental cycles of names
      if (target === t) continue;
      const role = random() < 0.3 ? `${ROLES[int(0, ROLES.length - 1)]}_` : '';
      const column = `${role}${names[target]}_id`;
      if (used.has(column)) continue;
      used.add(column);
      const distinct = Math.max(1, Math.floor(rows[target] * (0.2 + 0.8 * random())));
      const values = Array.from({ length: n }, () => (random() < 0.05 ? null : int(1, distinct)));
      columns.push(columnFromValues(column, values));
      truth.push(`${name}(${column})->${names[target]}(${names[target]}_id)`);
    }
    columns.push(
      columnFromValues(
        'quantity',
        Array.from({ length: n }, () => int(1, 50)),
      ),
    );
    columns.push(
      columnFromValues(
        'status',
        Array.from({ length: n }, () => ['open', 'closed', 'held'][int(0, 2)]),
      ),
    );
    columns.push(
      columnFromValues(
        'code',
        Array.from({ length: n }, (_, i) => `${name.slice(0, 3).toUpperCase()}${String(i).padStart(5, '0')}`),
      ),
    );
    columns.push(
      columnFromValues(
        'amount',
        Array.from({ length: n }, () => Math.round(random() * 1e6) / 100),
      ),
    );
    columns.push(
      columnFromValues(
        'year',
        Array.from({ length: n }, () => int(1990, 2025)),
      ),
    );
    columns.push(
      columnFromValues(
        'note',
        Array.from({ length: n }, (_, i) => `note ${i % 97}`),
      ),
    );
    return { name, rowCount: n, columns, primaryKey: [], foreignKeys: [] };
  });
  return { profile: { formatVersion: 1, engine: 'sqlite', database: `synthetic-${tablesWanted}`, tables }, truth };
}

async function inferChild(file) {
  const { inferJoins } = await import('../dist/index.js');
  const { profile, truth } = JSON.parse(readFileSync(file, 'utf8'));
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const result = await inferJoins(profile, { declared: 'hide' });
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const expected = new Set(truth);
  const correct = result.edges.filter((e) => expected.has(e.id)).length;
  if (process.env.SCALE_VERBOSE)
    for (const e of result.edges.filter((x) => !expected.has(x.id)).slice(0, 8))
      console.error('wrong', e.id, e.confidence, e.evidence.join(' | '));
  console.log(
    JSON.stringify({ ms, peakRssMb: peak / 2 ** 20, stats: result.stats, truth: truth.length, predicted: result.edges.length, correct }),
  );
}

if (args.child) {
  await inferChild(args.child);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'join-scale-'));
  try {
    const file = join(dir, 'profile.json');
    const t0 = performance.now();
    const generated = await generate(Number(args.tables), Number(args.seed), Number(args['min-rows']), Number(args['max-rows']));
    writeFileSync(file, JSON.stringify(generated));
    const columns = generated.profile.tables.reduce((n, t) => n + t.columns.length, 0);
    console.log(
      `generated ${generated.profile.tables.length} tables, ${columns} columns, ${generated.truth.length} planted references in ${Math.round(performance.now() - t0)} ms`,
    );
    const run = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, '--child', file], {
      encoding: 'utf8',
    });
    if (process.env.SCALE_VERBOSE) console.error(run.stderr);
    if (run.status !== 0) throw new Error(run.stderr);
    const r = JSON.parse(run.stdout.trim().split('\n').at(-1));
    const precision = r.correct / r.predicted;
    const recall = r.correct / r.truth;
    console.log(`candidate pairs ${r.stats.candidatePairs}, after pruning ${r.stats.afterPruning}`);
    console.log(`inference ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.peakRssMb.toFixed(0)} MB (profile loaded from JSON included)`);
    console.log(
      `edges ${r.predicted}, planted ${r.truth}, correct ${r.correct}: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${((2 * precision * recall) / (precision + recall)).toFixed(3)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
