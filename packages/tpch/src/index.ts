export { DEFAULT_SCALE_FACTOR, DEFAULT_SEED, type GenerateTpchOptions, generateTpch, type TpchSummary } from './generate.js';
export { TABLE_DDL, TABLE_NAMES, type TableName, TPCH_DDL } from './schema.js';
