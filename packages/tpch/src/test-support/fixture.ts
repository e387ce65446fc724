/** Helpers shared by the tests: a temp dir, and read-only queries over a generated file. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TABLE_NAMES } from '../schema.js';

export type Rec = Record<string, string | number>;

export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tpch-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function open(path: string): Database.Database {
  return new Database(path, { readonly: true, fileMustExist: true });
}

/** Runs a query on a fresh read-only connection. */
export function all(path: string, sql: string): Rec[] {
  const db = open(path);
  try {
    return db.prepare(sql).all() as Rec[];
  } finally {
    db.close();
  }
}

/** Every table's rows, sorted by all columns, as one string. */
export function dump(path: string): string {
  const db = open(path);
  try {
    return TABLE_NAMES.map((t) => {
      const cols = db
        .prepare(`SELECT * FROM ${t}`)
        .columns()
        .map((c) => c.name);
      const rows = db
        .prepare(`SELECT * FROM ${t} ORDER BY ${cols.join(', ')}`)
        .raw()
        .all();
      return `${t}\n${JSON.stringify(rows)}`;
    }).join('\n');
  } finally {
    db.close();
  }
}

export function groupBy(rows: Rec[], key: (r: Rec) => string): Record<string, Rec[]> {
  const out: Record<string, Rec[]> = {};
  for (const r of rows) {
    const k = key(r);
    const group = out[k] ?? [];
    group.push(r);
    out[k] = group;
  }
  return out;
}

/** SHA-256 of a file's bytes. */
export function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
