export {
  PROFILE_FORMAT_VERSION,
  type ColumnProfile,
  type DatabaseProfile,
  type Engine,
  type ForeignKey,
  type InferredType,
  type LengthStats,
  type OntologyTag,
  type SqlValue,
  type TableProfile,
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
