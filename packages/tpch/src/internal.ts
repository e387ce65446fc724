/**
 * `@guided-retrieval/tpch/internal`: the value domains the generator draws TPC-H's categorical
 * columns from (spec v3), for the other `@guided-retrieval/*` packages' tests — retrieval's
 * `llm-disambiguator.test.ts` checks the LLM's answers against them. Not public API: it is
 * versioned with the package, but any release may change it.
 */
export { NATIONS, REGIONS } from './rows.js';
export { CONTAINERS, PRIORITIES, SEGMENTS, SHIP_INSTRUCTIONS, SHIP_MODES } from './text.js';
