/** Loading a benchmark by name. */
import { loadBird, loadSpider2Lite } from './bird.js';
import { loadSpider } from './spider.js';
import type { LoadStats } from './spider-format.js';
import type { Benchmark, BenchName } from './types.js';

export { BenchmarkDataError } from './files.js';
export type { LoadStats } from './spider-format.js';

/**
 * The benchmark in `dataDir` (BIRD dev: dev.json, dev_tables.json and, when present,
 * database_description_derived/dev_tables_cleaned.json; Spider dev and Spider-Syn dev: dev.json and tables.json;
 * Spider 2.0-lite: BIRD's layout, with gold tables per question).
 * Throws a one-line BenchmarkDataError naming the missing or malformed file.
 */
export function loadBenchmark(name: BenchName, dataDir: string): Benchmark {
  return loadBenchmarkWithStats(name, dataDir).benchmark;
}

/** loadBenchmark, with counts of what was loaded and of the keys that were skipped. */
export function loadBenchmarkWithStats(name: BenchName, dataDir: string): { benchmark: Benchmark; stats: LoadStats } {
  switch (name) {
    case 'bird-dev':
      return loadBird(dataDir);
    case 'spider-dev':
    case 'spider-syn':
      return loadSpider(dataDir, name);
    case 'spider2-lite':
      return loadSpider2Lite(dataDir);
    case 'defog':
      throw new Error('defog loads its databases into PostgreSQL: use loadDefog (bench/defog.ts)');
    case 'sample-questions':
    case 'train-questions':
      throw new Error(`${name} profiles its databases per build: use loadSampleBuild (sample/builds.ts)`);
    default: {
      const unknown: never = name;
      throw new Error(`unknown benchmark: ${String(unknown)} (expected bird-dev, spider-dev, spider-syn or spider2-lite)`);
    }
  }
}
