#!/usr/bin/env node
// Benchmark (not a test): profile TPC-H on SQLite, DuckDB and PostgreSQL, each against a naive
// baseline that streams every row into Node and counts there; wall time and peak RSS per run,
// each run in its own child process. Usage (from packages/profiler, after `pnpm build`):
//   node bench/bench.mjs /tmp/sf1.sqlite [--engines sqlite,duckdb,postgres] [--postgres URL]
//     [--only profile|naive] [--reuse] [--exact-distinct-max-rows N]
// --reuse keeps the DuckDB file and the PostgreSQL database loaded by an earlier run (same CSV);
// --exact-distinct-max-rows profiles with that option instead of the default.
// Generate the database first: node apps/demo/dist/cli.js tpch -o /tmp/sf1.sqlite --scale-factor 1
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [mode, ...rest] = process.argv.slice(2);

async function profileRun(target) {
  const { profileConnection } = await import('../dist/index.js');
  const started = performance.now();
  const exact = process.env.GUIDED_BENCH_EXACT_DISTINCT_MAX_ROWS;
  const profile = await profileConnection(target, exact ? { exactDistinctMaxRows: Number(exact) } : {});
  return { ms: performance.now() - started, tables: profile.tables.length };
}

/** Reads every row of every table into Node and counts count/nulls/distinct/min/max there. */
async function naiveRun(target) {
  const { openConnection } = await import('../dist/index.js');
  const connector = await openConnection(target);
  const started = performance.now();
  // What the naive pass computed (distinct + null counts), returned so that the work is not dead code.
  let counted = 0;
  try {
    for (const table of await connector.listTables()) {
      const { columns } = await connector.describeTable(table);
      const rows = await connector.query(`SELECT * FROM ${connector.dialect.tableRef(table)}`);
      for (let c = 0; c < columns.length; c += 1) {
        const seen = new Set();
        let nulls = 0,
          min,
          max;
        for (const row of rows) {
          const v = row[c];
          if (v === null) {
            nulls += 1;
            continue;
          }
          seen.add(v);
          if (min === undefined || v < min) min = v;
          if (max === undefined || v > max) max = v;
        }
        counted += seen.size + nulls;
      }
    }
  } finally {
    await connector.close();
  }
  return { ms: performance.now() - started, counted };
}

