import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Annotations, ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraphFromProfile, type GraphBuild, type JoinSource, profileForGraph } from '@guided-retrieval/context-graph/build';
import { type JoinsFile, loadJoins } from '@guided-retrieval/join-inference';
import { type Connector, type DatabaseProfile, parseProfile, type ViewMode, withConnection } from '@guided-retrieval/profiler';
import { isRecord } from '@guided-retrieval/profiler/files';
import { hashProfileValues } from '@guided-retrieval/profiler/values';
import { dictionaryAnnotations, overAnnotations, readDictionary } from './dictionary.js';
import { UserError } from './errors.js';
import { describeInference, setAsideNotes, summarizeInference } from './joins.js';
import { plural, profiledAll, tableDone, tableStarted } from './progress.js';
import { checkSchemaFiles, isSchemaSource, readSchemaSource, type SchemaFiles } from './schema-source.js';
import { resolveSource, type Source, sourceError } from './source.js';

export type BuildProgress = (message: string) => void;

/**
 * Where the graph's join edges come from: the declared foreign keys (default; inferred when the
 * schema declares none); those plus the edges inference finds (`infer`); or those plus the edges
 * of a joins file (`file`).
 */
export type EdgeSource = { kind: 'declared' } | { kind: 'infer' } | { kind: 'file'; path: string };

export interface BuildOptions extends SchemaFiles {
  /** PostgreSQL only: the schema(s) to profile, comma-separated (default: every non-system schema). */
  schema?: string;
  /**
   * Keep no readable text value in the graph: column values as Bloom filters of their hashes only (`hashValues`; a
   * profile JSON is hashed as read).
   */
  hashValues?: boolean;
  /** Views and materialized views (PostgreSQL, DuckDB): left out, listed without reading their rows (default), or profiled. */
  views?: ViewMode;
  /** Inferred edges below this confidence are dropped (default: the inference default). */
  minConfidence?: number;
  /** A data dictionary file (`dictionary.ts`): its descriptions become the graph's. */
  dictionary?: string;
}

/**
 * Source → context graph: profile the database read-only (or read a profile JSON), take its join
 * edges from `edges`, build the graph. `source` is anything `resolveSource` reads: a SQLite,
 * DuckDB or Parquet file, a Parquet folder, `postgres://…`, `mysql://…`, or a profile from `guided profile`.
 * Nothing is written to the database. Errors are one line naming the source.
 */
export async function buildGraph(
  source: string | Source,
  progress: BuildProgress = () => {},
  name?: string,
  edges: EdgeSource = { kind: 'declared' },
  options: BuildOptions = {},
): Promise<ContextGraph> {
  const resolved = typeof source === 'string' ? await resolveSource(source) : source;
  if (options.schema !== undefined && !(resolved.kind === 'database' && resolved.engine === 'postgres')) {
    throw new UserError(`--schema applies to PostgreSQL only, not to ${resolved.display}`);
  }
  checkSchemaFiles(resolved, options);
  // a bad joins file or dictionary should fail before minutes of profiling, not after
  const file = edges.kind === 'file' ? await loadJoins(edges.path) : undefined;
  const dictionary = options.dictionary === undefined ? undefined : await readDictionary(options.dictionary);
  const started = performance.now();
  let annotations: Annotations = {};
  let read: DatabaseProfile;
  if (resolved.kind === 'profile') read = await readProfile(resolved.path, name, progress);
  else if (isSchemaSource(resolved)) {
    const schema = await readSchemaSource(resolved, options, name, progress);
    read = schema.read.profile;
    annotations = schema.annotations;
  } else read = await profileSource(resolved, progress, name, options);
  const profile = options.hashValues ? hashProfileValues(read) : read;
  if (profile.tables.length === 0) throw new UserError(`${resolved.display} has no tables: nothing to build a graph from`);
  if (dictionary && options.dictionary !== undefined) {
    const found = dictionaryAnnotations(dictionary.entries, profile, options.dictionary);
    for (const warning of [...dictionary.warnings, ...found.warnings]) progress(`warning: ${warning}`);
    progress(`read ${plural(found.applied, 'description')} from the dictionary ${options.dictionary}`);
    annotations = overAnnotations(annotations, found.annotations);
  }
  const joins = schemaEdges(resolved, edges, progress);
  if (file && edges.kind === 'file' && stem(file.database) !== stem(profile.database)) {
    progress(`note: ${edges.path} was made for database ${file.database}, this one is ${profile.database}`);
  }
  const built = await buildGraphFromProfile(profile, {
    joins: joinSource(joins, file),
    inference: {
      ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
      onProgress: (message) => progress(`inferring joins: ${message}`),
    },
    onSkip: (reason) => progress(`skipped a foreign key: ${reason}`),
    annotations,
  });
  const graph = built.graph;
  reportJoins(built, joins, profile, progress);
  progress(
    `built the context graph: ${plural(graph.tables.length, 'table')}, ${plural(graph.edges.length, 'join edge')} in ${Math.round(performance.now() - started)} ms`,
  );
  return graph;
}

