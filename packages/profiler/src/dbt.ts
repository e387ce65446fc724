/**
 * A dbt project's `manifest.json` (+ `catalog.json` from `dbt docs generate`) as a schema-only
 * profile: models, seeds, snapshots and sources as tables named by their relation, columns with
 * the warehouse's types, dbt's descriptions, and the keys its tests and constraints declare.
 * No database is opened. Manifest schema v10–v12 (dbt 1.6 and later) are read, others refused.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type DbtTable, dbtKeys } from './dbt-keys.js';
import { ProfilerError } from './errors.js';
import { isRecord } from './is-record.js';
import { engineOf, type SchemaRead, schemaColumn, tableNames } from './schema-only.js';
import { PROFILE_FORMAT_VERSION, type TableProfile } from './types.js';

type Json = Record<string, unknown>;

export interface DbtOptions {
  /** `catalog.json`: its path, `false` for none; by default the one beside the manifest, when there is one. */
  catalog?: string | false;
  /** The profile's database name (default: the dbt project's name). */
  database?: string;
}

const MANIFEST_VERSIONS = new Set([10, 11, 12]);
const RELATIONS = new Set(['model', 'seed', 'snapshot']);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Json => (isRecord(value) ? value : {});

/** Reads the manifest (and the catalog) and returns the profile; errors are one line naming the file. */
export async function readDbtArtifacts(manifestPath: string, options: DbtOptions = {}): Promise<SchemaRead> {
  const beside = join(dirname(manifestPath), 'catalog.json');
  const catalogPath = options.catalog === false ? undefined : (options.catalog ?? (existsSync(beside) ? beside : undefined));
  const manifest = await readJson(manifestPath);
  const catalog = catalogPath === undefined ? undefined : await readJson(catalogPath);
  const read = dbtArtifactsFromJson(manifest, catalog, { manifest: manifestPath, ...(catalogPath ? { catalog: catalogPath } : {}) });
  const notes = [...read.notes];
  if (catalogPath && options.catalog === undefined)
    notes.unshift(`read ${catalogPath} beside the manifest for the warehouse's columns and types`);
  if (!catalogPath) notes.unshift('no catalog.json (`dbt docs generate` writes it): columns and types from the manifest only');
  const database = options.database ?? read.profile.database;
  return { ...read, notes, profile: { ...read.profile, database } };
}

