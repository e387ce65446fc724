export {
  PROFILE_FORMAT_VERSION,
  type ColumnProfile,
  type DatabaseProfile,
  type ForeignKey,
  type InferredType,
  type SqlValue,
  type TableProfile,
  type ValueFrequency,
} from './types.js';
export type {
  ColumnDescription,
  ColumnStats,
  Connector,
  SampleOptions,
  TableDescription,
} from './connector.js';
export {
  DEFAULT_SAMPLE_ROWS,
  DEFAULT_SAMPLE_SIZE,
  profileDatabase,
  type ProfileOptions,
  type ProfileProgress,
} from './profile.js';
export { openSqlite, profileSqlite } from './sqlite.js';
