/**
 * Defog's gold SQL, made parseable. Defog writes accepted alternatives into its gold queries:
 * `{col_a, col_b}` (either column is accepted; `{}` later in the same query repeats the set, as in
 * `GROUP BY {}`), and several whole queries separated by `;`. The harness scores the first
 * alternative query, braces expanded to their columns; `defogGoldQuery` says whether it rewrote.
 */

export interface DefogGold {
  /** The first alternative, braces expanded: plain PostgreSQL. */
  sql: string;
  /** Whether the query used Defog's alternatives notation (braces or `;`-separated queries). */
  alternatives: boolean;
}

/** The first of the `;`-separated queries in `sql`, with `{a, b}` → `a, b` and `{}` → the last set. */
export function defogGoldQuery(sql: string): DefogGold {
  const queries = splitStatements(sql);
  const first = queries[0] ?? '';
  const expanded = expandBraces(first);
  return { sql: expanded, alternatives: queries.length > 1 || expanded !== first };
}

/** Statements separated by `;` outside quotes; empty ones dropped. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ';') {
      if (current.trim() !== '') out.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** `{a, b}` → `a, b`; `{}` → the contents of the set before it (Defog's "same columns"). Quotes are left alone. */
export function expandBraces(sql: string): string {
  let out = '';
  let quote: string | null = null;
  let last = '';
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
      continue;
    }
    if (ch === '{') {
      const close = sql.indexOf('}', i + 1);
      if (close < 0) {
        out += ch;
        continue;
      }
      const inner = sql.slice(i + 1, close).trim();
      if (inner !== '') last = inner;
      out += inner === '' ? last : inner;
      i = close;
      continue;
    }
    out += ch;
  }
  return out;
}
