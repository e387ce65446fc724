import { describe, expect, it } from 'vitest';
import { hashValue } from './sketch.js';
import { hashJsonList } from './value-list.js';

describe('hashJsonList', () => {
  it('hashes every value of a JSON array exactly as hashValue does', () => {
    const values: (string | number)[] = [
      '',
      'a',
      'AFRICA',
      '007',
      '-0',
      '5',
      'say "hi"',
      'back\\slash',
      'tab\there',
      'line\nbreak',
      'ünïcødé',
      '東京',
      '𝄞 clef',
      '\u0000',
      '\u2028',
      '/',
      'x'.repeat(999),
      5,
      -12,
      2.5,
      1e21,
      0.1,
      -0,
    ];
    for (const json of [JSON.stringify(values), JSON.stringify(values, null, 1), `[${values.map((v) => JSON.stringify(v)).join(', ')}]`]) {
      const { hashes, fractional } = hashJsonList(json);
      expect([...hashes]).toEqual(values.map((v) => hashValue(v)));
      expect(fractional).toBe(true);
    }
  });

  it('skips nulls, reads SQLite-style numbers and empty arrays', () => {
    expect([...hashJsonList('[null,"1",1,1.0,5.0e+00]').hashes]).toEqual([hashValue('1'), hashValue(1), hashValue(1), hashValue(5)]);
    expect(hashJsonList('[1,2]').fractional).toBe(false);
    expect(hashJsonList(' [ ] ').hashes).toHaveLength(0);
    expect(hashJsonList('[]').fractional).toBe(false);
  });

  it('grows past its first buffer', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `K${i}`);
    expect([...hashJsonList(JSON.stringify(values)).hashes]).toEqual(values.map((v) => hashValue(v)));
  });

  it('rejects what is not a flat JSON array of scalars', () => {
    expect(() => hashJsonList('{"a":1}')).toThrow(/not a JSON array/);
    expect(() => hashJsonList('["a" "b"]')).toThrow(/flat/);
    expect(() => hashJsonList('["a')).toThrow(/unterminated/);
    expect(() => hashJsonList('[abc]')).toThrow(/scalar/);
  });
});
