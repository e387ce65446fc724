/**
 * A small read-only look at what a FROM clause joins: `SELECT COUNT(*)` over it and its first
 * rows (a few columns per table), in a child process killed at the time limit, a few at a time.
 * SQLite runs the retrieved FROM clause on the file; PostgreSQL, MySQL and DuckDB/Parquet run it through
 * the profiler's read-only connector, which names each table as the engine needs it (its real
 * schema, or `read_parquet(…)`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { ConnectorEngine } from '@guided-retrieval/profiler';
import type { JoinTreeNode, SqlDialect } from '@guided-retrieval/retrieval';
import type { Preview } from '../view/api-types.js';
import type { PreviewJob, PreviewOpened } from './preview-job.js';

export type { PreviewJob } from './preview-job.js';

/**
 * The database previews run on: a SQLite file's path, or a PostgreSQL or MySQL URL / DuckDB file / Parquet
 * file or folder opened read-only through the profiler (`schema`: PostgreSQL's schema filter).
 */
export type PreviewDatabase = string | { engine: ConnectorEngine; target: string; schema?: string };

export interface PreviewOptions {
  /** Sample rows at most (default 5). */
  limit?: number;
  /** Columns shown per table of the tree (default 2): names first, then the primary key, then the rest. */
  columnsPerTable?: number;
  /**
   * Give up after this many milliseconds of querying, killing the query (default 3000). The clock
   * starts once the preview process has the database open: starting a process and loading a
   * driver on a busy server is not the query's time (it has its own bound, `startLimitMs`).
   */
  timeoutMs?: number;
  /** How long the preview process may take to start and open its database before it is killed (default 60 000). */
  startLimitMs?: number;
  /**
   * The columns the question matched (grounding's matches): shown first in their tables, all of
   * them even beyond `columnsPerTable` ("spent the most" shows Invoice.Total).
   */
  matched?: readonly { table: string; column: string | null }[];
}

/** Previews running at once; the rest wait in line. */
export const MAX_RUNNING_PREVIEWS = 2;
/** Previews waiting at most; beyond, a preview is declined at once (retrieval is never held up). */
export const MAX_WAITING_PREVIEWS = 8;

/** What a preview declined for want of room says: the server is busy, not broken. */
export const BUSY = `the server is busy: ${MAX_RUNNING_PREVIEWS} previews are running and ${MAX_WAITING_PREVIEWS} waiting; try again in a moment`;

/** Always quoted (an alias `t0.Name` has a dot), as the graph's engine quotes: backticks for MySQL. */
function quoterFor(engine: string): (name: string) => string {
  if (engine === 'mysql' || engine === 'bigquery' || engine === 'databricks') return (name) => `\`${name.replace(/`/g, '``')}\``;
  return (name) => `"${name.replace(/"/g, '""')}"`;
}

function shownColumns(graph: ContextGraph, table: string, count: number, matched: PreviewOptions['matched'] = []): string[] {
  const t = graph.table(table);
  if (!t) return [];
  const own = new Set(t.columns.map((c) => c.name));
  const asked = matched.filter((m) => m.table === t.name && m.column !== null && own.has(m.column)).map((m) => m.column!);
  const names = t.columns.filter((c) => /name/i.test(c.name)).map((c) => c.name);
  const ordered = [...new Set([...asked, ...names, ...t.primaryKey, ...t.columns.map((c) => c.name)])];
  return ordered.slice(0, Math.max(count, new Set(asked).size));
}

/** The columns a preview shows: the select list, their names (`alias.column`) and the row limit. */
export function previewSelect(
  graph: ContextGraph,
  nodes: readonly JoinTreeNode[],
  options: PreviewOptions = {},
): { select: string; columns: string[]; limit: number } {
  const limit = Math.max(1, Math.min(50, options.limit ?? 5));
  const perTable = options.columnsPerTable ?? 2;
  const quote = quoterFor(graph.engine);
  const shown = nodes.flatMap((n) => shownColumns(graph, n.table, perTable, options.matched).map((c) => ({ alias: n.alias, column: c })));
  return {
    select: shown.map(({ alias, column }) => `${quote(alias)}.${quote(column)} AS ${quote(`${alias}.${column}`)}`).join(', ') || '*',
    columns: shown.map(({ alias, column }) => `${alias}.${column}`),
    limit,
  };
}

