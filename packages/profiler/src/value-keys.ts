import { fmix32 } from './hash.js';
import type { ValueFilter } from './types.js';

/**
 * How a column's values become the keys a question's words are looked up by, and how those keys
 * are hashed into a Bloom filter. Grounding indexes listed and sampled values through the same
 * `valueKeys` (re-exported by the context graph), so that a value answers the same words whether
 * it is stored readable or only hashed.
 */

/** Longest value (in characters, as stored) that can name something; longer ones are text. */
export const VALUE_MAX_LENGTH = 50;
/** Most words (after normalisation) a value may have to be findable: longer ones are phrases. */
export const VALUE_MAX_WORDS = 4;
/** Identifies `valueKeys` and `filterHashes`; a filter with another scheme is not read. */
export const VALUE_FILTER_SCHEME = 'grounding-keys-v1';
/**
 * False-positive rate of a value filter, per probe. A question probes every filter with each of
 * its keys: each run of 1–4 words in up to four spellings, each for every value length it could
 * be a key of (`couldBeValueKey`) — some 150 probes per filter for a question of a dozen words.
 * At 1e-6 (29 bits, 20 probes per key) a graph of 60 filters (every name column hashed) answers
 * a false value to about one question in a hundred; at 1e-4 it was one in seven (measured: Spider
 * dev's 1,034 questions against AdventureWorks).
 */
export const VALUE_FILTER_FALSE_POSITIVE_RATE = 1e-6;
/** Largest filter, in bytes of bits (before base64); beyond it, word runs are left out, then values. */
export const VALUE_FILTER_MAX_BYTES = 1024 * 1024;

/** Lower-case alphanumeric runs joined by one space, diacritics dropped: the form every value key and grounding index key is stored in. */
export function normalizeText(text: string): string {
  // ASCII (most values) needs no decomposition: the same result, several times faster.
  const folded = NON_ASCII.test(text)
    ? text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
    : text.toLowerCase();
  return folded.replace(NOT_ALPHANUMERIC, ' ').trim();
}

const NON_ASCII = /[\u0080-\uffff]/;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;

/** One key a value is found by. */
export interface ValueKey {
  /** Normalised words (`van halen`, `halen`). */
  key: string;
  /** Words in the key. */
  words: number;
  /** Words in the whole value: the key covers `words / of` of it (1 for the whole value). */
  of: number;
}

/**
 * The keys a value is found by, as grounding indexes values: the whole normalised value (a
 * string of at most `VALUE_MAX_LENGTH` characters with a letter, at most `VALUE_MAX_WORDS`
 * words), then each shorter run of its words that holds a word of three or more characters with
 * a letter (a single word: three or more characters with a letter). Keys shorter than two
 * characters are never looked up. Empty for anything else (numbers, long text).
 */
export function valueKeys(value: string | number): ValueKey[] {
  const keys: ValueKey[] = [];
  eachValueKey(value, (key, words, of) => keys.push({ key, words, of }));
  return keys;
}

/** `valueKeys` without building the list. */
export function eachValueKey(value: string | number, emit: (key: string, words: number, of: number) => void): void {
  const whole = wholeValueKey(value);
  if (whole === undefined) return;
  const { key, words } = whole;
  const of = words.length;
  emit(key, of, of);
  if (of === 1) return;
  // `urgent` finds `1-URGENT` and `grand prix` finds `Abu Dhabi Grand Prix`.
  for (let start = 0; start < of; start++) {
    for (let end = start + 1; end <= of; end++) {
      if (end - start === of) continue;
      const part = words.slice(start, end);
      if (!isPartKey(part)) continue;
      const text = part.join(' ');
      if (text.length >= 2) emit(text, part.length, of);
    }
  }
}

const HAS_LETTER = /[a-z]/i;

/**
 * A value's first key, the whole normalised value, with its words; undefined when the value has
 * no key at all (a value of several words always has its whole one: three or more characters).
 */
function wholeValueKey(value: string | number): { key: string; words: string[] } | undefined {
  if (typeof value !== 'string' || value.length > VALUE_MAX_LENGTH || !HAS_LETTER.test(value)) return undefined;
  const key = normalizeText(value);
  const words = key.split(' ');
  return words.length > VALUE_MAX_WORDS || key.length < 2 ? undefined : { key, words };
}

/** Whether `valueKeys(value)` is not empty, without deriving the keys of its runs of words. */
export function hasValueKey(value: string | number): boolean {
  return wholeValueKey(value) !== undefined;
}

/** Whether a run of a value's words is a key of its own (`valueKeys`' rule for parts). */
function isPartKey(part: readonly string[]): boolean {
  if (!part.some((w) => w.length >= 3 && /[a-z]/.test(w))) return false;
  return part.length > 1 || (part[0]!.length >= 3 && /[a-z]/.test(part[0]!));
}

