import { existsSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { buildContextGraph, type ContextGraph } from '@guided-retrieval/context-graph';
import { declaredJoinEdges, defaultJoinEdges, inferJoins, loadJoins, type JoinEdge, type JoinsFile } from '@guided-retrieval/join-inference';
import { profileSqlite, type DatabaseProfile } from '@guided-retrieval/profiler';
import { UserError } from './errors.js';
import { describeInference, edgesForProfile, mergeEdges, summarizeInference } from './joins.js';

export interface BuildProgress {
  (message: string): void;
}

/**
 * Where the graph's join edges come from: the declared foreign keys (default; inferred when the
 * schema declares none); those plus the edges inference finds (`infer`); or those plus the edges
 * of a joins file (`file`).
 */
export type EdgeSource = { kind: 'declared' } | { kind: 'infer' } | { kind: 'file'; path: string };

/**
 * Database → context graph: profile the SQLite file read-only, take its join edges from
 * `edges`, build the graph. Nothing is written to the database.
 */
export async function buildGraphFromSqlite(
  path: string,
  progress: BuildProgress = () => {},
  name?: string,
  edges: EdgeSource = { kind: 'declared' },
): Promise<ContextGraph> {
  if (!existsSync(path)) throw new UserError(`database file not found: ${path}`);
  if (!statSync(path).isFile()) throw new UserError(`not a database file: ${path} is a directory`);
  // a bad joins file should fail before minutes of profiling, not after
  const file = edges.kind === 'file' ? await loadJoins(edges.path) : undefined;
  const started = performance.now();
  const profile = await profileSqlite(path, {
    database: name ?? basename(path, extname(path)),
    onProgress: ({ table, index, total }) => progress(`profiling ${table} (${index + 1}/${total})`),
  });
  const joinEdges = await edgesFor(profile, edges, file, progress);
  const graph = buildContextGraph(profile, joinEdges);
  progress(`built the context graph: ${graph.tables.length} tables, ${joinEdges.length} join edges in ${Math.round(performance.now() - started)} ms`);
  return graph;
}

async function edgesFor(profile: DatabaseProfile, source: EdgeSource, file: JoinsFile | undefined, progress: BuildProgress): Promise<JoinEdge[]> {
  if (source.kind === 'infer') {
    const result = await inferJoins(profile, { declared: 'use', onProgress: (message) => progress(`inferring joins: ${message}`) });
    progress(`inferred joins for ${describeInference(summarizeInference(profile.database, result))}`);
    return result.edges;
  }
  const onSkip = (reason: string) => progress(`skipped a foreign key: ${reason}`);
  if (source.kind === 'declared') {
    const { edges, inference } = await defaultJoinEdges(profile, { onSkip, onProgress: (message) => progress(`inferring joins: ${message}`) });
    if (inference) {
      progress('the schema declares no foreign keys: inferred them (pass --joins FILE to give your own)');
      progress(`inferred joins for ${describeInference(summarizeInference(profile.database, inference))}`);
    }
    return edges;
  }
  const declared = declaredJoinEdges(profile, onSkip);
  if (!file) return declared;
  if (stem(file.database) !== stem(profile.database)) {
    progress(`note: ${source.path} was made for database ${file.database}, this one is ${profile.database}`);
  }
  const merged = mergeEdges(declared, edgesForProfile(file.edges, profile, source.path));
  progress(`${merged.length} join edges: ${declared.length} declared, ${merged.length - declared.length} more from ${source.path}`);
  return merged;
}

/** `world.sqlite` and `World` name the same database (`guided profile` keeps the extension). */
function stem(name: string): string {
  return basename(name, extname(name)).toLowerCase();
}