/** The two statements a preview runs; exported for tests. */
export function previewSql(
  graph: ContextGraph,
  nodes: readonly JoinTreeNode[],
  from: string,
  options: PreviewOptions = {},
): { countSql: string; sampleSql: string } {
  const { select, limit } = previewSelect(graph, nodes, options);
  return {
    countSql: `SELECT COUNT(*) AS n ${from}`,
    sampleSql: `SELECT ${select} ${from} LIMIT ${limit}`,
  };
}

/**
 * Runs previews in child processes, at most `MAX_RUNNING_PREVIEWS` at once and
 * `MAX_WAITING_PREVIEWS` waiting; a preview whose client went away (`signal`) is dropped or
 * killed; `close()` kills every one still running.
 */
export class PreviewRunner {
  private readonly running = new Set<ChildProcess>();
  private readonly waiting: (() => void)[] = [];
  /** Slots taken: running previews and those about to start. */
  private active = 0;
  private closed = false;

  constructor(private readonly database: PreviewDatabase) {}

  /** How many preview processes run and how many previews wait now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running.size, waiting: this.waiting.length };
  }

  async run(
    graph: ContextGraph,
    nodes: readonly JoinTreeNode[],
    from: string,
    options: PreviewOptions = {},
    signal?: AbortSignal,
  ): Promise<Preview> {
    if (this.closed) return { ok: false, error: 'the server is stopping' };
    if (this.active < MAX_RUNNING_PREVIEWS) this.active++;
    else if (this.waiting.length >= MAX_WAITING_PREVIEWS) {
      return { ok: false, error: BUSY };
    } else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over
    if (this.closed || signal?.aborted) {
      this.release();
      return { ok: false, error: this.closed ? 'the server is stopping' : 'the client went away' };
    }
    const timeoutMs = options.timeoutMs ?? 3000;
    const startLimitMs = options.startLimitMs ?? 60_000;
    const limit = Math.max(1, Math.min(50, options.limit ?? 5));
    const job = this.job(graph, nodes, from, options, timeoutMs);
    const child = fork(new URL('./preview-child.js', import.meta.url), [], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    this.running.add(child);
    return new Promise<Preview>((resolve) => {
      let settled = false;
      const done = (preview: Preview) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        this.running.delete(child);
        this.release();
        resolve(preview);
      };
      const onAbort = () => done({ ok: false, error: 'the client went away' });
      let timer = setTimeout(
        () => done({ ok: false, error: `the preview process did not open the database within ${startLimitMs} ms: stopped` }),
        startLimitMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      child.on('message', (m: Preview | PreviewOpened) => {
        if (!('opened' in m)) return done(m.ok ? { ...m, limit } : m);
        clearTimeout(timer);
        timer = setTimeout(() => done({ ok: false, error: `the preview query took longer than ${timeoutMs} ms: stopped` }), timeoutMs);
      });
      child.once('error', (error) => done({ ok: false, error: error.message }));
      // `close`, not `exit`: a process that ends just after sending its answer has its answer read
      // first (its IPC channel is closed after its last message is delivered).
      child.once('close', (code, sig) => done({ ok: false, error: `the preview process stopped (${sig ?? `exit ${code}`})` }));
      child.send(job);
    });
  }

  private job(graph: ContextGraph, nodes: readonly JoinTreeNode[], from: string, options: PreviewOptions, timeoutMs: number): PreviewJob {
    if (typeof this.database === 'string') return { database: this.database, ...previewSql(graph, nodes, from, options) };
    const dialect: SqlDialect = graph.engine;
    return {
      connector: this.database,
      tree: { nodes: [...nodes], dialect },
      ...previewSelect(graph, nodes, options),
      timeoutMs,
    };
  }

  /** Kills every running preview and declines the waiting ones. */
  close(): void {
    this.closed = true;
    for (const child of this.running) child.kill('SIGKILL');
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Hands the slot to the first waiting preview, or frees it. */
  private release(): void {
    const wake = this.waiting.shift();
    if (wake) wake();
    else this.active--;
  }
}
