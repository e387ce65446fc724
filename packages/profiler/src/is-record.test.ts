import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record.js';

describe('isRecord', () => {
  it('is a JSON object, not null and not an array', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord('x')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});
