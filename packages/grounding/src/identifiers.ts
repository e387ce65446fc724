import { identifierWords, segment } from '@guided-retrieval/text';
import type { GroundingParams } from './params.js';

/**
 * An identifier's words as a question writes them (the text module's `identifierWords`, digits
 * split, a count's unit cut off): `L_SHIPDATE` → `['l', 'shipdate']`; `orderDate` → `['order', 'date']`;
 * `HTTPCode2` → `['http', 'code', '2']`; a number inside a word stays in it (`b2b_order` → `['b2b', 'order']`),
 * a number before a unit goes apart (`county_2017_5yr` → `['county', '2017', '5', 'yr']`).
 */
export function splitIdentifier(identifier: string): string[] {
  return identifierWords(identifier, { digits: 'split', units: true });
}

/**
 * The prefix every column of a table shares (`l_` in TPC-H's LINEITEM), which names the table
 * rather than the column and so is dropped from column words. Needs at least two columns.
 */
export function commonColumnPrefix(columns: readonly string[], params: GroundingParams): string {
  if (columns.length < 2) return '';
  const first = columns[0]!.toLowerCase();
  const cut = first.indexOf('_');
  if (cut <= 0 || cut > params.maxColumnPrefixLetters) return '';
  const prefix = first.slice(0, cut + 1);
  return columns.every((c) => c.toLowerCase().startsWith(prefix) && c.length > prefix.length) ? prefix : '';
}

/** `name` without `prefix` (lower case, as `commonColumnPrefix` gives it) when it starts with it. */
export function withoutPrefix(name: string, prefix: string): string {
  return prefix && name.toLowerCase().startsWith(prefix) ? name.slice(prefix.length) : name;
}

/**
 * Cuts a glued word into known words (`shipdate` → `ship date`, `acctbal` → `acct bal`): the text
 * module's `segment` over the schema's vocabulary and a dictionary, with grounding's limits.
 */
export function segmentCompound(
  word: string,
  vocabulary: ReadonlySet<string>,
  dictionary: ReadonlySet<string> | undefined,
  params: GroundingParams,
): string[] {
  return segment(word, {
    vocabulary,
    ...(dictionary ? { dictionary } : {}),
    dictionaryWeight: params.dictionaryPieceWeight,
    minLength: params.minCompoundLength,
    minKnownPiece: params.minKnownPiece,
    minUnknownPiece: params.minUnknownPiece,
    minScore: params.minCutScore,
  });
}

/**
 * A naming convention's prefix on every name of a schema written in one case, as PostgreSQL folds
 * unquoted camel case (`sbcustomer`, `sbticker`, every column `sb…` → `sb`): the longest prefix of
 * two to four letters every table name and every column name shares, leaving each table name
 * three letters or more. Empty when there is none.
 */
export function tableNamePrefix(
  tables: readonly { name: string; columns: readonly { name: string }[] }[],
  params: GroundingParams,
): string {
  if (tables.length < 2) return '';
  const names = tables.map((t) => t.name.toLowerCase());
  if (names.some((n) => !/^[a-z][a-z0-9]*$/.test(n))) return '';
  const [shortest, longest] = params.tableNamePrefixLetters;
  let prefix = names[0]!.slice(0, longest);
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length >= shortest && names.some((n) => n.length < prefix.length + params.minTableNameRest)) prefix = prefix.slice(0, -1);
  if (prefix.length < shortest) return '';
  const columns = tables.flatMap((t) => t.columns.map((c) => c.name.toLowerCase()));
  return columns.length > 0 && columns.every((c) => c.startsWith(prefix) && c.length > prefix.length) ? prefix : '';
}

/**
 * The prefix every column of a table shares when it extends the schema's table-name prefix
 * (`sbcust` in `sbcustid`, `sbcustname`; `sbtx` in `sbtxid`, `sbtxcustid`): it names the table, as
 * `l_` does in TPC-H. Needs three columns, each longer than the prefix.
 */
export function conventionColumnPrefix(columns: readonly string[], tablePrefix: string, params: GroundingParams): string {
  if (tablePrefix === '' || columns.length < params.minConventionColumns) return '';
  const names = columns.map((c) => c.toLowerCase());
  let prefix = names[0]!;
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length > 0 && names.some((n) => n.length <= prefix.length + 1)) prefix = prefix.slice(0, -1);
  return prefix.startsWith(tablePrefix) ? prefix : '';
}

/**
 * Namespace prefixes: the first word of table names (`crm` in crm_account, crm_contact, crm_lead;
 * `hr`, `ref`, a union's `<db>__`) that several tables share and that is not itself what a table
 * holds (no table is called just that). Such a word says where a table lives, not what it is.
 */
export function namespacePrefixes(tables: readonly string[], params: GroundingParams): ReadonlySet<string> {
  const whole = new Set(tables.map((t) => splitIdentifier(t).join(' ')));
  const count = new Map<string, number>();
  for (const name of tables) {
    const space = namespaceOf(name);
    if (space) count.set(space, (count.get(space) ?? 0) + 1);
  }
  const found = new Set<string>();
  for (const [space, n] of count) {
    const words = splitIdentifier(space).join(' ');
    if (n >= params.minNamespaceTables && !whole.has(words) && !whole.has(`${words}s`)) found.add(space);
  }
  return found;
}

/** A name's candidate namespace, lower case: what comes before `__` (a union's `<db>__`), else its first word before `_`. */
function namespaceOf(name: string): string | null {
  const match = /^(.+?)__./.exec(name) ?? /^([A-Za-z]+)_+[A-Za-z0-9]{3,}/.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

/** A table's name without its namespace prefix (`crm_accountowner` → `accountowner`), or null when it has none. */
export function withoutNamespace(name: string, namespaces: ReadonlySet<string>): string | null {
  const space = namespaces.size > 0 ? namespaceOf(name) : null;
  return space && namespaces.has(space) ? name.slice(space.length).replace(/^_+/, '') : null;
}
