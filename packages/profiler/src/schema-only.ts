/**
 * What the schema-only readers (dbt artifacts, catalog exports) share: a column with no values
 * seen, the kind a warehouse type names, and how tables of several schemas are named.
 * A schema-only profile says nothing it was not told: counts are 0, min and max null, no sample
 * and no sketch — the shape the benchmarks' schema files take on their way to join inference.
 */
import { declaredKind } from './infer-type.js';
import type { ColumnProfile, DatabaseProfile, Engine, InferredType } from './types.js';

/** A profile read from files describing a schema, with what the graph needs besides. */
export interface SchemaRead {
  profile: DatabaseProfile;
  /** Other names a table goes by (a dbt source's name, a model's name behind its alias), keyed by table name. */
  aliases: Record<string, string[]>;
  /** What was assumed or left out, one line each, for progress output. */
  notes: string[];
}

const NESTED = /^(ARRAY|STRUCT|MAP|OBJECT|VARIANT|RECORD|JSON|JSONB|GEOGRAPHY|GEOMETRY)\b|\[\]$|</;
const INTEGRAL_DECIMAL = /^(NUMBER|NUMERIC|DECIMAL)\s*\(\s*\d+\s*,\s*0\s*\)$/;

/**
 * The broad kind of a warehouse type: `declaredKind`'s rules plus BigQuery's and Snowflake's
 * names (`STRING`, `BYTES`, `BINARY`, `NUMBER(38,0)` as an integer); arrays, structs, variants and
 * JSON are `unknown` (a list of ids is no key).
 */
export function warehouseTypeKind(type: string): InferredType {
  const t = type.trim().toUpperCase();
  if (t === '' || NESTED.test(t)) return 'unknown';
  if (INTEGRAL_DECIMAL.test(t)) return 'integer';
  if (t === 'STRING') return 'text';
  if (t === 'BYTES' || t.startsWith('BINARY') || t.startsWith('VARBINARY')) return 'blob';
  return declaredKind(t) ?? 'unknown';
}

/** A column of a schema-only profile: its name, declared type and description, nothing measured. */
export function schemaColumn(name: string, declaredType: string, description?: string): ColumnProfile {
  return {
    name,
    ...(description ? { description } : {}),
    declaredType,
    inferredType: warehouseTypeKind(declaredType),
    rowCount: 0,
    count: 0,
    nulls: 0,
    distinct: 0,
    distinctExact: false,
    min: null,
    max: null,
    sample: [],
  };
}

/**
 * Each relation's table name: bare where no other schema has a table of that name (compared
 * case-insensitively), `schema.name` where two share it. Same order as `relations`.
 */
export function tableNames(relations: readonly { schema: string; name: string }[]): string[] {
  const schemasOf = new Map<string, Set<string>>();
  for (const r of relations) {
    const key = r.name.toLowerCase();
    const set = schemasOf.get(key) ?? new Set<string>();
    set.add(r.schema.toLowerCase());
    schemasOf.set(key, set);
  }
  return relations.map((r) => ((schemasOf.get(r.name.toLowerCase())?.size ?? 0) > 1 ? `${r.schema}.${r.name}` : r.name));
}

/** `adapter` (a dbt adapter type, an export's `engine` column) as an `Engine`, or undefined when none fits. */
export function engineOf(adapter: string): Engine | undefined {
  const a = adapter.trim().toLowerCase();
  const known: Record<string, Engine> = {
    sqlite: 'sqlite',
    postgres: 'postgres',
    postgresql: 'postgres',
    duckdb: 'duckdb',
    mysql: 'mysql',
    mariadb: 'mysql',
    snowflake: 'snowflake',
    bigquery: 'bigquery',
    redshift: 'redshift',
    databricks: 'databricks',
    spark: 'databricks', // the same SQL dialect (backtick quoting)
  };
  return known[a];
}
