/**
 * Roles and prefixes in column names: the words that name a role rather than a thing (`manager`,
 * `winner`), the things a column names, and the column prefixes a schema spells its names with. Pure.
 */
import { singular } from '@guided-retrieval/text';
import { GENERIC, isGeneric, isReferenceLike, REFERENCE_SUFFIX, squeeze, unnumbered, words } from './names.js';
import type { NameParams } from './params.js';

/**
 * Column prefixes a schema spells its names with: each table's (the longest prefix every column of
 * a table of `columnPrefixMinColumns` or more columns shares, `sbtx` in `sbTxId`, `sbTxCustId`, …) and the schema's
 * (the longest prefix every table's shares, `sb`), squeezed to lower case. Empty when none.
 */
export interface ColumnPrefixes {
  table: ReadonlyMap<string, string>;
  schema: string;
}

export function columnPrefixes(
  tables: readonly { name: string; columns: readonly { name: string }[] }[],
  params: NameParams,
): ColumnPrefixes {
  const table = new Map<string, string>();
  for (const t of tables) {
    const names = t.columns.map((c) => squeeze(c.name));
    if (names.length < params.columnPrefixMinColumns) continue;
    let prefix = commonPrefix(names);
    // A prefix must leave every column a name of its own.
    while (prefix.length > 0 && names.some((n) => n.length <= prefix.length)) prefix = prefix.slice(0, -1);
    if (prefix.length >= 2) table.set(t.name, prefix);
  }
  const all = [...table.values()];
  const schema = all.length >= 2 && all.length === tables.length ? commonPrefix(all) : '';
  return { table, schema: schema.length >= 2 ? schema : '' };
}

function commonPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? '';
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * `from` without its table's column prefix spells `to` without the schema's: `sbTxCustId` (table
 * prefix `sbtx`) → `sbCustId` (schema prefix `sb`), both `custid`. Needs `gluedMinLetters` letters
 * and a name that is not generic.
 */
export function sameUnprefixed(from: string, fromTable: string, to: string, prefixes: ColumnPrefixes, params: NameParams): boolean {
  // Most schemas have no prefixes: asked for every column pair, that is said before any name is read.
  if (prefixes.schema === '') return false;
  const ownPrefix = prefixes.table.get(fromTable) ?? '';
  if (ownPrefix === '') return false;
  const f = squeeze(from);
  const t = squeeze(to);
  if (!t.startsWith(prefixes.schema)) return false;
  const fBare = f.slice(ownPrefix.length);
  const tBare = t.slice(prefixes.schema.length);
  return fBare === tBare && tBare.length >= params.gluedMinLetters && !isGeneric(tBare, params);
}

/**
 * Words that name the part a row plays in a relationship rather than the table it references:
 * `owner`, `sender_id`, `manager_id`, `parent_id`. Plurals are read singular.
 */
export const ROLE_WORDS = new Set([
  'owner',
  'sender',
  'receiver',
  'recipient',
  'manager',
  'supervisor',
  'parent',
  'author',
  'creator',
  'editor',
  'reviewer',
  'approver',
  'assignee',
  'reporter',
  'requester',
  'leader',
  'mentor',
  'sponsor',
  'buyer',
  'seller',
  'host',
  'guest',
  'follower',
  'followee',
  'friend',
  'referrer',
  'winner',
  'loser',
  'home',
  'away',
  'visitor',
  'opponent',
  'partner',
  'spouse',
  'successor',
  'predecessor',
  'superior',
  'subordinate',
]);
/** Last words that make a name a relation to another row: `reports_to`, `created_by`, `ship_via`. */
const RELATION_WORDS = new Set(['to', 'by', 'via', 'from']);

/**
 * How a column's name says it references another row without naming the table: `role` for a role
 * word (`owner`, `sender_id`) or a relation (`reports_to`, `created_by`), which may point back to its
 * own table (`manager_id`); `suffix` for a reference suffix after words that name no table
 * (`SupportRepId`, `componentid`); undefined when it reads as no reference.
 */
/**
 * The things a column's name speaks of: its words that are not generic, singular, each also
 * without a reference suffix (`personid` → person, `SupportRepId` → support, rep).
 */
export function namedThings(column: string, params: NameParams): string[] {
  const out = new Set<string>();
  for (const w of words(unnumbered(column)).map(singular)) {
    if (GENERIC.has(w)) continue;
    out.add(w);
    const bare = w.replace(REFERENCE_SUFFIX, '');
    if (bare.length >= params.nameMinLetters && bare !== w) out.add(singular(bare));
  }
  return [...out];
}

/** Whether a column's name holds a role word (`supervisor_id`, `owner`), not only a relation (`ship_via`). */
export function hasRoleWord(column: string): boolean {
  return words(unnumbered(column)).some((w) => ROLE_WORDS.has(singular(w)));
}

/** Whether a column's name relates a row to a peer: a role word, or a relation `… to` (`reports_to`), not `ship_via` or `created_by`. */
export function namesPeer(column: string): boolean {
  return hasRoleWord(column) || words(unnumbered(column)).at(-1) === 'to';
}

export function roleName(column: string, params: NameParams): 'role' | 'suffix' | undefined {
  if (isGeneric(column, params)) return undefined;
  const w = words(unnumbered(column)).map(singular);
  if (w.some((x) => ROLE_WORDS.has(x)) || (w.length >= 2 && RELATION_WORDS.has(w.at(-1)!))) return 'role';
  return isReferenceLike(column) ? 'suffix' : undefined;
}
