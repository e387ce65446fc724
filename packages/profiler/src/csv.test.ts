import { describe, expect, it } from 'vitest';
import { csvObjects, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields holding commas, newlines and doubled quotes', () => {
    expect(parseCsv('a,b,c\n"x, y","line 1\nline 2","say ""hi"""\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'line 1\nline 2', 'say "hi"'],
    ]);
  });

  it('drops a BOM, ends records at CRLF, LF or CR, skips blank lines and keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,\r\n\r\n"",2\r3,4')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps a CRLF inside quotes as part of the field', () => {
    expect(parseCsv('a\r\n"one\r\ntwo"\r\n')).toEqual([['a'], ['one\r\ntwo']]);
  });

  it('refuses a quote left open', () => {
    expect(() => parseCsv('a\n"open')).toThrow('a quoted field is not closed before the end of the file');
  });
});

describe('csvObjects', () => {
  it('keys rows by lower-cased, trimmed header names; a short row gets empty fields', () => {
    expect(csvObjects([[' Table_Name ', 'COLUMN_NAME'], ['t', 'c'], ['u']])).toEqual([
      { table_name: 't', column_name: 'c' },
      { table_name: 'u', column_name: '' },
    ]);
  });
});
