export { ABBREVIATIONS, abbreviationsOf, expansionsOf } from './abbreviations.js';
export { type DigitPolicy, type IdentifierWordsOptions, identifierWords } from './identifier.js';
export { plural, singular } from './inflection.js';
export { type SegmentOptions, segment } from './segment.js';
export { stem } from './stem.js';
export { STOP_WORDS } from './stop-words.js';
export { COMPOUND_WORDS } from './vocabulary.js';
