/**
 * Runs one row preview in a worker thread (preview.ts), so that a slow query never blocks the
 * server and can be abandoned at the time limit. The database is opened read-only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

interface Job {
  database: string;
  countSql: string;
  sampleSql: string;
}

const job = workerData as Job;
const started = performance.now();
let db: Database.Database | undefined;
try {
  db = new Database(job.database, { readonly: true, fileMustExist: true });
  const count = (db.prepare(job.countSql).get() as { n: number }).n;
  const sample = db.prepare(job.sampleSql).raw(true);
  const columns = sample.columns().map((c) => c.name);
  const rows = sample.all() as (string | number | null)[][];
  parentPort?.postMessage({ ok: true, rowCount: count, columns, rows, ms: performance.now() - started });
} catch (error) {
  parentPort?.postMessage({ ok: false, error: (error as Error).message });
} finally {
  db?.close();
}
