/**
 * A small RFC 4180 reader for catalog exports: fields in double quotes may hold commas, newlines
 * and doubled quotes; a UTF-8 BOM is dropped; CRLF, LF and lone CR end a record. No type guessing:
 * every field is a string.
 */

/** The records of `text`, each an array of fields; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let touched = false; // the record has a field (even an empty quoted one)
  const endField = () => {
    record.push(field);
    field = '';
    touched = true;
  };
  const endRecord = () => {
    if (touched || field !== '') endField();
    if (record.length > 0 && !(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    touched = false;
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (input[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      touched = true;
    } else if (ch === ',') endField();
    else if (ch === '\n') endRecord();
    else if (ch === '\r') {
      if (input[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (quoted) throw new Error('a quoted field is not closed before the end of the file');
  endRecord();
  return records;
}

/** The records after the header as objects keyed by lower-cased, trimmed header names (a short record's missing fields are ''). */
export function csvObjects(records: readonly string[][]): Record<string, string>[] {
  const [header, ...body] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  return body.map((fields) => Object.fromEntries(names.map((name, i) => [name, fields[i] ?? ''])));
}