/**
 * Whether a question's key (normalised words) could be a value's key covering `words / of` of it:
 * the rules of `valueKeys` seen from the question's side, so that keys no value can have are
 * never probed (each probe risks a false positive).
 */
export function couldBeValueKey(key: string, of: number): boolean {
  if (key.length < 2 || key.length > VALUE_MAX_LENGTH || of > VALUE_MAX_WORDS || !/[a-z]/.test(key)) return false;
  const words = key.split(' ');
  if (words.length > of) return false;
  return words.length === of || isPartKey(words);
}

/**
 * Whether a value looks like a name someone could ask about (`Van Halen`, `aaron10@adventure-works.com`,
 * `BK-M68B-38`), rather than text, a hash, a GUID or random characters.
 */
export function isNameLike(value: string | number): boolean {
  if (typeof value !== 'string' || !hasValueKey(value)) return false;
  return !value.split(/[^A-Za-z0-9]+/).some(isRandomWord);
}

/**
 * A word no one types: letters and digits alternating three times or more (`4e8a3b5c`), sixteen or
 * more characters with a digit (`pbFyBcm2AC3cMXcqGK3z`), or lower case turning upper twice (`bE3XiWw`).
 */
function isRandomWord(word: string): boolean {
  let switches = 0;
  let raised = 0;
  for (let i = 1; i < word.length; i++) {
    const a = word.charCodeAt(i - 1);
    const b = word.charCodeAt(i);
    if (isDigit(a) !== isDigit(b)) switches += 1;
    if (a >= 97 && a <= 122 && b >= 65 && b <= 90) raised += 1;
  }
  return switches >= 3 || raised >= 2 || (word.length >= 16 && /\d/.test(word));
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * The two 32-bit hashes of a key of a value of `of` words (independent FNV-1a variants, each
 * finished with fmix32), from which every probe position is derived (`probeAt`).
 */
export function filterHashes(key: string, of: number): [number, number] {
  let a = 0x811c9dc5 ^ of;
  let b = 0x2f9be6cd ^ Math.imul(of, 0x9e3779b1);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x0100019d);
  }
  return [fmix32(a), fmix32(b ^ 0x5bd1e995)];
}

/**
 * Probe i of a filter of `bits` bits: fmix32(h₁ + i · h₂) mod bits. Plain double hashing, (h₁ + i ·
 * h₂) mod bits, puts each key's probes on an arithmetic progression, and in a small filter (a
 * few thousand bits) progressions overlap often enough to multiply the false positives tenfold.
 */
function probeAt(h: number, step: number, i: number, bits: number): number {
  return fmix32((h + Math.imul(i, step)) >>> 0) % bits;
}

/**
 * The fewest bits of a filter: double hashing has only about bits² / 2 probe sequences, so a tiny
 * filter (three values in 64 bits) answers far more false positives than its size promises.
 */
const MIN_FILTER_BITS = 1024;
/** Most probes per key (29 bits per key at 1e-6 take 20; a tiny filter's extra bits need no more). */
const MAX_PROBES = 20;

/** Bits and probes of a filter for `keys` keys at `rate` false positives, rounded up to whole bytes. */
function filterSize(keys: number, rate: number): { bits: number; hashes: number } {
  const bits = Math.max(MIN_FILTER_BITS, Math.ceil((-keys * Math.log(rate)) / Math.LN2 ** 2 / 8) * 8);
  return { bits, hashes: Math.min(MAX_PROBES, Math.max(1, Math.round((bits / Math.max(1, keys)) * Math.LN2))) };
}

/** The most keys a filter of at most `VALUE_FILTER_MAX_BYTES` holds at the target rate. */
export const VALUE_FILTER_MAX_KEYS = Math.floor((VALUE_FILTER_MAX_BYTES * 8 * Math.LN2 ** 2) / -Math.log(VALUE_FILTER_FALSE_POSITIVE_RATE));

/**
 * A Bloom filter over the keys of `values` (`valueKeys`), each hashed with the word count of its
 * value (`filterHashes`), sized for `VALUE_FILTER_FALSE_POSITIVE_RATE`. When the keys would take
 * more than `VALUE_FILTER_MAX_BYTES`, the word runs are left out (`parts: false`: whole values
 * only), and when the whole values alone are too many, the first ones that fit are kept
 * (`truncated`). Undefined when no value has a key.
 */
