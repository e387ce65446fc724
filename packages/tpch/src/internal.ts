/**
 * The value domains the generator draws TPC-H's categorical columns from (spec v3), for the other
 * `@guided-retrieval/*` packages' tests. Not part of the public API: it may change in any release.
 */
export { NATIONS, REGIONS } from './rows.js';
export { CONTAINERS, PRIORITIES, SEGMENTS, SHIP_INSTRUCTIONS, SHIP_MODES } from './text.js';
