export { type CatalogExportOptions, catalogExportFromRows, readCatalogExport } from './catalog-export.js';
export type { ColumnSetPlanner, ColumnSetRequest } from './column-sets.js';
export { type Connection, openConnection, parseConnection, profileConnection, withConnection } from './connect.js';
export type {
  ColumnDescription,
  ColumnExpressions,
  Connector,
  Dialect,
  SampleSource,
  Scalar,
  TableDescription,
} from './connector.js';
export { type DbtOptions, dbtArtifactsFromJson, readDbtArtifacts } from './dbt.js';
export { type DuckdbOptions, openDuckdb, profileDuckdb } from './duckdb.js';
export { ProfilerError, type ProfilerErrorCode } from './errors.js';
export { mergeProfiles } from './merge.js';
export { type MysqlOptions, openMysql, profileMysql } from './mysql.js';
export { openPostgres, type PostgresOptions, profilePostgres } from './postgres.js';
export { type ProfileOptions, type ProfileProgress, profileDatabase, type TableDone, VIEW_MODES, type ViewMode } from './profile.js';
export { loadProfile, ProfileFileError, parseProfile } from './profile-file.js';
export { redactUrl } from './redact.js';
export type { SchemaRead } from './schema-only.js';
export { openSqlite, profileSqlite } from './sqlite.js';
export { openReadOnlySqlite } from './sqlite-source.js';
export {
  type ColumnProfile,
  type ColumnSetProfile,
  type ColumnValues,
  type ConnectorEngine,
  type DatabaseProfile,
  ENGINES,
  type Engine,
  type ForeignKey,
  type InferredType,
  type LengthStats,
  type OntologyTag,
  PROFILE_FORMAT_VERSION,
  type SqlValue,
  type TableProfile,
  type ValueFilter,
  type ValueFrequency,
  type ValueSketch,
} from './types.js';
