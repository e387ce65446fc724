/**
 * The scale benchmark across cases: each (shape, size) runs in its own child process
 * (`node dist/cli.js --bench scale --only <case>`), which reports every step as a JSON line on
 * stdout. A child that outlives its wall-clock budget is killed (synchronous code cannot be
 * interrupted from inside its own thread), and the row says how far it got. Peak RSS is the
 * child's own, so it is per schema.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseLabel, type ScaleCase } from './generate.js';
import type { ScaleResults } from './report.js';
import type { CaseEvent } from './run-case.js';
import { type CaseOutcome, type ScaleRow, summarizeCase } from './summary.js';

export interface ScaleBenchOptions {
  cases: ScaleCase[];
  questions: number;
  seed: number;
  budgetS: number;
  shapes: string[];
  sizes: number[];
  /** The CLI each case runs through; by default dist/cli.js beside this module. */
  cli?: string;
  /** The children's V8 heap limit, MB (`--max-old-space-size`); by default three quarters of the machine's memory. */
  childHeapMb?: number;
  log: (line: string) => void;
}

export const RSS_NOTE =
  "Peak RSS: each schema runs in its own child process (`node dist/cli.js --bench scale --only <schema>`); the figure is that process's `process.resourceUsage().maxRSS` (Node itself, generation, graph, index and baselines included), as last reported when a run was cut short.";

/**
 * Three quarters of the machine's memory: the largest schemas need more than Node's default heap, and a memory
 * benchmark should measure what they take.
 */
export function defaultChildHeapMb(): number {
  return Math.floor((totalmem() / 2 ** 20) * 0.75);
}

export async function runScaleBench(options: ScaleBenchOptions): Promise<ScaleResults> {
  const started = performance.now();
  options = { ...options, childHeapMb: options.childHeapMb ?? defaultChildHeapMb() };
  const startedAt = new Date().toISOString();
  const rows: ScaleRow[] = [];
  for (const c of options.cases) {
    const row = await runCaseInChild(c, options);
    rows.push(row);
    options.log(progressLine(row));
  }
  return {
    bench: 'scale',
    seed: options.seed,
    questionsPerSchema: options.questions,
    budgetS: options.budgetS,
    childHeapMb: options.childHeapMb!,
    shapes: options.shapes,
    sizes: options.sizes,
    git: gitState(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      totalMemMb: Math.round(totalmem() / 2 ** 20),
    },
    rss: RSS_NOTE,
    startedAt,
    wallMs: Math.round(performance.now() - started),
    rows,
  };
}

export function runCaseInChild(c: ScaleCase, options: Omit<ScaleBenchOptions, 'cases' | 'log' | 'shapes' | 'sizes'>): Promise<ScaleRow> {
  const cli = options.cli ?? fileURLToPath(new URL('../cli.js', import.meta.url));
  const args = [
    ...(options.childHeapMb ? [`--max-old-space-size=${options.childHeapMb}`] : []),
    cli,
    '--bench',
    'scale',
    '--only',
    caseLabel(c),
    '--questions',
    String(options.questions),
    '--seed',
    String(options.seed),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const events: CaseEvent[] = [];
    let pending = '';
    let stderr = '';
    let timedOut = false;
    const take = (text: string) => {
      pending += text;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl).trim();
        pending = pending.slice(nl + 1);
        if (line.startsWith('{')) {
          try {
            events.push(JSON.parse(line) as CaseEvent);
          } catch {
            // a line cut by the kill: ignored
          }
        }
      }
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-65536);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.budgetS * 1000);
    const finish = (outcome: CaseOutcome) => {
      clearTimeout(timer);
      resolve(summarizeCase(c, events, outcome));
    };
    child.on('error', (error) => finish({ status: 'error', message: error.message }));
    child.on('close', (code, signal) => {
      take('\n');
      if (timedOut) return finish({ status: 'timeout', budgetS: options.budgetS });
      const done = events.some((e) => e.type === 'done');
      if (code === 0 && done) return finish({ status: 'ok' });
      finish({ status: 'error', message: failure(stderr, code, signal) });
    });
  });
}

/** The line of a child's stderr that says what went wrong. */
export function failure(stderr: string, code: number | null, signal: string | null): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^\d+: 0x/.test(l));
  const line =
    lines.find((l) => /heap out of memory|FATAL ERROR/.test(l)) ??
    lines.find((l) => l.startsWith('guided-eval: error:')) ??
    lines[lines.length - 1];
  const how = signal ? `killed by ${signal}` : `exit code ${code}`;
  return line ? `${line.replace(/^guided-eval: error: /, '')} (${how})` : how;
}

export function progressLine(r: ScaleRow): string {
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${Math.round(n)} ms`);
  const parts = [
    `${r.tables ?? '?'} tables, ${r.edges ?? '?'} edges`,
    `graph build ${ms(r.graphBuildMs)}, load ${ms(r.graphLoadMs)}, index ${ms(r.indexBuildMs)}`,
    r.questionsDone > 0
      ? `retrieval p50 ${r.retrievalMs.p50} / p95 ${r.retrievalMs.p95} ms (bm25 p95 ${r.bm25Ms.p95} ms), F1 ${r.guided.f1.toFixed(3)} / bm25 ${r.bm25.f1.toFixed(3)}, precision ${r.guided.precision.toFixed(3)} / bm25 ${r.bm25.precision.toFixed(3)}`
      : 'no question answered',
    `peak RSS ${r.peakRssMb ?? '?'} MB`,
    r.statusText,
  ];
  return `scale ${r.case}: ${parts.join('; ')}`;
}

/** The commit of the code measured and whether packages/ differs from it; nulls outside a git checkout. */
export function gitState(): { commit: string | null; dirty: boolean | null } {
  const cwd = dirname(fileURLToPath(import.meta.url));
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : null;
  };
  const commit = git('rev-parse', 'HEAD');
  const top = git('rev-parse', '--show-toplevel');
  const status = top ? spawnSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: top, encoding: 'utf8' }) : null;
  return { commit, dirty: status && status.status === 0 ? status.stdout.trim() !== '' : null };
}
