/**
 * Runs one row preview in a child process (preview.ts): SQLite runs a query in native code that a
 * worker thread cannot stop, but a process can be killed at the time limit, taking the query with
 * it. The database is opened read-only.
 */
import Database from 'better-sqlite3';

interface Job {
  database: string;
  countSql: string;
  sampleSql: string;
}

process.once('message', (job: Job) => {
  const started = performance.now();
  let db: Database.Database | undefined;
  let answer: unknown;
  try {
    db = new Database(job.database, { readonly: true, fileMustExist: true });
    const count = (db.prepare(job.countSql).get() as { n: number }).n;
    const sample = db.prepare(job.sampleSql).raw(true);
    const columns = sample.columns().map((c) => c.name);
    const rows = sample.all() as (string | number | null)[][];
    answer = { ok: true, rowCount: count, columns, rows, ms: performance.now() - started };
  } catch (error) {
    answer = { ok: false, error: (error as Error).message };
  } finally {
    db?.close();
  }
  process.send?.(answer, () => process.disconnect());
});
