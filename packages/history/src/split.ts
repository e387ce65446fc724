/**
 * A `.sql` file cut into statements at the semicolons between them, each with the line it starts
 * on. node-sql-parser reads a whole file too, but stops at its first bad statement and says no
 * statement's line: cut first, one bad statement is one skipped line of the report and the rest
 * are read. The cut is lexical, not a parse: it knows where quoted strings and identifiers
 * (`'…'`, `"…"`, `` `…` ``), comments (`--`, `/* … *\/`) and dollar-quoted bodies (`$tag$ … $tag$`)
 * begin and end, so a semicolon inside one of them cuts nothing. Each piece is then parsed.
 */

export interface SqlPiece {
  text: string;
  /** The line (1 for the first) its first character that is not space or comment is on. */
  line: number;
}

const DOLLAR_TAG = /^\$[A-Za-z_]*\$/;
const NEWLINE = 10;
/** The longest dollar-quote tag looked for (`$body$`, `$function$`): a tag is a short word. */
const MAX_TAG = 64;
/** The statements of `text` (pieces of only spaces and comments left out). */
export function splitStatements(text: string): SqlPiece[] {
  const pieces: SqlPiece[] = [];
  let start = 0;
  let line = 1;
  let firstLine: number | null = null;
  const close = (end: number) => {
    const piece = text.slice(start, end);
    if (firstLine !== null) pieces.push({ text: piece.trim(), line: firstLine });
    start = end + 1;
    firstLine = null;
  };
  /** Skips to just past `until` (counting lines), or to the end. */
  const skipTo = (from: number, until: string): number => {
    const end = text.indexOf(until, from);
    const stop = end === -1 ? text.length : end + until.length;
    for (let j = from; j < stop; j++) if (text.charCodeAt(j) === NEWLINE) line++;
    return stop;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      i++;
    } else if (ch === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (ch === '/' && text[i + 1] === '*') {
      i = skipTo(i + 2, '*/');
    } else if (ch === ';') {
      close(i);
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      firstLine ??= line;
      if (ch === "'" || ch === '"' || ch === '`') i = skipQuoted(i, ch);
      else if (ch === '$' && DOLLAR_TAG.test(text.slice(i, i + MAX_TAG))) {
        const tag = DOLLAR_TAG.exec(text.slice(i, i + MAX_TAG))![0];
        i = skipTo(i + tag.length, tag);
      } else i++;
    }
  }
  close(text.length);
  return pieces;

  /** Past the quote that closes the one at `at` (a doubled quote stays inside). */
  function skipQuoted(at: number, quote: string): number {
    let j = at + 1;
    while (j < text.length) {
      const c = text[j]!;
      if (c === '\n') line++;
      if (c === quote) {
        if (text[j + 1] === quote) j += 2;
        else return j + 1;
      } else j++;
    }
    return j;
  }
}
