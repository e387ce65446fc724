/**
 * Runs one row preview in a child process (preview.ts): SQLite runs a query in native code that a
 * worker thread cannot stop, but a process can be killed at the time limit, taking the query with
 * it. The database is opened read-only: a SQLite file directly; PostgreSQL, MySQL and DuckDB/Parquet
 * through the profiler's connector (one READ ONLY transaction with a statement timeout at the
 * preview's limit, so the server stops the query too; a DuckDB file read-only, its file access
 * locked).
 */

import { type Connector, openDuckdb, openMysql, openPostgres, openReadOnlySqlite, openSqlite } from '@guided-retrieval/profiler';
import { connectionSecrets, redactSecrets, redactUrls } from '@guided-retrieval/profiler/secrets';
import { renderFromClause } from '@guided-retrieval/retrieval/internal';
import Database from 'better-sqlite3';
import type { PreviewJob, PreviewOpened } from './preview-job.js';

/** Tells the parent the database is open: its time limit covers the queries from here. */
const opened = () => process.send?.({ opened: true } satisfies PreviewOpened);

function runSqlite(job: Extract<PreviewJob, { database: string }>, started: number): unknown {
  let db: Database.Database | undefined;
  try {
    // Read-only, and nothing written beside the user's file (no -wal or -shm for a WAL-mode one).
    db = openReadOnlySqlite(job.database, Database).db;
    opened();
    const count = (db.prepare(job.countSql).get() as { n: number }).n;
    const sample = db.prepare(job.sampleSql).raw(true);
    const columns = sample.columns().map((c) => c.name);
    const rows = sample.all() as (string | number | null)[][];
    return { ok: true, rowCount: count, columns, rows, ms: performance.now() - started };
  } finally {
    db?.close();
  }
}

async function runConnector(job: Extract<PreviewJob, { connector: unknown }>, started: number): Promise<unknown> {
  const { engine, target, schema } = job.connector;
  let connector: Connector | undefined;
  try {
    connector =
      engine === 'postgres'
        ? await openPostgres(target, { statementTimeoutMs: job.timeoutMs, ...(schema === undefined ? {} : { schema }) })
        : engine === 'mysql'
          ? await openMysql(target, { statementTimeoutMs: job.timeoutMs })
          : engine === 'duckdb'
            ? await openDuckdb(target)
            : await openSqlite(target);
    opened();
    const dialect = connector.dialect;
    const from = renderFromClause(job.tree, { tableReference: (table) => dialect.tableRef(table) });
    const [count] = await connector.query(`SELECT COUNT(*) AS n ${from}`);
    const rows = job.columns.length === 0 ? [] : await connector.query(`SELECT ${job.select} ${from} LIMIT ${job.limit}`);
    return { ok: true, rowCount: Number(count?.[0] ?? 0), columns: job.columns, rows, ms: performance.now() - started };
  } finally {
    await connector?.close();
  }
}

process.once('message', async (job: PreviewJob) => {
  const started = performance.now();
  let answer: unknown;
  try {
    answer = 'connector' in job ? await runConnector(job, started) : runSqlite(job, started);
  } catch (error) {
    // The answer reaches web clients: no password of the URL or the environment in it.
    const secrets = connectionSecrets('connector' in job ? [job.connector.target] : []);
    answer = { ok: false, error: redactUrls(redactSecrets((error as Error).message.split('\n')[0] ?? '', secrets)) };
  }
  process.send?.(answer, () => process.disconnect());
});
