/** `guided-eval --bench joins | joins-bird | joins-spider`: what the CLI does with the options. */
import { resolve } from 'node:path';
import { guidedCacheDir } from '@guided-retrieval/profiler/files';
import { DBT_HAND_CHECKED, findJoinsData, tpchDatabase } from './databases.js';
import { DEFAULT_HIDE_SEED } from './hide.js';
import { writeJoinsReports } from './report.js';
import {
  describeDbt,
  describePartial,
  describeScore,
  type HideDeclared,
  type JoinsBench,
  type JoinsResults,
  runBenchJoins,
  runSqliteJoins,
} from './run.js';

export const JOINS_BENCHES: readonly JoinsBench[] = ['joins', 'joins-bird', 'joins-spider'];

export function isJoinsBench(name: string): name is JoinsBench {
  return (JOINS_BENCHES as readonly string[]).includes(name);
}

export interface JoinsCliOptions {
  bench: JoinsBench;
  data: string;
  out: string;
  db?: string[];
  limit?: number;
  evidence?: boolean;
  ablation?: boolean;
  llm?: string;
  embedder?: string;
  modelCache: string;
  minConfidence?: number;
  /** `--no-tpch` sets it false. */
  tpch: boolean;
  tpchScaleFactor: number;
  cacheDir?: string;
  /** `--no-retrieval` sets it false. */
  retrieval: boolean;
  /** Hide this share of each database's declared keys and use the rest (instead of hiding them all). */
  hideDeclared?: number;
  /** Seed of the draw of hidden keys (default `DEFAULT_HIDE_SEED`); only with `hideDeclared`. */
  hideSeed?: number;
}

/** The share and seed of `--hide-declared` / `--hide-seed`, or undefined when every declared key is hidden. */
function hideDeclaredOf(options: JoinsCliOptions): HideDeclared | undefined {
  if (options.hideDeclared === undefined) {
    if (options.hideSeed !== undefined) throw new Error('--hide-seed only applies with --hide-declared');
    return undefined;
  }
  return { fraction: options.hideDeclared, seed: options.hideSeed ?? DEFAULT_HIDE_SEED };
}

/** Runs the benchmark, writes results.json and results.md, logs the figures. */
export async function runJoinsCommand(options: JoinsCliOptions, log: (message: string) => void): Promise<JoinsResults> {
  refuseInapplicable(options);
  const results = options.bench === 'joins' ? await sqliteRun(options, log) : await benchRun(options, log);
  const written = await writeJoinsReports(resolve(options.out), results);
  for (const [group, s] of Object.entries(results.groups ?? {}))
    log(`${results.bench} ${group}: ${describeScore(s)}, ${s.nonUniqueTargets} into a non-unique target`);
  if (results.dbt) log(`${results.bench} dbt: ${describeDbt(results.dbt)}`);
  log(`${results.bench} overall: ${describeScore(results.overall)}`);
  if (results.partial)
    log(
      `${results.bench} overall, ${results.partial.fraction} of the declared keys hidden (seed ${results.partial.seed}): ${describePartial(results.partial)}`,
    );
  if (results.retrieval) {
    for (const edges of ['declared', 'inferred'] as const) {
      const m = results.retrieval[edges].overall;
      log(
        `retrieval with ${edges} edges: accuracy ${m.accuracy.toFixed(3)} precision ${m.precision.toFixed(3)} recall ${m.recall.toFixed(3)} F1 ${m.f1.toFixed(3)} perfect recall ${m.perfectRecall.toFixed(3)}`,
      );
    }
  }
  log(`wrote ${written.join(' and ')}`);
  return results;
}

function refuseInapplicable(options: JoinsCliOptions): void {
  const flags: [string, unknown][] = [['--ablation', options.ablation]];
  if (options.bench === 'joins')
    flags.push(['--limit', options.limit], ['--evidence', options.evidence], ['--llm', options.llm], ['--embedder', options.embedder]);
  const given = flags.filter(([, value]) => value !== undefined && value !== false).map(([flag]) => flag);
  if (given.length > 0) throw new Error(`${given.join(', ')} ${given.length > 1 ? 'do' : 'does'} not apply to --bench ${options.bench}`);
}

async function sqliteRun(options: JoinsCliOptions, log: (message: string) => void): Promise<JoinsResults> {
  const data = resolve(options.data);
  const found = findJoinsData(data);
  let databases = found.databases;
  const grouped = databases.some((d) => d.group);
  if (options.tpch) {
    const tpch = tpchDatabase(resolve(options.cacheDir ?? guidedCacheDir()), options.tpchScaleFactor, log);
    databases.push(grouped ? { ...tpch, group: 'sample' } : tpch);
  }
  if (options.db && options.db.length > 0) {
    const known = new Set(databases.map((d) => d.name));
    const missing = options.db.filter((d) => !known.has(d));
    if (missing.length > 0) throw new Error(`unknown database ${missing.join(', ')} in ${data}; it has ${[...known].join(', ')}`);
    databases = databases.filter((d) => options.db!.includes(d.name));
  }
  const hideDeclared = hideDeclaredOf(options);
  const dbt = found.dbt && !options.db ? { dbt: { manifest: found.dbt, handChecked: DBT_HAND_CHECKED } } : {};
  return runSqliteJoins({
    data,
    databases,
    log,
    ...dbt,
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
    ...(hideDeclared ? { hideDeclared } : {}),
  });
}

async function benchRun(options: JoinsCliOptions, log: (message: string) => void): Promise<JoinsResults> {
  const interactive = process.stderr.isTTY;
  const hideDeclared = hideDeclaredOf(options);
  return runBenchJoins({
    bench: options.bench as 'joins-bird' | 'joins-spider',
    dataDir: resolve(options.data),
    retrieval: options.retrieval,
    evidence: Boolean(options.evidence),
    log,
    ...(options.db ? { databases: options.db } : {}),
    ...(options.limit ? { limit: options.limit } : {}),
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
    ...(hideDeclared ? { hideDeclared } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.llm || options.embedder ? { modelCacheDir: resolve(options.modelCache) } : {}),
    onProgress: ({ db, done, total }) => {
      if (interactive) process.stderr.write(`\r${db}: ${done}/${total}   ${done === total ? '\n' : ''}`);
      else if (done === total) log(`${db}: ${done}/${total}`);
    },
  });
}
