/**
 * `guided-eval --bench all`: every visible retrieval benchmark, one after the other, each in its
 * own child process (`node dist/cli.js --bench <bench> --data <data>/<folder> --out <out>/<name>`,
 * so that memory is given back between them: Spider 2.0-lite's graphs hold 70,000 columns), then
 * one summary table of their results.json files on stdout and in <out>/summary.md and summary.json.
 * A benchmark whose folder is missing, or Defog or the PostgreSQL build of the sample questions
 * without a PostgreSQL server, is skipped and marked so; a benchmark that fails is marked too, and the command then exits 1 after the summary.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPostgres } from '@guided-retrieval/benchmarks';
import type { EvalResults } from '../run.js';
import { failure, gitState } from '../scale/bench.js';
import {
  ALL_BENCHES,
  type AllBench,
  type AllSummary,
  compareSummaries,
  parseSummary,
  type SummaryRow,
  summaryMarkdown,
  summaryRow,
} from './summary.js';

export interface AllCliOptions {
  data?: string;
  out: string;
  postgres?: string;
  baseline?: string;
  limit?: number;
  evidence?: boolean;
  llm?: string;
  embedder?: string;
  /** false: `--no-sentence-model`, passed on to every benchmark. */
  sentenceModel?: boolean;
  /** `--disambiguator`, passed on to every benchmark. */
  disambiguator?: 'fitted' | 'heuristic';
  modelCache: string;
}

/** The options that make no sense across every benchmark: an error naming those given. */
export function refuseAllOptions(options: Record<string, unknown>): void {
  const flags: [string, unknown][] = [
    ['--db', options.db],
    ['--union', options.union],
    ['--ablation', options.ablation],
    ['--instructions', options.instructions],
    ['--min-confidence', options.minConfidence],
    ['--no-tpch', options.tpch === false ? true : undefined],
    ['--cache-dir', options.cacheDir],
    ['--no-retrieval', options.retrieval === false ? true : undefined],
  ];
  const given = flags.filter(([, v]) => v !== undefined && v !== false).map(([flag]) => flag);
  if (given.length > 0)
    throw new Error(
      `${given.join(', ')} ${given.length > 1 ? 'do' : 'does'} not apply to --bench all (it runs both the per-database and the union runs itself)`,
    );
}

export async function runAllCommand(options: AllCliOptions, log: (message: string) => void): Promise<void> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  // The commit measured is the one checked out when the run starts (others may commit meanwhile).
  const git = gitState();
  if (!options.data)
    throw new Error(
      `--bench all needs --data <dir>: the folder holding the benchmark folders (${[...new Set(ALL_BENCHES.map((b) => b.folder))].join(', ')})`,
    );
  const data = resolve(options.data);
  if (!existsSync(data) || !statSync(data).isDirectory())
    throw new Error(`--bench all: ${data} is not a folder (point --data at the folder holding bird-dev, spider-dev, …)`);
  const baseline = options.baseline ? readBaseline(resolve(options.baseline)) : null;
  const out = resolve(options.out);
  const postgres = options.postgres ?? process.env.GUIDED_TEST_POSTGRES_URL;
  const rows: SummaryRow[] = [];
  for (const [i, b] of ALL_BENCHES.entries()) {
    const tag = `[${i + 1}/${ALL_BENCHES.length}] ${b.name}`;
    const folder = join(data, b.folder);
    const needsPostgres = b.bench === 'defog' || b.build === 'postgres';
    const skip = !existsSync(folder)
      ? `${folder} not found`
      : needsPostgres && !postgres
        ? 'no PostgreSQL server (pass --postgres URL or set GUIDED_TEST_POSTGRES_URL; .ci/setup-postgres.sh starts one)'
        : b.build === 'postgres' && postgres
          ? await unreachable(postgres)
          : null;
    if (skip) {
      log(`${tag}: skipped: ${skip}`);
      rows.push({ name: b.name, status: 'skipped', reason: skip, wallMs: 0 });
      continue;
    }
    const benchOut = join(out, b.dir ?? b.name);
    const args = childArgs(b, b.build ? data : folder, benchOut, { ...options, ...(postgres ? { postgres } : {}) });
    log(`${tag}: guided-eval ${args.join(' ')}`);
    const benchStarted = performance.now();
    const child = await runChild(args, (line) => log(`  ${line}`));
    const wallMs = Math.round(performance.now() - benchStarted);
    const row = child.ok
      ? readRow(b.name, join(benchOut, b.build ?? '', 'results.json'), wallMs)
      : ({ name: b.name, status: 'error', reason: child.message, wallMs } as const);
    rows.push(row);
    log(
      row.status === 'ok'
        ? `${tag}: done in ${(wallMs / 1000).toFixed(1)} s: F1 ${row.f1.toFixed(3)}, recall ${row.recall.toFixed(3)}, p95 ${row.p95Ms} ms`
        : `${tag}: failed: ${row.reason}`,
    );
  }
  const compared = baseline ? compareSummaries(rows, baseline) : null;
  const summary: AllSummary = {
    bench: 'all',
    startedAt,
    data,
    git,
    wallMs: Math.round(performance.now() - started),
    rows: compared?.rows ?? rows,
    comparison: compared?.comparison ?? null,
  };
  const markdown = summaryMarkdown(summary);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(out, 'summary.md'), markdown);
  process.stdout.write(markdown);
  log(`all: ${rows.length} benchmarks in ${(summary.wallMs / 1000).toFixed(1)} s; wrote ${join(out, 'summary.md')} and summary.json`);
  if (summary.comparison) log(summary.comparison.line);
  const failed = rows.filter((r) => r.status === 'error').map((r) => r.name);
  if (failed.length > 0)
    throw new Error(`${failed.length} benchmark${failed.length > 1 ? 's' : ''} failed: ${failed.join(', ')} (see above)`);
}

