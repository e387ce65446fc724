import { describe, expect, it } from 'vitest';
import { splitStatements } from './split.js';

describe('splitStatements', () => {
  it('cuts at semicolons outside quotes, comments and dollar-quoted bodies, with each statement’s first line', () => {
    const text = [
      '-- the daily report',
      'SELECT \'a;b\' AS x, "odd;name" FROM t; /* one; two */',
      '',
      'SELECT `c;d` FROM u',
      "WHERE v = 'it''s; fine';",
      'CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql;',
      '-- only a comment; nothing else',
      ';;',
    ].join('\n');
    expect(splitStatements(text)).toEqual([
      { text: '-- the daily report\nSELECT \'a;b\' AS x, "odd;name" FROM t', line: 2 },
      { text: "/* one; two */\n\nSELECT `c;d` FROM u\nWHERE v = 'it''s; fine'", line: 4 },
      { text: 'CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql', line: 6 },
    ]);
  });

  it('keeps a last statement without a semicolon, and an unclosed quote to the end', () => {
    expect(splitStatements('SELECT 1;\nSELECT 2')).toEqual([
      { text: 'SELECT 1', line: 1 },
      { text: 'SELECT 2', line: 2 },
    ]);
    expect(splitStatements("SELECT 'open; x\n; y")).toEqual([{ text: "SELECT 'open; x\n; y", line: 1 }]);
  });
});
