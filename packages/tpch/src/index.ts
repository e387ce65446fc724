export {
  generateTpch,
  expectedRowCounts,
  DEFAULT_SCALE_FACTOR,
  DEFAULT_SEED,
  MAX_SCALE_FACTOR,
  type GenerateTpchOptions,
  type TpchSummary,
} from './generate.js';
export { TABLE_NAMES, TABLE_DDL, TPCH_DDL, type TableName } from './schema.js';
export { NATIONS, REGIONS, partSuppliers, retailPriceCents, orderKeyOf } from './rows.js';
export { Rng } from './random.js';
export {
  P_NAME_WORDS,
  P_TYPES,
  CONTAINERS,
  SEGMENTS,
  PRIORITIES,
  SHIP_MODES,
  SHIP_INSTRUCTIONS,
} from './text.js';