if (mode === '--child') {
  const [kind, target] = rest;
  const result = await (kind === 'naive' ? naiveRun(target) : profileRun(target));
  process.stdout.write(JSON.stringify({ ...result, rssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  process.exit(0);
}

const sqlite = mode;
const option = (name) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
const engines = (option('--engines') ?? 'sqlite,duckdb,postgres').split(',');
const kinds = option('--only') ? [option('--only')] : ['profile', 'naive'];
const reuse = rest.includes('--reuse');
if (option('--exact-distinct-max-rows')) process.env.GUIDED_BENCH_EXACT_DISTINCT_MAX_ROWS = option('--exact-distinct-max-rows');
const pgUrl = rest.includes('--postgres') ? rest[rest.indexOf('--postgres') + 1] : process.env.GUIDED_TEST_POSTGRES_URL;
if (!sqlite || !existsSync(sqlite)) {
  console.error('usage: node bench/bench.mjs <tpch.sqlite> [--engines sqlite,duckdb,postgres] [--postgres URL]');
  process.exit(2);
}

/** Exports every SQLite table to CSV (for loading into DuckDB and PostgreSQL). */
async function exportCsv(dir) {
  if (existsSync(join(dir, 'done'))) return JSON.parse(readFileSync(join(dir, 'done'), 'utf8'));
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(sqlite, { readonly: true });
  const order = ['REGION', 'NATION', 'SUPPLIER', 'CUSTOMER', 'PART', 'PARTSUPP', 'ORDERS', 'LINEITEM'];
  const rank = (n) => (order.includes(n.toUpperCase()) ? order.indexOf(n.toUpperCase()) : order.length);
  // Referenced tables first, so engines that check foreign keys at CREATE accept the DDL.
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .sort((a, b) => rank(a.name) - rank(b.name));
  mkdirSync(dir, { recursive: true });
  for (const { name } of tables) {
    const out = createWriteStream(join(dir, `${name}.csv`));
    for (const row of db.prepare(`SELECT * FROM "${name}"`).raw().iterate()) {
      const line = row.map((v) => (v === null ? '' : typeof v === 'string' ? `"${v.replaceAll('"', '""')}"` : String(v))).join(',');
      if (!out.write(`${line}\n`)) await new Promise((r) => out.once('drain', r));
    }
    await new Promise((r) => out.end(r));
  }
  db.close();
  writeFileSync(join(dir, 'done'), JSON.stringify(tables));
  return tables;
}

function ddl(sql) {
  // The TPC-H DDL is portable; SQLite's FOREIGN KEY / REFERENCES clauses are kept.
  return sql;
}

const results = [];
function measure(engine, kind, target) {
  if (!kinds.includes(kind)) return;
  const child = spawnSync(process.execPath, ['--max-old-space-size=20000', fileURLToPath(import.meta.url), '--child', kind, target], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) {
    results.push({ engine, kind, error: (child.stderr || '').split('\n').find((l) => l.trim()) ?? `exit ${child.status}` });
  } else {
    results.push({ engine, kind, ...JSON.parse(child.stdout) });
  }
  console.error(JSON.stringify(results.at(-1)));
}

const work = join('/tmp', 'guided-bench');
let tables;
if (engines.includes('duckdb') || engines.includes('postgres')) {
  console.error('exporting CSV…');
  tables = await exportCsv(join(work, 'csv'));
}
if (engines.includes('sqlite')) {
  measure('sqlite', 'profile', sqlite);
  measure('sqlite', 'naive', sqlite);
}
if (engines.includes('duckdb')) {
  const duck = join(work, 'tpch.duckdb');
  if (!(reuse && existsSync(duck))) {
    rmSync(duck, { force: true });
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(duck);
    const c = await instance.connect();
    for (const { name, sql } of tables) {
      await c.run(ddl(sql));
      await c.run(`COPY "${name}" FROM '${join(work, 'csv', `${name}.csv`)}' (FORMAT csv, HEADER false)`);
    }
    c.closeSync();
    instance.closeSync();
  }
  measure('duckdb', 'profile', duck);
  measure('duckdb', 'naive', duck);
}
if (engines.includes('postgres') && pgUrl) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const u = new URL(pgUrl);
  u.pathname = '/guided_bench';
  const loaded = reuse && (await admin.query("SELECT 1 FROM pg_database WHERE datname = 'guided_bench'")).rows.length > 0;
  if (!loaded) {
    await admin.query('DROP DATABASE IF EXISTS guided_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE guided_bench');
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    // The DDL is portable as it stands; tables come parents first, so the keys hold while loading.
    for (const { sql } of tables) await client.query(ddl(sql));
    for (const { name } of tables) {
      execFileSync('psql', [u.toString(), '-qc', `\\copy ${name} FROM '${join(work, 'csv', `${name}.csv`)}' WITH (FORMAT csv)`]);
    }
    await client.query('ANALYZE');
    await client.end();
  }
  await admin.end();
  measure('postgres', 'profile', u.toString());
  measure('postgres', 'naive', u.toString());
}
console.log('| engine | profiler wall s | profiler peak RSS MB | naive wall s | naive peak RSS MB | speed-up |');
console.log('|---|---|---|---|---|---|');
for (const engine of engines) {
  const p = results.find((r) => r.engine === engine && r.kind === 'profile');
  const n = results.find((r) => r.engine === engine && r.kind === 'naive');
  if (!p) continue;
  const f = (r) => (r?.ms ? (r.ms / 1000).toFixed(1) : (r?.error ?? '—'));
  console.log(
    `| ${engine} | ${f(p)} | ${p.rssMb ?? '—'} | ${f(n)} | ${n?.rssMb ?? '—'} | ${p.ms && n?.ms ? `${(n.ms / p.ms).toFixed(1)}×` : '—'} |`,
  );
}
