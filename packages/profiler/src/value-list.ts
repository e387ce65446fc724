import { hashValue } from './sketch.js';

/** The hashes of a JSON array's values, and whether a number with a fractional part was among them. */
export interface HashedList {
  hashes: Uint32Array;
  fractional: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Hashes (`hashValue`) every string and number of a JSON array as the engines send a column's
 * distinct values (`Dialect.valueList`), without building the array: a string without escapes is
 * hashed as a slice of the text, one with escapes and a number are decoded alone; `null`s are
 * skipped. Throws on text that is not a flat JSON array of scalars.
 */
export function hashJsonList(json: string): HashedList {
  let hashes = new Uint32Array(1024);
  let size = 0;
  let fractional = false;
  const push = (hash: number) => {
    if (size === hashes.length) {
      const grown = new Uint32Array(hashes.length * 2);
      grown.set(hashes);
      hashes = grown;
    }
    hashes[size++] = hash;
  };
  let i = skipSpace(json, 0);
  if (json.charCodeAt(i) !== 91) throw new Error('not a JSON array');
  i = skipSpace(json, i + 1);
  if (json.charCodeAt(i) === 93) return { hashes: hashes.subarray(0, 0), fractional };
  for (;;) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      let end = i + 1;
      let escaped = false;
      for (;;) {
        const d = json.charCodeAt(end);
        if (Number.isNaN(d)) throw new Error('unterminated JSON string');
        if (d === QUOTE) break;
        if (d === BACKSLASH) {
          escaped = true;
          end += 1;
        }
        end += 1;
      }
      push(hashValue(escaped ? (JSON.parse(json.slice(i, end + 1)) as string) : json.slice(i + 1, end)));
      i = end + 1;
    } else {
      let end = i;
      while (end < json.length && !/[\s,\]]/.test(json[end] ?? '')) end += 1;
      const token = json.slice(i, end);
      if (token !== 'null') {
        const value = Number(token);
        if (token === '' || (!Number.isFinite(value) && !/^-?[\d.]+(e[+-]?\d+)?$/i.test(token)))
          throw new Error(`not a JSON scalar: ${token}`);
        if (!Number.isInteger(value)) fractional = true;
        push(hashValue(value));
      }
      i = end;
    }
    i = skipSpace(json, i);
    const next = json.charCodeAt(i);
    if (next === 93) break;
    if (next !== 44) throw new Error('not a flat JSON array');
    i = skipSpace(json, i + 1);
  }
  return { hashes: hashes.subarray(0, size), fractional };
}

function skipSpace(text: string, from: number): number {
  let i = from;
  for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(i)) i += 1;
  return i;
}
