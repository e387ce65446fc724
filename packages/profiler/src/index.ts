export {
  PROFILE_FORMAT_VERSION,
  type ColumnProfile,
  type ColumnValues,
  type DatabaseProfile,
  type Engine,
  type ForeignKey,
  type InferredType,
  type LengthStats,
  type OntologyTag,
  type SqlValue,
  type TableProfile,
  type ValueFilter,
  type ValueFrequency,
  type ValueSketch,
} from './types.js';
export {
  quoteIdentifier,
  quoteLiteral,
  type ColumnDescription,
  type ColumnExpressions,
  type Connector,
  type Dialect,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_SAMPLE_ROWS,
  DEFAULT_SAMPLE_SIZE,
  MAX_VALUE_LENGTH,
  profileDatabase,
  type ProfileOptions,
  type ProfileProgress,
  type TableDone,
} from './profile.js';
export { ProfilerError, type ProfilerErrorCode } from './errors.js';
export { openSqlite, profileSqlite, sqliteDialect } from './sqlite.js';
export { openPostgres, postgresDialect, profilePostgres, redactUrl, type PostgresOptions, type PostgresTable } from './postgres.js';
export { DEFAULT_DUCKDB_MEMORY_LIMIT, duckdbDialect, openDuckdb, profileDuckdb, type DuckdbOptions } from './duckdb.js';
export { openConnection, parseConnection, profileConnection, sniffFile, type Connection } from './connect.js';
export { mergeProfiles } from './merge.js';
export { cleanSample, isPlaceholder, MAX_REPRESENTATIVE_LENGTH, PLACEHOLDERS, tukeyFences } from './clean.js';
export { tagOntology, ONTOLOGY_THRESHOLD, type OntologyInput } from './ontology.js';
export { estimateDistinct, type SampleCounts } from './estimate.js';
export { declaredKind, inferType } from './infer-type.js';
export {
  BLOOM_FALSE_POSITIVE_RATE,
  SKETCH_HASH,
  SKETCH_K,
  buildSketch,
  canonicalValue,
  hashValue,
  isCompleteSketch,
  readBloom,
  sketchHashes,
  type BloomReader,
  type SketchOptions,
} from './sketch.js';
export {
  VALUE_FILTER_FALSE_POSITIVE_RATE,
  VALUE_FILTER_MAX_BYTES,
  VALUE_FILTER_MAX_KEYS,
  VALUE_FILTER_SCHEME,
  VALUE_MAX_LENGTH,
  VALUE_MAX_WORDS,
  buildValueFilter,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  isNameLike,
  normalizeValue,
  readValueFilter,
  valueKeys,
  type ValueFilterReader,
  type ValueKey,
} from './value-keys.js';
export { DEFAULT_VALUE_LIST_MAX, DEFAULT_VALUE_SCAN_ROWS, hashProfileValues, isProseColumn, wantsValues } from './values.js';
