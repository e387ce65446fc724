import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import Database from 'better-sqlite3';

/**
 * A real SQLite database the test writes (its statements, run in order), built into a context
 * graph as `guided build` builds one: profiled read-only, keys declared or, when none are, inferred.
 */
export async function sqliteGraph(name: string, statements: readonly string[]): Promise<ContextGraph> {
  const dir = mkdtempSync(join(tmpdir(), `guided-${name}-`));
  try {
    const path = join(dir, `${name}.sqlite`);
    const db = new Database(path);
    try {
      db.transaction(() => {
        for (const s of statements) db.exec(s);
      })();
    } finally {
      db.close();
    }
    return await buildGraph(path, { name });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `INSERT INTO table VALUES (…), (…)` of `rows`, strings quoted, numbers as they are. */
export function insert(table: string, rows: readonly (readonly (string | number | null)[])[]): string {
  const value = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);
  return `INSERT INTO ${table} VALUES ${rows.map((r) => `(${r.map(value).join(', ')})`).join(', ')};`;
}