/**
 * A dbt project or a catalog export declares the keys its tests or constraints name, seldom all:
 * by default the others are inferred from names and keys as for a schema that declares none (the
 * declared ones kept), rather than leaving every undeclared table an island.
 */
function schemaEdges(source: Source, edges: EdgeSource, progress: BuildProgress): EdgeSource {
  if (!isSchemaSource(source) || edges.kind !== 'declared') return edges;
  progress('a schema file declares few keys: inferring the other joins from names and keys (declared ones kept)');
  return { kind: 'infer' };
}

/** A profile JSON (a graph file is told apart: it has `edges`). */
async function readProfile(path: string, name: string | undefined, progress: BuildProgress): Promise<DatabaseProfile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UserError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let profile: DatabaseProfile;
  try {
    profile = parseProfile(text, path);
  } catch (error) {
    // Read the text again only to say what it is instead: not JSON at all, or a graph file.
    throw notAProfile(text, path) ?? error;
  }
  progress(`read the profile of ${profile.database} from ${path}: ${plural(profile.tables.length, 'table')} (${profile.engine})`);
  return name === undefined ? profile : { ...profile, database: name };
}

/** Why a file that is no profile is not one, when it is something else: not JSON, or a graph file. */
function notAProfile(text: string, path: string): UserError | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new UserError(`${path} is not a database, and not a profile: not valid JSON`);
  }
  // Version 1 of the graph file holds a list of edges, version 2 an object of lists.
  if (isRecord(json) && Array.isArray(json.tables) && (Array.isArray(json.edges) || isRecord(json.edges))) {
    return new UserError(`${path} is a context graph (from \`guided build\`), not a database or profile: use it with --graph`);
  }
  return undefined;
}

/** Opens the database read-only, profiles every table with progress on stderr, closes it. */
async function profileSource(
  source: Extract<Source, { kind: 'database' }>,
  progress: BuildProgress,
  name: string | undefined,
  options: BuildOptions,
): Promise<DatabaseProfile> {
  const profileTables = async (connector: Connector) => {
    const tables = await connector.listTables();
    if (tables.length === 0) throw new UserError(`${source.display} has no tables: nothing to build a graph from`);
    const started = performance.now();
    const profile = await profileForGraph(connector, {
      database: name ?? source.name ?? connector.database,
      ...(options.hashValues ? { hashValues: true } : {}),
      ...(options.views ? { views: options.views } : {}),
      onProgress: (e) => progress(tableStarted(e)),
      onTableDone: (e) => progress(tableDone(e)),
      onWarning: (message) => progress(`warning: ${message}`),
    });
    progress(profiledAll(profile.tables.length, source.display, performance.now() - started));
    return profile;
  };
  try {
    return await withConnection(source.target, options.schema === undefined ? {} : { schema: options.schema }, profileTables);
  } catch (error) {
    throw sourceError(source.display, error);
  }
}

/** The join source of the build: a joins file's edges join the declared ones. */
function joinSource(edges: EdgeSource, file: JoinsFile | undefined): JoinSource {
  if (edges.kind !== 'file') return edges;
  return file ? { kind: 'with', edges: file.edges, source: edges.path } : { kind: 'declared' };
}

/** What the build did about joins, for stderr: the inference that ran, or the edges a joins file added. */
function reportJoins(built: GraphBuild, edges: EdgeSource, profile: DatabaseProfile, progress: BuildProgress): void {
  const { inference } = built;
  if (inference) {
    if (edges.kind === 'declared') progress('the schema declares no foreign keys: inferred them (pass --joins FILE to give your own)');
    progress(`inferred joins for ${describeInference(summarizeInference(profile.database, inference))}`);
    for (const note of setAsideNotes(inference.setAside)) progress(note);
    return;
  }
  if (edges.kind !== 'file') return;
  const total = built.graph.edges.length;
  progress(`${total} join edges: ${built.declared} declared, ${total - built.declared} more from ${edges.path}`);
}

/** `world.sqlite` and `World` name the same database (`guided profile` keeps the extension). */
function stem(name: string): string {
  return basename(name, extname(name)).toLowerCase();
}