export function buildValueFilter(values: Iterable<string | number>): { filter: ValueFilter; truncated: boolean } | undefined {
  // Keys as their two hashes, told apart by both (53 of their 64 bits): whole values, then runs.
  const whole = new Hashes();
  const parts = new Hashes();
  for (const value of values) {
    eachValueKey(value, (key, words, of) => (words === of ? whole : parts).add(filterHashes(key, of)));
  }
  if (whole.size === 0) return undefined;
  const withParts = whole.size + parts.size <= VALUE_FILTER_MAX_KEYS;
  const count = Math.min(whole.size, VALUE_FILTER_MAX_KEYS) + (withParts ? parts.size : 0);
  const { bits, hashes } = filterSize(count, VALUE_FILTER_FALSE_POSITIVE_RATE);
  const data = new Uint8Array(bits / 8);
  const insert = (set: Hashes, limit: number) => {
    for (let k = 0; k < Math.min(limit, set.size); k++) {
      const h = set.first[k]!;
      const step = set.second[k]! | 1;
      for (let i = 0; i < hashes; i++) {
        const at = probeAt(h, step, i, bits);
        data[at >>> 3]! |= 1 << (at & 7);
      }
    }
  };
  insert(whole, VALUE_FILTER_MAX_KEYS);
  if (withParts) insert(parts, parts.size);
  return {
    filter: { scheme: VALUE_FILTER_SCHEME, keys: count, parts: withParts, bits, hashes, data: Buffer.from(data).toString('base64') },
    truncated: whole.size > VALUE_FILTER_MAX_KEYS,
  };
}

/** Distinct keys as hash pairs, in the order first added. */
class Hashes {
  first = new Uint32Array(1024);
  second = new Uint32Array(1024);
  size = 0;
  readonly #seen = new Set<number>();

  add([h, step]: [number, number]): void {
    const id = h * 2 ** 21 + (step >>> 11);
    if (this.#seen.has(id)) return;
    this.#seen.add(id);
    if (this.size === this.first.length) {
      const first = new Uint32Array(this.size * 2);
      const second = new Uint32Array(this.size * 2);
      first.set(this.first);
      second.set(this.second);
      this.first = first;
      this.second = second;
    }
    this.first[this.size] = h;
    this.second[this.size] = step;
    this.size += 1;
  }
}

/** A value filter decoded once, for many probes. */
export interface ValueFilterReader {
  /** Whether the filter (probably) holds `key` as a key of a value of `of` words. */
  has(key: string, of: number): boolean;
  /** The same, from the key's `filterHashes`, so that one key's hashes serve many filters. */
  hasHashes(hashes: readonly [number, number]): boolean;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BITS_PER_BYTE = 8;
/** Characters of base64 per group, and the bytes a group holds. */
const BASE64_GROUP = 4;
const BASE64_GROUP_BYTES = 3;

/**
 * What is wrong with a filter read from a file, or undefined: its data must be base64 (strict:
 * `Buffer.from` would skip any other character and read what is left) and hold the bytes its `bits`
 * declare, no more, no fewer. A filter that fails this would answer other values than it was built
 * from, and silently: a graph file holding one is refused.
 */
export function valueFilterProblem(filter: Pick<ValueFilter, 'bits' | 'data'>): { field: 'bits' | 'data'; problem: string } | undefined {
  if (!BASE64.test(filter.data)) return { field: 'data', problem: 'expected base64 (A–Z, a–z, 0–9, + and /, padded with =)' };
  const padding = filter.data.endsWith('==') ? 2 : filter.data.endsWith('=') ? 1 : 0;
  const bytes = (filter.data.length / BASE64_GROUP) * BASE64_GROUP_BYTES - padding;
  const declared = Math.ceil(filter.bits / BITS_PER_BYTE);
  if (bytes !== declared)
    return { field: 'bits', problem: `declares ${filter.bits} bits (${declared} bytes), but its data holds ${bytes} bytes` };
  return undefined;
}

/** Reads a filter; undefined for a scheme this version does not know (the filter is then ignored). */
export function readValueFilter(filter: ValueFilter): ValueFilterReader | undefined {
  if (filter.scheme !== VALUE_FILTER_SCHEME || filter.bits <= 0 || filter.hashes <= 0) return undefined;
  const data = Buffer.from(filter.data, 'base64');
  const { bits, hashes: probes } = filter;
  if (data.length * 8 < bits) return undefined;
  const hasHashes = ([h, second]: readonly [number, number]) => {
    const step = second | 1;
    for (let i = 0; i < probes; i++) {
      const at = probeAt(h, step, i, bits);
      if (((data[at >>> 3] ?? 0) & (1 << (at & 7))) === 0) return false;
    }
    return true;
  };
  return { hasHashes, has: (key, of) => hasHashes(filterHashes(key, of)) };
}
