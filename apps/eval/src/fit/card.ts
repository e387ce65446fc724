/**
 * What the choice model's card records besides the fit itself: the commit and whether the tree
 * had changes, the hash of each training source's files and of each parameter file the features
 * depend on, and the features' fingerprints on the probe (TPC-H, generated as the tests generate it).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildContextGraph } from '@guided-retrieval/context-graph';
import { declaredJoinEdges } from '@guided-retrieval/join-inference';
import { profileSqlite } from '@guided-retrieval/profiler';
import type { ChoiceFile } from '@guided-retrieval/retrieval';
import { featureFingerprints, PROBE_SCALE } from '@guided-retrieval/retrieval/fit';
import { generateTpch } from '@guided-retrieval/tpch';

/** The probe the fingerprints are taken on, as the retrieval package's test builds it. */
export const PROBE = `TPC-H, scale ${PROBE_SCALE}, default seed, declared keys`;

/** Questions that reach every kind of feature on TPC-H: names, values, measures, time, people, roles. */
export const PROBE_QUESTIONS: readonly string[] = [
  'Which Indian suppliers are shipping the most to China?',
  'How many orders did each customer place in 1995?',
  'Total revenue per nation and year',
  'Which parts are supplied by suppliers in Europe?',
  'What is the average account balance of customers in the BUILDING segment?',
  'List the clerks who handled urgent orders',
  'Which region has the most customers?',
  'Top 10 suppliers by available quantity',
  'orders shipped by TRUCK in 1996',
  'What is the total discount on line items per ship mode?',
];

export function gitState(): { commit: string; dirty: boolean } {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { commit: git(['rev-parse', '--short=12', 'HEAD']), dirty: git(['status', '--porcelain', '--', 'packages']).length > 0 };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}

export function sha256Files(paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const p of [...paths].sort()) hash.update(p.split('/').slice(-2).join('/')).update(readFileSync(p));
  return hash.digest('hex').slice(0, 16);
}

/** The parameter files whose values the features read, by package-relative name, each with its hash. */
export function paramsHashes(): Record<string, string> {
  const file = (pkg: string, name: string) => fileURLToPath(new URL(`../../../../packages/${pkg}/params/${name}`, import.meta.url));
  const files: [string, string][] = [
    ['grounding/params/grounding.json', file('grounding', 'grounding.json')],
    ['retrieval/params/heuristic.json', file('retrieval', 'heuristic.json')],
    ['retrieval/params/limits.json', file('retrieval', 'limits.json')],
  ];
  return Object.fromEntries(files.map(([name, path]) => [name, sha256Files([path])]));
}

/** Each feature's fingerprint on the probe, with `choice`'s proposals. */
export async function probeFingerprints(choice: ChoiceFile): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'guided-fit-probe-'));
  try {
    const path = join(dir, 'tpch.sqlite');
    generateTpch({ path, scaleFactor: PROBE_SCALE });
    const profile = await profileSqlite(path, { database: 'tpch' });
    return await featureFingerprints(buildContextGraph(profile, declaredJoinEdges(profile)), choice, PROBE_QUESTIONS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
