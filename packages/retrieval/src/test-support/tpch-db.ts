import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContextGraph, type ContextGraph } from '@guided-retrieval/context-graph';
import { declaredJoinEdges } from '@guided-retrieval/join-inference';
import { profileSqlite } from '@guided-retrieval/profiler';
import { generateTpch } from '@guided-retrieval/tpch';

export interface TpchFixture {
  path: string;
  graph: ContextGraph;
  cleanup(): void;
}

/** A real TPC-H SQLite database, profiled and built into a context graph, as the product does. */
export async function tpchFixture(scaleFactor = 0.002): Promise<TpchFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'tpch-retrieval-'));
  const path = join(dir, 'tpch.sqlite');
  generateTpch({ path, scaleFactor });
  const profile = await profileSqlite(path, { database: 'tpch' });
  const graph = buildContextGraph(profile, declaredJoinEdges(profile));
  return { path, graph, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
