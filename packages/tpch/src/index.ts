export {
  DEFAULT_SCALE_FACTOR,
  DEFAULT_SEED,
  expectedRowCounts,
  type GenerateTpchOptions,
  generateTpch,
  MAX_SCALE_FACTOR,
  type TpchSummary,
} from './generate.js';
export { Rng } from './random.js';
export { NATIONS, orderKeyOf, partSuppliers, REGIONS, retailPriceCents } from './rows.js';
export { TABLE_DDL, TABLE_NAMES, type TableName, TPCH_DDL } from './schema.js';
export {
  CONTAINERS,
  P_NAME_WORDS,
  P_TYPES,
  PRIORITIES,
  SEGMENTS,
  SHIP_INSTRUCTIONS,
  SHIP_MODES,
} from './text.js';