/** The child's command line after `cli.js`. */
export function childArgs(b: AllBench, folder: string, out: string, options: Omit<AllCliOptions, 'data' | 'out'>): string[] {
  return [
    '--bench',
    b.bench,
    '--data',
    folder,
    '--out',
    out,
    ...(b.union ? ['--union'] : []),
    ...(b.build ? ['--build', b.build] : []),
    ...((b.bench === 'defog' || b.build === 'postgres') && options.postgres ? ['--postgres', options.postgres] : []),
    ...(options.limit ? ['--limit', String(options.limit)] : []),
    ...(options.evidence && b.bench !== 'sample-questions' ? ['--evidence'] : []),
    ...(options.llm ? ['--llm', options.llm] : []),
    ...(options.embedder ? ['--embedder', options.embedder] : []),
    ...(options.sentenceModel === false ? ['--no-sentence-model'] : []),
    ...(options.disambiguator ? ['--disambiguator', options.disambiguator] : []),
    ...(options.llm || options.embedder ? ['--model-cache', resolve(options.modelCache)] : []),
  ];
}

/** Why no PostgreSQL server answers at `url` (one line), or null when one does. */
async function unreachable(url: string): Promise<string | null> {
  try {
    await checkPostgres(url, 'sample-questions');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function readBaseline(path: string): { path: string; rows: SummaryRow[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`--baseline ${path} could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return parseSummary(raw, path);
}

function readRow(name: string, path: string, wallMs: number): SummaryRow {
  try {
    return summaryRow(name, JSON.parse(readFileSync(path, 'utf8')) as EvalResults, wallMs);
  } catch (error) {
    return { name, status: 'error', reason: `${path} unreadable: ${error instanceof Error ? error.message : String(error)}`, wallMs };
  }
}

/** Runs the CLI in a child process, every line it prints passed to `onLine` (its stdout too: ours is for the summary). */
function runChild(args: string[], onLine: (line: string) => void): Promise<{ ok: true } | { ok: false; message: string }> {
  const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const reader = () => {
      let pending = '';
      return (text: string) => {
        pending += text;
        tail = (tail + text).slice(-65536);
        const lines = pending.split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const l of lines) if (l.trim() !== '') onLine(l);
      };
    };
    const [out, err] = [reader(), reader()];
    child.stdout.setEncoding('utf8').on('data', out);
    child.stderr.setEncoding('utf8').on('data', err);
    child.on('error', (error) => done({ ok: false, message: error.message }));
    child.on('close', (code, signal) => {
      out('\n');
      err('\n');
      done(code === 0 ? { ok: true } : { ok: false, message: failure(tail, code, signal) });
    });
  });
}
