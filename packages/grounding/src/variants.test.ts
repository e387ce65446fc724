import { describe, expect, it } from 'vitest';
import { tokenizeQuestion } from './question.js';
import { spanVariants } from './variants.js';

describe('span variants', () => {
  it('glue a hyphenated plural into the singular a table name is indexed by (check-ins → checkin)', () => {
    const tokens = tokenizeQuestion('check-ins').filter((t) => /\w/.test(t.text));
    expect(spanVariants(tokens).map((v) => v.key)).toEqual(expect.arrayContaining(['check ins', 'checkins', 'checkin']));
    expect(spanVariants(tokens).find((v) => v.key === 'checkin')?.kind).toBe('singular');
  });
});
