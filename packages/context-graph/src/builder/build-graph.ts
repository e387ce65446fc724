/**
 * Source → context graph in one call, as `guided build` runs it: open the source (`source.ts`),
 * profile it read-only (or read a profile JSON, a dbt project, a catalog export), lay a data
 * dictionary's descriptions over it (`dictionary.ts`), choose its join edges (`joins.ts`), build.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { type JoinsFile, loadJoins } from '@guided-retrieval/join-inference';
import { type Connector, type DatabaseProfile, parseProfile, type ViewMode, withConnection } from '@guided-retrieval/profiler';
import { isRecord } from '@guided-retrieval/profiler/files';
import { hashProfileValues } from '@guided-retrieval/profiler/values';
import type { Annotations } from '../build.js';
import { GraphBuildError } from '../errors.js';
import type { ContextGraph } from '../graph.js';
import { dictionaryAnnotations, overAnnotations, readDictionary } from './dictionary.js';
import { buildGraphFromProfile, type GraphBuild } from './graph-build.js';
import { describeInference, setAsideNotes, summarizeInference } from './inference-notes.js';
import type { JoinSource } from './joins.js';
import { plural, profiledAll, tableDone, tableStarted } from './messages.js';
import { profileForGraph } from './profile.js';
import { checkSchemaFiles, isSchemaSource, readSchemaSource, type SchemaFiles } from './schema-source.js';
import { resolveSource, type Source, sourceError } from './source.js';

/**
 * Where the graph's join edges come from: any `JoinSource` (`declared`, the default: the declared
 * foreign keys, inferred when the schema declares none; `infer`: those plus the edges inference
 * finds; `with` or `only` given edges), or `file`: the declared ones plus a joins file's
 * (`guided infer-joins`, `guided build --joins`).
 */
export type BuildJoins = JoinSource | { kind: 'file'; path: string };

export interface BuildOptions extends SchemaFiles {
  /** The graph's database name (default: a file's name without extension, a URL's database, a profile's). */
  name?: string;
  /** Where the join edges come from (default `{ kind: 'declared' }`). */
  joins?: BuildJoins;
  /** Inferred edges below this confidence are dropped (default: join inference's). */
  minConfidence?: number;
  /** A data dictionary file (CSV, Markdown table or YAML such as dbt's schema.yml): its descriptions become the graph's. */
  dictionary?: string;
  /** PostgreSQL only: the schema(s) to profile, comma-separated (default: every non-system schema). */
  schema?: string;
  /** Views and materialized views (PostgreSQL, DuckDB): left out (default), listed without reading their rows, or profiled. */
  views?: ViewMode;
  /** Keep no readable text value in the graph: column values as Bloom filters of their hashes only (a profile JSON is hashed as read). */
  hashValues?: boolean;
  /** Told each step in one line (`profiling [2/8] orders…`, warnings as `warning: …`): what `guided build` prints on stderr. */
  onProgress?: (message: string) => void;
}

/**
 * Builds the context graph of `source`: a SQLite, DuckDB or Parquet file, a folder of Parquet
 * files, `postgres://…`, `mysql://…`, a profile JSON, a dbt `manifest.json` or an
 * `INFORMATION_SCHEMA.COLUMNS` export (`resolveSource` tells them apart). The database is opened
 * read-only; nothing is written to it or beside it. Errors are a `GraphBuildError` of one line
 * naming the source or file (a URL's password as `***`).
 */
export async function buildGraph(source: string | Source, options: BuildOptions = {}): Promise<ContextGraph> {
  const progress = options.onProgress ?? (() => {});
  const { name } = options;
  const joins = options.joins ?? { kind: 'declared' };
  const resolved = typeof source === 'string' ? await resolveSource(source) : source;
  if (options.schema !== undefined && !(resolved.kind === 'database' && resolved.engine === 'postgres')) {
    throw new GraphBuildError(`--schema applies to PostgreSQL only, not to ${resolved.display}`);
  }
  if (joins.kind === 'file' && options.minConfidence !== undefined)
    throw new GraphBuildError('--min-confidence applies to inferred joins, not to --joins FILE');
  checkSchemaFiles(resolved, options);
  // a bad joins file or dictionary should fail before minutes of profiling, not after
  const file = joins.kind === 'file' ? await loadJoins(joins.path) : undefined;
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
  if (profile.tables.length === 0) throw new GraphBuildError(`${resolved.display} has no tables: nothing to build a graph from`);
  if (dictionary && options.dictionary !== undefined) {
    const found = dictionaryAnnotations(dictionary.entries, profile, options.dictionary);
    for (const warning of [...dictionary.warnings, ...found.warnings]) progress(`warning: ${warning}`);
    progress(`read ${plural(found.applied, 'description')} from the dictionary ${options.dictionary}`);
    annotations = overAnnotations(annotations, found.annotations);
  }
  const edges = schemaEdges(resolved, joins, progress);
  if (file && joins.kind === 'file' && stem(file.database) !== stem(profile.database)) {
    progress(`note: ${joins.path} was made for database ${file.database}, this one is ${profile.database}`);
  }
  const built = await buildGraphFromProfile(profile, {
    joins: joinSource(edges, file),
    inference: {
      ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
      onProgress: (message) => progress(`inferring joins: ${message}`),
    },
    onSkip: (reason) => progress(`skipped a foreign key: ${reason}`),
    annotations,
  });
  const graph = built.graph;
  reportJoins(built, edges, profile, progress);
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
function schemaEdges(source: Source, edges: BuildJoins, progress: Progress): BuildJoins {
  if (!isSchemaSource(source) || edges.kind !== 'declared') return edges;
  progress('a schema file declares few keys: inferring the other joins from names and keys (declared ones kept)');
  return { kind: 'infer' };
}

/** A profile JSON (a graph file is told apart: it has `edges`). */
async function readProfile(path: string, name: string | undefined, progress: Progress): Promise<DatabaseProfile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new GraphBuildError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
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
function notAProfile(text: string, path: string): GraphBuildError | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new GraphBuildError(`${path} is not a database, and not a profile: not valid JSON`);
  }
  // Version 1 of the graph file holds a list of edges, version 2 an object of lists.
  if (isRecord(json) && Array.isArray(json.tables) && (Array.isArray(json.edges) || isRecord(json.edges))) {
    return new GraphBuildError(`${path} is a context graph (from \`guided build\`), not a database or profile: use it with --graph`);
  }
  return undefined;
}

/** Opens the database read-only, profiles every table with progress on stderr, closes it. */
async function profileSource(
  source: Extract<Source, { kind: 'database' }>,
  progress: Progress,
  name: string | undefined,
  options: Pick<BuildOptions, 'hashValues' | 'views' | 'schema'>,
): Promise<DatabaseProfile> {
  const profileTables = async (connector: Connector) => {
    const tables = await connector.listTables();
    if (tables.length === 0) throw new GraphBuildError(`${source.display} has no tables: nothing to build a graph from`);
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
function joinSource(edges: BuildJoins, file: JoinsFile | undefined): JoinSource {
  if (edges.kind !== 'file') return edges;
  return file ? { kind: 'with', edges: file.edges, source: edges.path } : { kind: 'declared' };
}

/** What the build did about joins, for stderr: the inference that ran, or the edges a joins file added. */
function reportJoins(built: GraphBuild, edges: BuildJoins, profile: DatabaseProfile, progress: Progress): void {
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

type Progress = (message: string) => void;
