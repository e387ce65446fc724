/**
 * The TPC-H spec's word lists (clause 4.2.2.13) and a short comment-text generator.
 */
import type { Rng } from './random.js';

/** The 92 colour words P_NAME is built from (5 distinct words per part). */
export const P_NAME_WORDS: readonly string[] = [
  'almond',
  'antique',
  'aquamarine',
  'azure',
  'beige',
  'bisque',
  'black',
  'blanched',
  'blue',
  'blush',
  'brown',
  'burlywood',
  'burnished',
  'chartreuse',
  'chiffon',
  'chocolate',
  'coral',
  'cornflower',
  'cornsilk',
  'cream',
  'cyan',
  'dark',
  'deep',
  'dim',
  'dodger',
  'drab',
  'firebrick',
  'floral',
  'forest',
  'frosted',
  'gainsboro',
  'ghost',
  'goldenrod',
  'green',
  'grey',
  'honeydew',
  'hot',
  'indian',
  'ivory',
  'khaki',
  'lace',
  'lavender',
  'lawn',
  'lemon',
  'light',
  'lime',
  'linen',
  'magenta',
  'maroon',
  'medium',
  'metallic',
  'midnight',
  'mint',
  'misty',
  'moccasin',
  'navajo',
  'navy',
  'olive',
  'orange',
  'orchid',
  'pale',
  'papaya',
  'peach',
  'peru',
  'pink',
  'plum',
  'powder',
  'puff',
  'purple',
  'red',
  'rose',
  'rosy',
  'royal',
  'saddle',
  'salmon',
  'sandy',
  'seashell',
  'sienna',
  'sky',
  'slate',
  'smoke',
  'snow',
  'spring',
  'steel',
  'tan',
  'thistle',
  'tomato',
  'turquoise',
  'violet',
  'wheat',
  'white',
  'yellow',
];

/** P_TYPE is one syllable from each list: 6 × 5 × 5 = 150 types. */
export const P_TYPE_SYLLABLE_1: readonly string[] = ['STANDARD', 'SMALL', 'MEDIUM', 'LARGE', 'ECONOMY', 'PROMO'];
export const P_TYPE_SYLLABLE_2: readonly string[] = ['ANODIZED', 'BURNISHED', 'PLATED', 'POLISHED', 'BRUSHED'];
export const P_TYPE_SYLLABLE_3: readonly string[] = ['TIN', 'NICKEL', 'BRASS', 'STEEL', 'COPPER'];

/** P_CONTAINER is one syllable from each list: 5 × 8 = 40 containers. */
export const CONTAINER_SYLLABLE_1: readonly string[] = ['SM', 'LG', 'MED', 'JUMBO', 'WRAP'];
export const CONTAINER_SYLLABLE_2: readonly string[] = ['CASE', 'BOX', 'BAG', 'JAR', 'PKG', 'PACK', 'CAN', 'DRUM'];

export const SEGMENTS: readonly string[] = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'MACHINERY', 'HOUSEHOLD'];
export const PRIORITIES: readonly string[] = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'];
export const SHIP_MODES: readonly string[] = ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'];
export const SHIP_INSTRUCTIONS: readonly string[] = ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'];

function cross(a: readonly string[], b: readonly string[]): string[] {
  return a.flatMap((x) => b.map((y) => `${x} ${y}`));
}

/** All 150 P_TYPE values. */
export const P_TYPES: readonly string[] = cross(cross(P_TYPE_SYLLABLE_1, P_TYPE_SYLLABLE_2), P_TYPE_SYLLABLE_3);
/** All 40 P_CONTAINER values. */
export const CONTAINERS: readonly string[] = cross(CONTAINER_SYLLABLE_1, CONTAINER_SYLLABLE_2);

