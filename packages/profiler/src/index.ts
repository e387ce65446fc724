export { cleanSample, isPlaceholder, MAX_REPRESENTATIVE_LENGTH, PLACEHOLDERS, tukeyFences } from './clean.js';
export { type Connection, openConnection, parseConnection, profileConnection, sniffFile, withConnection } from './connect.js';
export {
  type ColumnDescription,
  type ColumnExpressions,
  type Connector,
  type Dialect,
  quoteIdentifier,
  quoteLiteral,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
export { DEFAULT_DUCKDB_MEMORY_LIMIT, type DuckdbOptions, duckdbDialect, openDuckdb, profileDuckdb } from './duckdb.js';
export { ProfilerError, type ProfilerErrorCode } from './errors.js';
export { estimateDistinct, type SampleCounts } from './estimate.js';
export { declaredKind, inferType } from './infer-type.js';
export { mergeProfiles } from './merge.js';
export { ONTOLOGY_THRESHOLD, type OntologyInput, tagOntology } from './ontology.js';
export { openPostgres, type PostgresOptions, type PostgresTable, postgresDialect, profilePostgres, redactUrl } from './postgres.js';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_SAMPLE_ROWS,
  DEFAULT_SAMPLE_SIZE,
  MAX_VALUE_LENGTH,
  type ProfileOptions,
  type ProfileProgress,
  profileDatabase,
  type TableDone,
} from './profile.js';
export { loadProfile, ProfileFileError, parseProfile } from './profile-file.js';
export {
  BLOOM_FALSE_POSITIVE_RATE,
  type BloomReader,
  buildSketch,
  canonicalValue,
  hashValue,
  isCompleteSketch,
  readBloom,
  SKETCH_HASH,
  SKETCH_K,
  type SketchOptions,
  sketchHashes,
} from './sketch.js';
export { openSqlite, profileSqlite, sqliteDialect } from './sqlite.js';
export {
  type ColumnProfile,
  type ColumnValues,
  type DatabaseProfile,
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
export {
  buildValueFilter,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  isNameLike,
  normalizeText as normalizeValue,
  readValueFilter,
  VALUE_FILTER_FALSE_POSITIVE_RATE,
  VALUE_FILTER_MAX_BYTES,
  VALUE_FILTER_MAX_KEYS,
  VALUE_FILTER_SCHEME,
  VALUE_MAX_LENGTH,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
  type ValueKey,
  valueKeys,
} from './value-keys.js';
export { DEFAULT_VALUE_LIST_MAX, DEFAULT_VALUE_SCAN_ROWS, hashProfileValues, isProseColumn, wantsValues } from './values.js';
