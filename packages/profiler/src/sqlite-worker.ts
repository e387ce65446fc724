import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Scalar } from './connector.js';

/**
 * The worker's code (CommonJS, evaluated): its own read-only connection, opened like `openSqlite`
 * opens one, answering one statement at a time with rows of JSON-safe scalars.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const scalar = (v) =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : String(v))
  : typeof v === 'string' ? v
  : typeof v === 'bigint' ? (v >= -MAX && v <= MAX ? Number(v) : v.toString())
  : null;
parentPort.on('message', ({ id, sql }) => {
  try {
    const rows = db.prepare(sql).raw(true).safeIntegers(true).all().map((row) => row.map(scalar));
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * The process's Node options for the worker, but `--input-type`: under `node --input-type=module
 * -e …` the worker's evaluated CommonJS would be read as a module, where `require` is not defined.
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i]!;
    if (arg === '--input-type') i++;
    else if (!arg.startsWith('--input-type=')) out.push(arg);
  }
  return out;
}

/** A read-only SQLite connection in a worker thread: its statements run beside the main thread's. */
export class SqliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (rows: Scalar[][]) => void; reject: (error: Error) => void }>();
  #next = 0;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', ({ id, rows, error }: { id: number; rows?: Scalar[][]; error?: string }) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (error !== undefined) pending?.reject(new Error(error));
      else pending?.resolve(rows ?? []);
    });
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', () => this.#failAll(new Error('the SQLite worker stopped')));
  }

  /** A worker on the same file (`source`: what openSqlite opened), or `undefined` where better-sqlite3 cannot be resolved from here. */
  static open(path: string): SqliteWorker | undefined {
    let driver: string;
    try {
      driver = createRequire(import.meta.url).resolve('better-sqlite3');
    } catch {
      return undefined;
    }
    return new SqliteWorker(new Worker(SOURCE, { eval: true, workerData: { path, driver }, execArgv: workerExecArgv() }));
  }

  query(sql: string): Promise<Scalar[][]> {
    this.#next += 1;
    const id = this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref(); // keep the process alive while waiting
      this.#worker.postMessage({ id, sql });
    }).finally(() => {
      if (this.#pending.size === 0) this.#worker.unref();
    }) as Promise<Scalar[][]>;
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #failAll(error: Error): void {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
