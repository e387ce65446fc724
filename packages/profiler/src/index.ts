export { type Connection, openConnection, parseConnection, profileConnection, sniffFile, withConnection } from './connect.js';
export type {
  ColumnDescription,
  ColumnExpressions,
  Connector,
  Dialect,
  SampleSource,
  Scalar,
  TableDescription,
} from './connector.js';
export { type DuckdbOptions, openDuckdb, profileDuckdb } from './duckdb.js';
export { ProfilerError, type ProfilerErrorCode } from './errors.js';
export { mergeProfiles } from './merge.js';
export { openPostgres, type PostgresOptions, profilePostgres } from './postgres.js';
export { type ProfileOptions, type ProfileProgress, profileDatabase, type TableDone } from './profile.js';
export { loadProfile, ProfileFileError, parseProfile } from './profile-file.js';
export { connectionSecrets, redactSecrets, redactUrl, redactUrls } from './redact.js';
export { openSqlite, profileSqlite } from './sqlite.js';
export {
  type ColumnProfile,
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
export { hashProfileValues } from './values.js';
