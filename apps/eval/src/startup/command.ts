/**
 * `guided-eval --bench startup`: how long `guided` takes before it is of use, as a user meets it.
 *
 * - `guided --version` and `--help` (the bin, `apps/demo/bin/guided.mjs`), and `guided retrieve`
 *   on Chinook's graph, each a fresh process run to its end, `--runs` times (after one run that
 *   warms the file cache and derives the word vectors if needed);
 * - the first question in a long-running process against the p95 of the questions after it: a
 *   `guided serve` per database (the sample databases' SQLite files built with `guided build`, and
 *   BIRD dev's databases built from its schema files when `<data>/bird-dev` is there), asked each
 *   of its questions in turn, the retrieval's own time read from the answer;
 * - how long a server started through npx (`npx guided serve`, `npx -y pnpm@12.4.2 guided serve`)
 *   takes to free its port once the first process gets SIGTERM, SIGINT or SIGKILL (Linux).
 *
 * `node -e 0` is timed in the same run: what the machine's load adds to any process. Targets
 * (issue #40): `--version` and `--help` ≤ 150 ms, a fresh `retrieve` ≤ 500 ms, the first question
 * ≤ 3× the p95, a server stopped ≤ 5 s. Writes results.json and results.md to --out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBenchmark, loadSampleQuestions, SAMPLE_DATABASES } from '@guided-retrieval/benchmarks';
import { saveGraph } from '@guided-retrieval/context-graph';
import { benchGraph } from '../bench/graph.js';
import { summarizeLatency } from '../latency.js';
import { DEFAULT_QUESTIONS_FILE } from '../sample/command.js';
import { gitState } from '../scale/bench.js';
import { askServer, startServer, timeRuns, timeStop } from './measure.js';
import { type StartupResults, startupMarkdown, TARGETS } from './report.js';

export interface StartupCliOptions {
  /** The folder holding sample-dbs/ (and bird-dev/, when the first question is measured on BIRD too). */
  data?: string;
  out: string;
  /** Fresh processes per timed command. */
  runs?: number;
  db?: string[];
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(ROOT, 'apps', 'demo', 'bin', 'guided.mjs');
const RETRIEVE_QUESTION = 'Which customers spent the most?';
const DEFAULT_RUNS = 10;
/** A server that still listens this long after its first process was signalled is killed and counted as not stopped. */
const STOP_BOUND_MS = 30_000;

