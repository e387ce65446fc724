import { describe, expect, it } from 'vitest';
import { tinySource } from '../test-support/word-vectors.js';
import { WordVectors } from './store.js';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b));

describe('WordVectors', () => {
  const raw = { singer: [1, 0.2, 0], vocalist: [0.9, 0.3, 0.1], stadium: [0, 1, 0.4], zero: [0, 0, 0] };

  it('keeps plain lower-case words with a vector, most frequent first, up to the limit', () => {
    const v = WordVectors.derive('tiny', tinySource(raw, [',', 'New', 'x1', 'missing']), 10);
    expect(v.words).toEqual(['singer', 'vocalist', 'stadium']);
    expect(WordVectors.derive('tiny', tinySource(raw), 2).words).toEqual(['singer', 'vocalist']);
  });

  it('gives cosine similarity within the quantisation error', () => {
    const v = WordVectors.derive('tiny', tinySource(raw), 10);
    expect(v.similarity(v.row('singer'), v.row('vocalist'))).toBeCloseTo(cosine(raw.singer, raw.vocalist), 2);
    expect(v.similarity(v.row('singer'), v.row('stadium'))).toBeCloseTo(cosine(raw.singer, raw.stadium), 2);
    expect(v.similarity(v.row('stadium'), v.row('stadium'))).toBeCloseTo(1, 2);
    expect(v.row('zero')).toBe(-1);
  });

  it('reads back from its file form byte for byte', () => {
    const v = WordVectors.derive('tiny@1', tinySource(raw), 10);
    const buffer = v.toBuffer();
    const back = WordVectors.fromBuffer(buffer);
    expect(back.id).toBe('tiny@1');
    expect(back.words).toEqual(v.words);
    expect(back.similarity(back.row('singer'), back.row('vocalist'))).toBe(v.similarity(v.row('singer'), v.row('vocalist')));
    expect(back.toBuffer().equals(buffer)).toBe(true);
  });

  it('says in one line what is wrong with a damaged file', () => {
    const buffer = WordVectors.derive('tiny', tinySource(raw), 10).toBuffer();
    expect(() => WordVectors.fromBuffer(Buffer.from('hello'))).toThrow('not a word-vector file');
    expect(() => WordVectors.fromBuffer(buffer.subarray(0, buffer.length - 1))).toThrow(/bytes where \d+ were expected/);
    expect(() => WordVectors.fromBuffer(buffer.subarray(0, 30))).toThrow(/header|word list/);
  });
});