async function readJson(path: string): Promise<unknown> {
  let body: string;
  try {
    body = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ProfilerError(code === 'ENOENT' ? 'not-found' : 'bad-schema-file', `${path}: cannot read it (${code ?? 'unknown error'})`, {
      cause: error,
    });
  }
  try {
    return JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch (error) {
    throw new ProfilerError('bad-schema-file', `${path}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** The manifest schema version a dbt_schema_version URL names (`…/manifest/v12.json` → 12), else undefined. */
function schemaVersion(json: unknown, kind: 'manifest' | 'catalog'): { url: string; version: number | undefined } {
  const url = text(record(record(json).metadata).dbt_schema_version);
  const match = new RegExp(`/${kind}/v(\\d+)\\.json$`).exec(url);
  return { url, version: match ? Number(match[1]) : undefined };
}

/** The profile of parsed artifacts; `files` name them in errors and notes. */
export function dbtArtifactsFromJson(manifest: unknown, catalog: unknown, files: { manifest: string; catalog?: string }): SchemaRead {
  const { url, version } = schemaVersion(manifest, 'manifest');
  if (url === '') throw new ProfilerError('bad-schema-file', `${files.manifest}: not a dbt manifest (no metadata.dbt_schema_version)`);
  if (version === undefined || !MANIFEST_VERSIONS.has(version)) {
    const named = version === undefined ? url : `v${version}`;
    throw new ProfilerError(
      'bad-schema-file',
      `${files.manifest}: dbt manifest schema ${named} is not read (v10, v11 or v12 are: dbt 1.6 or later writes them)`,
    );
  }
  if (catalog !== undefined && schemaVersion(catalog, 'catalog').version !== 1) {
    const found = schemaVersion(catalog, 'catalog').url || 'no metadata.dbt_schema_version';
    throw new ProfilerError('bad-schema-file', `${files.catalog}: not a dbt catalog v1 (${found})`);
  }
  const m = record(manifest);
  const metadata = record(m.metadata);
  const notes: string[] = [];
  const adapter = text(metadata.adapter_type);
  const engine = engineOf(adapter) ?? 'postgres';
  if (!engineOf(adapter)) notes.push(`dbt adapter "${adapter || 'unknown'}" has no SQL dialect here: SQL is written as for PostgreSQL`);

  const cat = record(catalog);
  const catalogEntry = (id: string): Json | undefined => {
    const entry = record(cat.nodes)[id] ?? record(cat.sources)[id];
    return isRecord(entry) ? entry : undefined;
  };
  const relations = new Map<string, DbtTable>();
  const ids = new Map<string, DbtTable>();
  let missingFromCatalog = 0;
  let skipped = 0;
  const add = (id: string, node: Json, identifier: string, otherNames: string[]) => {
    const physical = catalogEntry(id);
    if (catalog !== undefined && !physical) missingFromCatalog += 1;
    const meta = record(physical?.metadata);
    const schema = text(meta.schema) || text(node.schema);
    const name = text(meta.name) || identifier;
    const key = [text(node.database), schema, name].join('\u0000').toLowerCase();
    const table: DbtTable = relations.get(key) ?? {
      tableName: '',
      schema,
      name,
      description: '',
      documented: [],
      columns: new Map(),
      aliases: new Set(),
    };
    relations.set(key, table);
    ids.set(id, table);
    for (const other of otherNames) if (other && other.toLowerCase() !== name.toLowerCase()) table.aliases.add(other);
    table.description ||= text(node.description) || text(meta.comment);
    const materialized = text(record(node.config).materialized);
    const catalogType = text(meta.type).toLowerCase();
    if (materialized === 'materialized_view' || catalogType === 'materialized view') table.kind = 'materialized view';
    else if (materialized === 'view' || catalogType === 'view') table.kind ??= 'view';
    table.documented.push(record(node.columns));
    if (physical && !table.physical) table.physical = record(physical.columns);
  };
  for (const [id, value] of Object.entries(record(m.nodes))) {
    const node = record(value);
    const type = text(node.resource_type);
    const config = record(node.config);
    if (!RELATIONS.has(type) || config.enabled === false || text(config.materialized) === 'ephemeral') {
      if (type !== 'test') skipped += 1;
      continue;
    }
    add(id, node, text(node.alias) || text(node.name), [text(node.name)]);
  }
  for (const [id, value] of Object.entries(record(m.sources))) {
    const node = record(value);
    if (record(node.config).enabled === false) continue;
    add(id, node, text(node.identifier) || text(node.name), [text(node.name)]);
  }
  if (skipped > 0) notes.push(`skipped ${skipped} dbt nodes that are no relation (ephemeral models, analyses, operations…)`);
  if (missingFromCatalog > 0)
    notes.push(`${missingFromCatalog} models or sources are not in ${files.catalog}: their columns come from the manifest`);

  const list = [...relations.values()];
  const names = tableNames(list);
  let undocumented = 0;
  list.forEach((t, i) => {
    t.tableName = names[i]!;
    undocumented += resolveColumns(t);
  });
  if (undocumented > 0)
    notes.push(`left out ${undocumented} columns the manifest documents but the catalog does not have (not in the warehouse)`);
  const keys = dbtKeys(m, ids, notes);
  const tables: TableProfile[] = list.map((t) => ({
    name: t.tableName,
    schema: t.schema,
    ...(t.description ? { description: t.description } : {}),
    ...(t.kind ? { kind: t.kind } : {}),
    rowCount: 0,
    columns: [...t.columns.values()].map((c) => schemaColumn(c.name, c.type, c.description)),
    primaryKey: keys.primaryKeys.get(t) ?? [],
    foreignKeys: keys.foreignKeys.get(t) ?? [],
  }));
  const aliases = Object.fromEntries(list.filter((t) => t.aliases.size > 0).map((t) => [t.tableName, [...t.aliases]]));
  const database = text(metadata.project_name) || basename(dirname(files.manifest));
  return { profile: { formatVersion: PROFILE_FORMAT_VERSION, engine, database, tables }, aliases, notes };
}

/**
 * The table's columns: the catalog's (the warehouse's names, order and types) when it has the
 * relation, else the manifest's (`data_type`); descriptions from the manifest (matched
 * case-insensitively, the first node's first when a seed and the source over it are one
 * relation), else the catalog's comment.
 */
function resolveColumns(table: DbtTable): number {
  const docs = new Map<string, Json>();
  for (const documented of table.documented)
    for (const [name, c] of Object.entries(documented)) {
      const known = docs.get(name.toLowerCase());
      if (!known || (!text(known.description) && text(record(c).description))) docs.set(name.toLowerCase(), record(c));
    }
  const entries = table.physical
    ? Object.entries(table.physical)
        .map(([name, c]) => ({ name: text(record(c).name) || name, c: record(c) }))
        .sort((a, b) => Number(a.c.index ?? 0) - Number(b.c.index ?? 0))
        .map(({ name, c }) => ({ name, type: text(c.type), comment: text(c.comment) }))
    : [...docs.entries()].map(([key, c]) => ({ name: text(c.name) || key, type: text(c.data_type), comment: '' }));
  for (const { name, type, comment } of entries) {
    const key = name.toLowerCase();
    if (!name || table.columns.has(key)) continue;
    table.columns.set(key, { name, type, description: text(docs.get(key)?.description) || comment });
  }
  return [...docs.keys()].filter((key) => !table.columns.has(key)).length;
}
