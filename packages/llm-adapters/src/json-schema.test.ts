import { describe, expect, it } from 'vitest';
import { type JsonSchema, parseJsonAnswer, validateJson } from './json-schema.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    source: { type: 'string', enum: ['A', 'B'] },
    targets: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    n: { type: 'integer', minimum: 1, maximum: 3 },
    note: { type: ['string', 'null'] },
  },
  required: ['source', 'targets'],
  additionalProperties: false,
};

describe('validateJson', () => {
  it('accepts valid values', () => {
    expect(validateJson({ source: 'A', targets: ['x'], n: 2, note: null }, schema)).toEqual([]);
    expect(validateJson(1, { type: 'number' })).toEqual([]);
  });
  it('names each problem with its path', () => {
    expect(validateJson({ source: 'C', targets: ['x', 1, 'z'], n: 2.5, extra: 1 }, schema)).toEqual([
      '$.source: "C" is not one of "A", "B"',
      '$.targets: more than 2 items',
      '$.targets[1]: expected string, got integer',
      '$.n: expected integer, got number',
      '$: unexpected property "extra"',
    ]);
    expect(validateJson({ targets: [] }, schema)).toEqual(['$: missing required property "source"']);
    expect(validateJson([], schema)).toEqual(['$: expected object, got array']);
    expect(validateJson({ source: 'A', targets: [], n: 0 }, schema)).toEqual(['$.n: 0 is less than 1']);
    expect(validateJson('x', { anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual(['$: matches none of the allowed shapes']);
  });
});

describe('parseJsonAnswer', () => {
  it('parses plain, fenced and embedded JSON', () => {
    expect(parseJsonAnswer(' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonAnswer('```json\n{"a":2}\n```')).toEqual({ ok: true, value: { a: 2 } });
    expect(parseJsonAnswer('Here you go: {"a":3}. Done')).toEqual({ ok: true, value: { a: 3 } });
  });
  it('reports what is wrong', () => {
    const bad = parseJsonAnswer('{"a": [1,');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^not valid JSON \(/);
    expect(parseJsonAnswer('')).toEqual({ ok: false, error: 'not valid JSON (empty answer)' });
  });
});
