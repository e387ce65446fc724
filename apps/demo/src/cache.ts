import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { type ContextGraph, GraphFileError, loadGraph, saveGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { DEFAULT_SCALE_FACTOR, DEFAULT_SEED, generateTpch } from '@guided-retrieval/tpch';
import { cacheDir } from './cache-dir.js';

export interface DemoFiles {
  database: string;
  graph: string;
}

export function demoFiles(scaleFactor = DEFAULT_SCALE_FACTOR, seed = DEFAULT_SEED): DemoFiles {
  const stem = join(cacheDir(), `tpch-sf${scaleFactor}-seed${seed}`);
  return { database: `${stem}.sqlite`, graph: `${stem}.graph-${builderKey()}.json` };
}

/**
 * The packages that make the cached graph, by version: an upgraded profiler (say, one that reads
 * every value of a name column) makes a new graph instead of serving the one an older build left.
 */
function builderKey(): string {
  const require = createRequire(import.meta.url);
  const versions = ['@guided-retrieval/profiler', '@guided-retrieval/join-inference', '@guided-retrieval/context-graph'].map(
    (name) => (require(`${name}/package.json`) as { version: string }).version,
  );
  return createHash('sha256').update(versions.join('\n')).digest('hex').slice(0, 8);
}

/** The demo's TPC-H database and context graph, generated and built on first use, cached after. */
export async function demoGraph(
  progress: (message: string) => void,
  scaleFactor = DEFAULT_SCALE_FACTOR,
): Promise<{ graph: ContextGraph; files: DemoFiles }> {
  const files = demoFiles(scaleFactor);
  if (!existsSync(files.database)) {
    progress(`generating TPC-H at scale factor ${scaleFactor} into ${files.database}`);
    const summary = generateTpch({ path: files.database, scaleFactor, overwrite: true });
    progress(`generated ${Object.values(summary.rowCounts).reduce((a, b) => a + b, 0)} rows in ${Math.round(summary.ms)} ms`);
  }
  if (existsSync(files.graph)) {
    try {
      return { graph: await loadGraph(files.graph), files };
    } catch (error) {
      if (!(error instanceof GraphFileError)) throw error;
      progress(`rebuilding the cached graph: ${error.message}`);
    }
  }
  const graph = await buildGraph(files.database, { name: 'tpch', onProgress: progress });
  await saveGraph(graph, files.graph);
  // Graphs an older build of the packages left beside it are never read again.
  const stem = basename(files.database, '.sqlite');
  for (const old of readdirSync(dirname(files.graph))) {
    if (old.startsWith(`${stem}.graph`) && old.endsWith('.json') && old !== basename(files.graph))
      rmSync(join(dirname(files.graph), old), { force: true });
  }
  return { graph, files };
}