export async function runStartupCommand(options: StartupCliOptions, log: (line: string) => void): Promise<void> {
  if (!options.data) throw new Error('--bench startup needs --data <dir>: the folder holding sample-dbs/ (and bird-dev/)');
  if (!existsSync(join(ROOT, 'apps', 'demo', 'dist', 'cli.js')))
    throw new Error(`${ROOT}apps/demo is not built: run npx -y pnpm@12.4.2 build`);
  const data = resolve(options.data);
  const runs = options.runs ?? DEFAULT_RUNS;
  const work = await mkdtemp(join(tmpdir(), 'guided-startup-'));
  try {
    const guided = (...args: string[]) => [BIN, ...args];
    const built = await buildSampleGraphs(data, work, options.db, log);
    const chinook = built.find((b) => b.name === 'chinook');
    if (!chinook) throw new Error(`${data}/sample-dbs/chinook is missing: the fresh retrieve is timed on Chinook`);
    log(`timing ${runs} fresh processes of each command`);
    await timeRuns(guided('retrieve', '--graph', chinook.graph, RETRIEVE_QUESTION), 1, work); // warm: file cache, word vectors
    const processes = {
      'node -e 0': await timeRuns(['-e', '0'], runs, work),
      'guided --version': await timeRuns(guided('--version'), runs, work),
      'guided --help': await timeRuns(guided('--help'), runs, work),
      'guided retrieve (Chinook)': await timeRuns(guided('retrieve', '--graph', chinook.graph, RETRIEVE_QUESTION), runs, work),
    };
    const firstQuestion = [];
    for (const db of [...built, ...(await buildBirdGraphs(data, work, options.db, log))]) {
      log(`first question: ${db.name} (${db.questions.length} questions)`);
      const server = await startServer(process.execPath, guided('serve', '--graph', db.graph, '--port', '0', '--quiet'), work);
      try {
        const times: number[] = [];
        for (const question of db.questions) times.push(await askServer(server.url, question));
        const rest = summarizeLatency(times.slice(1));
        firstQuestion.push({
          database: db.name,
          questions: times.length,
          firstMs: round(times[0] ?? 0),
          p95Ms: rest.p95,
          serveMs: round(server.ms),
        });
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    const stops = process.platform === 'linux' ? await timeStops(chinook.graph, log) : [];
    const results: StartupResults = {
      bench: 'startup',
      date: new Date().toISOString(),
      ...gitState(),
      runs,
      processes: Object.fromEntries(Object.entries(processes).map(([k, v]) => [k, stats(v)])),
      firstQuestion,
      stops,
      targets: TARGETS,
    };
    await mkdir(resolve(options.out), { recursive: true });
    await writeFile(join(resolve(options.out), 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const markdown = startupMarkdown(results);
    await writeFile(join(resolve(options.out), 'results.md'), markdown);
    process.stdout.write(markdown);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface BuiltDatabase {
  name: string;
  graph: string;
  questions: string[];
}

/** The sample databases' SQLite files built into graphs by `guided build`, with their sample questions. */
async function buildSampleGraphs(
  data: string,
  work: string,
  only: readonly string[] | undefined,
  log: (line: string) => void,
): Promise<BuiltDatabase[]> {
  const dbs = SAMPLE_DATABASES.filter(
    (db) => db.sqlite !== undefined && existsSync(join(data, db.sqlite)) && (!only || only.includes(db.name)),
  );
  const questions = loadSampleQuestions(
    DEFAULT_QUESTIONS_FILE,
    SAMPLE_DATABASES.map((db) => db.name),
  );
  const built: BuiltDatabase[] = [];
  for (const db of dbs) {
    const graph = join(work, `${db.name}.graph.json`);
    log(`guided build ${db.sqlite}`);
    await timeRuns([BIN, 'build', join(data, db.sqlite!), '-o', graph, '--quiet'], 1, work);
    built.push({ name: db.name, graph, questions: questions.filter((q) => q.db === db.name).map((q) => q.question) });
  }
  return built;
}

/** BIRD dev's databases as the retrieval bench builds them (schema files), saved as graph files, with their questions. */
async function buildBirdGraphs(
  data: string,
  work: string,
  only: readonly string[] | undefined,
  log: (line: string) => void,
): Promise<BuiltDatabase[]> {
  const dir = join(data, 'bird-dev');
  if (!existsSync(dir)) {
    log(`no ${dir}: the first question is measured on the sample databases only`);
    return [];
  }
  const bird = loadBenchmark('bird-dev', dir);
  const built: BuiltDatabase[] = [];
  for (const db of bird.databases) {
    if (only && !only.includes(db.name)) continue;
    const graph = join(work, `bird-${db.name}.graph.json`);
    await saveGraph((await benchGraph(db)).graph, graph);
    built.push({ name: `bird/${db.name}`, graph, questions: bird.questions.filter((q) => q.db === db.name).map((q) => q.question) });
  }
  return built;
}

/** A server on Chinook started through npx, stopped through its first process by each signal. */
async function timeStops(graph: string, log: (line: string) => void) {
  const forms: [string, string[]][] = [
    ['npx guided serve', ['guided']],
    ['npx -y pnpm@12.4.2 guided serve', ['-y', 'pnpm@12.4.2', 'guided']],
  ];
  const out = [];
  for (const [form, prefix] of forms) {
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
      log(`stop: ${signal} to the first process of \`${form}\``);
      const server = await startServer('npx', [...prefix, 'serve', '--graph', graph, '--port', '0'], ROOT);
      const pid = server.child.pid ?? 0;
      const under = descendants(pid);
      const ms = await timeStop(server, signal, STOP_BOUND_MS, () => {
        for (const p of under) killQuietly(p);
      });
      out.push({ form, signal, ms: ms === undefined ? null : round(ms) });
    }
  }
  return out;
}

/** The PIDs under `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function stats(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    minMs: round(sorted[0] ?? 0),
    medianMs: round(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}