/** The fixed vocabulary comments are made of: ordinary English words, by part of speech. */
export const VOCABULARY = {
  nouns: [
    'packages',
    'requests',
    'accounts',
    'deposits',
    'foxes',
    'ideas',
    'theodolites',
    'beans',
    'instructions',
    'dependencies',
    'excuses',
    'platelets',
    'asymptotes',
    'courts',
    'dolphins',
    'pinto beans',
    'frets',
    'warhorses',
    'sheaves',
    'tithes',
    'escapades',
    'attainments',
    'orbits',
    'waters',
    'pains',
    'hockey players',
    'patterns',
    'sauternes',
    'realms',
    'decoys',
  ],
  verbs: [
    'sleep',
    'wake',
    'are',
    'cajole',
    'haggle',
    'nag',
    'use',
    'boost',
    'affix',
    'detect',
    'integrate',
    'maintain',
    'nod',
    'was',
    'lose',
    'solve',
    'thrash',
    'promise',
    'engage',
    'hinder',
    'print',
    'breach',
    'eat',
    'grow',
    'impress',
    'mold',
    'poach',
    'serve',
    'run',
    'dazzle',
    'snooze',
    'doze',
    'unwind',
    'kindle',
    'play',
    'hang',
    'believe',
    'doubt',
  ],
  adjectives: [
    'special',
    'pending',
    'unusual',
    'express',
    'furious',
    'sly',
    'careful',
    'blithe',
    'quick',
    'fluffy',
    'slow',
    'quiet',
    'ruthless',
    'thin',
    'close',
    'dogged',
    'daring',
    'brave',
    'stealthy',
    'permanent',
    'enticing',
    'idle',
    'busy',
    'regular',
    'final',
    'ironic',
    'even',
    'bold',
    'silent',
  ],
  adverbs: [
    'sometimes',
    'always',
    'never',
    'furiously',
    'slyly',
    'carefully',
    'blithely',
    'quickly',
    'fluffily',
    'slowly',
    'quietly',
    'ruthlessly',
    'thinly',
    'closely',
    'doggedly',
    'daringly',
    'bravely',
    'stealthily',
    'permanently',
    'enticingly',
    'idly',
    'busily',
    'regularly',
    'finally',
    'ironically',
    'evenly',
    'boldly',
    'silently',
  ],
  prepositions: [
    'about',
    'above',
    'according to',
    'across',
    'after',
    'against',
    'along',
    'among',
    'around',
    'at',
    'atop',
    'before',
    'behind',
    'beneath',
    'beside',
    'between',
    'beyond',
    'by',
    'despite',
    'during',
    'except',
    'for',
    'from',
    'inside',
    'instead of',
    'into',
    'near',
    'of',
    'on',
    'outside',
    'over',
    'past',
    'since',
    'through',
    'to',
    'toward',
    'under',
    'until',
    'upon',
    'with',
    'within',
    'without',
  ],
  terminators: ['.', ';', ':', '?', '!', '--'],
} as const;

function nounPhrase(rng: Rng): string {
  const v = VOCABULARY;
  switch (rng.int(0, 3)) {
    case 0:
      return rng.pick(v.nouns);
    case 1:
      return `${rng.pick(v.adjectives)} ${rng.pick(v.nouns)}`;
    case 2:
      return `${rng.pick(v.adjectives)}, ${rng.pick(v.adjectives)} ${rng.pick(v.nouns)}`;
    default:
      return `${rng.pick(v.adverbs)} ${rng.pick(v.adjectives)} ${rng.pick(v.nouns)}`;
  }
}

function verbPhrase(rng: Rng): string {
  const v = VOCABULARY;
  switch (rng.int(0, 2)) {
    case 0:
      return rng.pick(v.verbs);
    case 1:
      return `${rng.pick(v.verbs)} ${rng.pick(v.adverbs)}`;
    default:
      return `${rng.pick(v.adverbs)} ${rng.pick(v.verbs)}`;
  }
}

/** One sentence of the spec's small grammar: noun phrase, verb phrase, maybe a prepositional phrase. */
function sentence(rng: Rng): string {
  const v = VOCABULARY;
  const head = `${nounPhrase(rng)} ${verbPhrase(rng)}`;
  const body = rng.int(0, 1) === 0 ? head : `${head} ${rng.pick(v.prepositions)} the ${nounPhrase(rng)}`;
  return `${body}${rng.pick(v.terminators)}`;
}

/**
 * A comment of between `minLength` and `maxLength` characters (the target length is uniform in
 * that range), made of sentences of the fixed vocabulary; the last sentence is cut at the target.
 */
export function commentText(rng: Rng, minLength: number, maxLength: number): string {
  const target = rng.int(minLength, maxLength);
  let text = '';
  while (text.length < target) {
    text = text.length === 0 ? sentence(rng) : `${text} ${sentence(rng)}`;
  }
  return text.slice(0, target);
}

/** The characters of the spec's random v-strings (addresses): 64 symbols. */
const V_STRING_CHARS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,.';

/** A random v-string whose length is uniform in [minLength, maxLength] (spec 4.2.2.7). */
export function vString(rng: Rng, minLength: number, maxLength: number): string {
  const length = rng.int(minLength, maxLength);
  let out = '';
  for (let i = 0; i < length; i++) out += V_STRING_CHARS[rng.int(0, V_STRING_CHARS.length - 1)];
  return out;
}

/** A phone number `CC-xxx-xxx-xxxx` whose country code is nationkey + 10 (spec 4.2.2.9). */
export function phoneNumber(rng: Rng, nationKey: number): string {
  return `${nationKey + 10}-${rng.int(100, 999)}-${rng.int(100, 999)}-${rng.int(1000, 9999)}`;
}

/** `prefix` followed by the key zero-padded to 9 digits, e.g. `Supplier#000000001`. */
export function keyedName(prefix: string, key: number): string {
  return `${prefix}#${String(key).padStart(9, '0')}`;
}
