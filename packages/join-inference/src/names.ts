/**
 * Name evidence for a join: how strongly a referencing column's name points at a referenced
 * table and column. Pure; works on identifiers as schemas spell them (snake_case, camelCase,
 * `schema_table`, TPC-H's `l_orderkey` prefixes).
 */
import { ABBREVIATIONS, identifierWords, singular } from '@guided-retrieval/text';
import type { NameParams } from './params.js';

/** Words that say a column identifies rows. */
const ID_WORDS = new Set(['id', 'key', 'code', 'no', 'num', 'number', 'nr', 'pk', 'uid', 'guid', 'uuid', 'sk']);
/** Words that name a column's role rather than what it identifies: `id` or `name` alone says nothing. */
const GENERIC = new Set([...ID_WORDS, 'fk', 'ref', 'name', 'type']);
/** Suffixes that mark a column as a reference (`customer_id`, `o_custkey`, `countrycode`). */
const REFERENCE_SUFFIX = /(id|key|code|no|num|nr|ref|fk|uuid|guid)$/;

/** Names a cache holds before it starts again: a bound on memory, whatever it is the answers are the same. */
const MAX_CACHED_NAMES = 100_000;

function memo<T>(compute: (name: string) => T): (name: string) => T {
  // Inference asks about the same few thousand names for every column pair.
  const cache = new Map<string, T>();
  return (name) => {
    let value = cache.get(name);
    if (value === undefined) {
      value = compute(name);
      if (cache.size > MAX_CACHED_NAMES) cache.clear();
      cache.set(name, value);
    }
    return value;
  };
}

/** `memo` of what also depends on the parameters: a cache per parameters object (the defaults, a fit's trial). */
function memoWith<T>(compute: (name: string, params: NameParams) => T): (name: string, params: NameParams) => T {
  const caches = new WeakMap<NameParams, Map<string, T>>();
  return (name, params) => {
    let cache = caches.get(params);
    if (cache === undefined) {
      cache = new Map<string, T>();
      caches.set(params, cache);
    }
    let value = cache.get(name);
    if (value === undefined) {
      value = compute(name, params);
      if (cache.size > MAX_CACHED_NAMES) cache.clear();
      cache.set(name, value);
    }
    return value;
  };
}

/**
 * Words of an identifier, lower case: `SupportRepId` → support, rep, id; `l_orderkey` → l,
 * orderkey. A number stays with the word before it (`contract_1` → contract1).
 */
export const words = memo((name: string): string[] => identifierWords(name, { digits: 'join' }));

/** An identifier squeezed to lower-case letters and digits: `Customer_ID` → customerid. */
export const squeeze = memo((name: string): string => words(name).join(''));

/**
 * A column name without a short table prefix (`l_orderkey` → orderkey, `ps_partkey` → partkey,
 * `inv_item_sk` → itemsk) — TPC-H and TPC-DS style prefixes before an underscore: up to
 * `tablePrefixMaxLetters` letters, or `tablePrefixAbbreviationLetters` that abbreviate a word
 * (`inv`); a word of three letters else is no prefix (`app_id`).
 */
export const stripPrefix = memoWith((column: string, params: NameParams): string => {
  const w = words(column);
  const first = w[0] ?? '';
  const short =
    first.length <= params.tablePrefixMaxLetters ||
    (first.length === params.tablePrefixAbbreviationLetters && Object.hasOwn(ABBREVIATIONS, first));
  if (w.length >= 2 && short && /^[a-z]+$/.test(first) && !GENERIC.has(first) && column.includes('_')) {
    return w.slice(1).join('');
  }
  return w.join('');
});

/**
 * Words a table's name carries beside the thing its rows are: a copy's or a load's (`_data`,
 * `_tmp`, `_raw`), a modelling layer's (`stg_`, `int_`, `base_`): general data-engineering vocabulary.
 */
const TABLE_AFFIXES = new Set(['data', 'tmp', 'temp', 'tbl', 'table', 'raw', 'stg', 'staging', 'int', 'src', 'base']);

/**
 * The words of the thing a table's rows are: after a `__` (dbt's `<source>__<entity>`,
 * `stg_hubspot__deal_pipeline` → deal, pipeline), without the affixes of copies and layers
 * (`deal_pipeline_data`, `stg_hubspot__deal_tmp`). Undefined when that leaves the name as it was.
 */
function entityWords(table: string): string[] | undefined {
  const tail = table.includes('__') ? table.slice(table.lastIndexOf('__') + 2) : table;
  let w = words(tail);
  while (w.length > 1 && TABLE_AFFIXES.has(w.at(-1)!)) w = w.slice(0, -1);
  while (w.length > 1 && TABLE_AFFIXES.has(w[0]!)) w = w.slice(1);
  return w.length < words(table).length ? w.map(singular) : undefined;
}

/** The words of a table's thing (`entityWords`), else of its name; singular. */
export const entityWordsOf = memo((table: string): string[] => entityWords(table) ?? words(table).map(singular));

/**
 * The names a table goes by: `person_businessentity` → businessentity, personbusinessentity;
 * `stg_hubspot__deal_pipeline` and `deal_pipeline_data` → dealpipeline (`entityWords`); plurals singular.
 */
export const tableNames = memoWith((table: string, params: NameParams): string[] => {
  const w = words(table).map(singular);
  const names = new Set<string>([w.join(''), w[w.length - 1] ?? '']);
  if (w.length >= 2) names.add(w.slice(1).join(''));
  const entity = entityWords(table);
  if (entity) {
    names.add(entity.join(''));
    names.add(entity.at(-1)!);
  }
  return [...names].filter((n) => n.length >= params.nameMinLetters);
});

/** Whether a column's name contains one of the names the table goes by (`manager_staff_id` and staff). */
export function mentionsTable(column: string, table: string, params: NameParams): boolean {
  const name = squeeze(column);
  return tableNames(table, params).some((owner) => owner.length >= params.nameMinLetters && name.includes(owner));
}

/** Whether a column is named as its table's own key: `<table>id`, `<table>_key`, `<table>code`, `<table>no`, `<table>_number`. */
export function namedAfterTable(column: string, table: string, params: NameParams): boolean {
  return namesKeyOf(column, tableNames(table, params), params);
}

/**
 * The names of the whole thing a table's rows are, never one word of several: `deal_contact_data`
 * → dealcontact (not contact: it links deals and contacts), `person_businessentity` →
 * businessentity (a schema's word before it), `hubspot__contacts` → contact.
 */
export const entityNames = memoWith((table: string, params: NameParams): string[] => {
  const w = words(table).map(singular);
  const names = new Set<string>([w.join('')]);
  if (w.length >= 2) names.add(w.slice(1).join(''));
  const entity = entityWords(table);
  if (entity) names.add(entity.join(''));
  return [...names].filter((n) => n.length >= params.nameMinLetters);
});

/**
 * Whether a column is named as the key of its table's whole thing (`entityNames`): what tells a
 * table's own key when there are no values, and the owner among sibling keys — a link table's
 * `contact_id` is named after one of the two things it links, not after the link.
 */
export function namedForEntity(column: string, table: string, params: NameParams): boolean {
  return namesKeyOf(column, entityNames(table, params), params);
}

/**
 * Whether a table's name joins other tables' things (`deal_contact_data`: deal is one), so that its
 * last word (contact) is one of the things it links rather than its own. `entities`: every
 * table's `entityNames`.
 */
export function linksEntities(table: string, entities: ReadonlySet<string>): boolean {
  const w = (entityWords(table) ?? words(table).map(singular)).filter((x) => x.length > 0);
  for (let k = 1; k < w.length; k++) if (entities.has(w.slice(0, k).join(''))) return true;
  return false;
}

function namesKeyOf(column: string, owners: readonly string[], params: NameParams): boolean {
  const name = squeeze(column);
  const bare = stripPrefix(column, params);
  return owners.some((o) => [`${o}id`, `${o}key`, `${o}code`, `${o}no`, `${o}num`, `${o}number`].some((n) => name === n || bare === n));
}

/** A name without a trailing repetition number: `atom_id2` → atom_id, `address2` → address. */
export function unnumbered(name: string): string {
  const bare = name.replace(/_?\d+$/, '');
  return bare.length >= 2 ? bare : name;
}

/**
 * Whether a column identifies or labels its own table's rows, by the table's whole name:
 * `customer.customer_id`, `course.Course`, `address.address2` (not `hero_attribute.attribute_id`).
 */
export function namesOwnTable(column: string, table: string, params: NameParams): boolean {
  const full = words(table).map(singular).join('');
  const name = squeeze(unnumbered(column));
  const bare = stripPrefix(unnumbered(column), params);
  return [full, ...['id', 'key', 'code', 'no', 'num', 'number'].map((w) => full + w)].some((n) => n === name || n === bare);
}

/** Whether a name reads like a reference to another table's key. */
export function isReferenceLike(column: string): boolean {
  const s = squeeze(column);
  return REFERENCE_SUFFIX.test(s) && !GENERIC.has(s);
}

/** A bare identifier name: `id`, `code`, `key`, `l_id`. */
export function isIdentifierName(column: string, params: NameParams): boolean {
  return ID_WORDS.has(squeeze(column)) || ID_WORDS.has(stripPrefix(column, params));
}

export function isGeneric(column: string, params: NameParams): boolean {
  return GENERIC.has(squeeze(column)) || GENERIC.has(stripPrefix(column, params));
}

/** Which rule matched, strongest first. */
export type NameMatchKind =
  | 'same'
  | 'same-unprefixed'
  | 'owner-plus-key'
  | 'role-plus-key'
  | 'key-without-suffix'
  | 'owner-suffix'
  | 'same-generic'
  | 'named-after'
  | 'mentions'
  | 'shared-word'
  | 'none';

export interface NameMatch {
  /** 0 (nothing in common) to 1 (the name says exactly this key). */
  score: number;
  kind: NameMatchKind;
  reason: string;
  /**
   * The words of the referencing name set aside to read the key's (`manager` of `manager_staff_id`,
   * `winner` of `teamIDwinner`, `order` of `lo_orderdate`): the part the referenced row plays, which
   * tells two references to one table apart.
   */
  role?: string;
}

/** Words after a table's name that make it another thing: `PostHistoryTypeId` is no post. */
const OTHER_THING = /(type|status|kind|category|class|group|history|state|level|mode|reason)$/;

/** What matching needs of a referencing column's name (`fromName`). */
export interface FromName {
  f: string;
  fBare: string;
  suffix: string | undefined;
  stem: string;
  words: string[];
  lastWord: string | undefined;
  meaningful: string[];
  /** A count of rows rather than a reference (`countsRows`). */
  counts: boolean;
  /** `fBare` read singular. */
  fBareSingular: string;
  /** The name reads like a reference (`isReferenceLike`). */
  referenceLike: boolean;
  /** Its last word is a plural (`subscriptions`): a list or a count of things, not one. */
  plural: boolean;
}

/** What matching needs of a referencing column's name, computed once per name. */
export const fromName = memoWith((from: string, params: NameParams): FromName => {
  const name = unnumbered(from);
  const fBare = stripPrefix(name, params);
  const suffix = REFERENCE_SUFFIX.exec(fBare)?.[0];
  const fromWords = words(name).map((w) => singular(w.replace(/\d+$/, '')));
  return {
    f: squeeze(name),
    fBare,
    suffix,
    stem: suffix !== undefined ? fBare.slice(0, -suffix.length) : '',
    words: fromWords,
    lastWord: fromWords.filter((w) => !GENERIC.has(w)).at(-1),
    meaningful: [...new Set(fromWords.filter((w) => w.length >= params.nameMinLetters && !GENERIC.has(w)))],
    counts: countsRows(from, params),
    fBareSingular: singular(fBare),
    referenceLike: isReferenceLike(from),
    plural: isPlural(words(name).at(-1) ?? '', params),
  };
});

function isPlural(word: string, params: NameParams): boolean {
  return word.length >= params.pluralMinLetters && singular(word) !== word && !word.endsWith('ss');
}

export interface ToName {
  table: string;
  column: string;
  t: string;
  tBare: string;
  /** `tBare` without its reference suffix (`yearid` → year); empty when it has none. */
  tStem: string;
  owners: string[];
  /** The names of the table's whole thing (`entityNames`), a subset of `owners`. */
  entities: string[];
  /** The words of the table's thing before its last (`email` of `hubspot__email_campaigns`). */
  qualifiers: string[];
  last: string;
  generic: boolean;
  identifier: boolean;
  tableWords: string[];
  /** The key is named as its table's own (`namedAfterTable`). */
  namedAfter: boolean;
}

const toNameByKey = memoWith((key: string, params: NameParams): ToName => {
  const [table, column] = key.split('\u0000') as [string, string];
  const tableWords = words(table).map(singular);
  const tBare = stripPrefix(column, params);
  const tSuffix = REFERENCE_SUFFIX.exec(tBare)?.[0];
  return {
    table,
    column,
    namedAfter: namedAfterTable(column, table, params),
    t: squeeze(column),
    tBare,
    tStem: tSuffix === undefined ? '' : tBare.slice(0, -tSuffix.length),
    owners: tableNames(table, params),
    entities: entityNames(table, params),
    qualifiers: (entityWords(table) ?? tableWords).slice(0, -1),
    last: tableWords.at(-1) ?? '',
    generic: isGeneric(column, params),
    identifier: isIdentifierName(column, params),
    tableWords,
  };
});

/**
 * What matching needs of a referenced table and key column, computed once per pair of names;
 * inference asks for each key once and reuses it for every column it weighs against the key.
 */
export function toName(table: string, column: string, params: NameParams): ToName {
  return toNameByKey(`${table}\u0000${column}`, params);
}

const ID_SUFFIXES = [...ID_WORDS];

/** First words of a column holding a count or an amount (`num_semesters`, `total_orders`). */
const COUNT_WORDS = new Set(['num', 'number', 'count', 'total', 'n', 'nb', 'cnt', 'sum', 'avg', 'max', 'min']);

/** A count of things rather than a thing: a count word first, or a plural last (`cares_for_students`). */
function countsRows(column: string, params: NameParams): boolean {
  const raw = words(unnumbered(column));
  if (raw.length < 2) return false;
  return COUNT_WORDS.has(raw[0]!) || isPlural(raw[raw.length - 1]!, params);
}

/**
 * How strongly `from` (a column of `fromTable`) names `toTable.to`. A trailing number on `from`
 * is a repetition, not part of the name (`atom_id2`, `home_player_1`).
 * - 1: the same non-generic name (`AlbumId` = `AlbumId`, `l_orderkey` ~ `o_orderkey`), or the
 *   table's name plus the key's (`customer_id` → customer.id, `countrycode` → country.code);
 * - `nameScoreRole`: a role before the key's name (`manager_staff_id` → staff.staff_id); the key's
 *   name without its id suffix (`cds` → CDSCode, `zip` → zip_code); the table's name with a
 *   reference suffix (`cust_id` → customer, `productassemblyid` → product, but not `posthistorytypeid`);
 * - `nameScoreNamed`: the same generic name (`uuid` = `uuid`, `ID` = `ID`); the column is named
 *   after the table (`region` → regions.code) or mentions it (`link_to_member`, `home_player_1`,
 *   `hero_id` → superhero);
 * - `nameScoreSharedWord`: a word in common with the table (`ShipVia` → Shippers);
 * - 0: nothing.
 */
export function nameMatch(from: string, toTable: string, to: string, params: NameParams): NameMatch {
  return preparedNameMatch(fromName(from, params), toName(toTable, to, params), params);
}

/** `nameMatch` of names prepared once each (`fromName`, `toName`): the same answer, without a lookup per pair. */
export function preparedNameMatch(fromNames: FromName, toNames: ToName, params: NameParams): NameMatch {
  const { f, fBare, suffix, stem, words: fromWords, lastWord, meaningful, counts, fBareSingular, plural } = fromNames;
  const {
    table: toTable,
    column: to,
    t,
    tBare,
    tStem,
    owners,
    entities,
    last,
    generic: toGeneric,
    identifier,
    tableWords,
    namedAfter,
    qualifiers,
  } = toNames;
  const match = (score: number, kind: NameMatchKind, reason: string, role?: string): NameMatch =>
    role ? { score, kind, reason, role } : { score, kind, reason };

  const { nameMinLetters, gluedMinLetters, nameScoreRole, nameScoreNamed } = params;
  if (!toGeneric && (f === t || fBare === tBare) && fBare.length >= nameMinLetters)
    return match(1, 'same', `same name as ${toTable}.${to}`);
  // A short first word both names spell is no table prefix (`emp_no` = `emp_no`).
  if (f === t && f.length >= params.sameNameMinLetters && !GENERIC.has(f)) return match(1, 'same', `same name as ${toTable}.${to}`);
  // The same thing under another key word (`year.key` ~ `yearID`).
  if (!toGeneric && stem.length >= nameMinLetters && stem === tStem)
    return match(1, 'same', `same name as ${toTable}.${to} but for the key word`);
  const ownerPlusKey = (owner: string) => f === owner + t || f === owner + tBare || fBare === owner + tBare;
  if (entities.some(ownerPlusKey)) return match(1, 'owner-plus-key', `${toTable}'s name plus ${to}`);
  // One word of a longer name (`event_id` and calendar_event.id) is no more than a role's.
  if (owners.some(ownerPlusKey)) return match(nameScoreRole, 'owner-plus-key', `${toTable}'s last word plus ${to}`);
  if (!toGeneric && tBare.length >= nameMinLetters && (f.endsWith(tBare) || fBare.endsWith(tBare))) {
    const role = (fBare.endsWith(tBare) ? fBare : f).slice(0, -tBare.length);
    return match(nameScoreRole, 'role-plus-key', `a role before ${to}`, role.length >= 2 ? role : undefined);
  }
  const after = roleAfter(fBare, tBare, params) ?? roleAfter(f, t, params);
  if (!toGeneric && after) return match(nameScoreRole, 'role-plus-key', `${to} with a role after it`, after);
  const roleOfTable = (namedAfter || identifier) && owners.map((owner) => tableRole(fBare, owner)).find((r) => r !== undefined);
  if (roleOfTable) return match(nameScoreRole, 'role-plus-key', `${toTable}'s name with a role`, roleOfTable);
  if (f.length >= nameMinLetters && t.length > f.length && t.startsWith(f) && ID_SUFFIXES.includes(t.slice(f.length))) {
    return match(nameScoreRole, 'key-without-suffix', `${to} without its suffix`);
  }
  if (suffix !== undefined && stem.length >= nameMinLetters) {
    // `cust_id` abbreviates the table's word; `manager_staff_id` plays a role; `productassemblyid` qualifies it.
    const qualifies = entities.some((owner) => stem.startsWith(owner) && !OTHER_THING.test(stem.slice(owner.length)));
    // An abbreviation of the table's last word (`cust` of customer) unless the key's own name says
    // another thing: `personid` is no `personcreditcard.creditcardid`.
    const abbreviates = last.startsWith(stem) && (stem === last || toGeneric || tBare.startsWith(stem) || namedAfter);
    if (abbreviates || entities.some((owner) => stem.endsWith(owner)) || qualifies) {
      return match(nameScoreRole, 'owner-suffix', `${toTable}'s name with a reference suffix`);
    }
  }
  if (toGeneric && identifier && (f === t || fBare === tBare))
    return match(nameScoreNamed, 'same-generic', `same generic name as ${toTable}.${to}`);
  // `num_semesters`, `cares_for_students`, `total_orders`: a count of the table's rows, not a reference to one.
  if (suffix === undefined && counts) return COUNTS_ROWS;
  // A plural (`subscriptions`) holds a list or a count of them, not one.
  if (plural && suffix === undefined) return NO_NAME_IN_COMMON;
  if (owners.some((owner) => fBare === owner || fBareSingular === owner))
    return match(nameScoreNamed, 'named-after', `named after ${toTable}`);
  // The table's word last (`link_to_member`, `home_player_1`), or a key suffix after its tail (`hero_id` → superhero);
  // a word after it makes another thing (`rental_duration`, `CustomerDesc`).
  const endsOnTable =
    lastWord === last &&
    (suffix !== undefined || fromWords.at(-1) === last) &&
    !otherKind(
      meaningful.filter((w) => w !== last),
      qualifiers,
    );
  if (last.length >= nameMinLetters && (endsOnTable || (stem.length >= gluedMinLetters && last.endsWith(stem))))
    return match(nameScoreNamed, 'mentions', `mentions ${toTable}`);
  // The table's word glued last, after a role (`lo_orderdate`, `commitdate` → date).
  if (
    suffix === undefined &&
    last.length >= gluedMinLetters &&
    fBare.length - last.length >= nameMinLetters &&
    fBare.endsWith(last) &&
    !fromWords.includes(last)
  )
    return match(nameScoreNamed, 'mentions', `mentions ${toTable}`, fBare.slice(0, -last.length));
  for (const w of tableWords) {
    for (const fw of meaningful) {
      if (
        w.length >= nameMinLetters &&
        (w === fw || (fw.length >= gluedMinLetters && w.startsWith(fw)) || (w.length >= gluedMinLetters && fw.startsWith(w)))
      ) {
        return match(params.nameScoreSharedWord, 'shared-word', `shares "${fw}" with ${toTable}`);
      }
    }
  }
  return NO_NAME_IN_COMMON;
}

/**
 * Whether a column's words qualify the thing otherwise than its table's do: `lead_nurturing_campaign_id`
 * and `email_campaigns` both end on campaign, but are two kinds of it.
 */
function otherKind(columnWords: readonly string[], qualifiers: readonly string[]): boolean {
  if (qualifiers.length === 0) return false;
  const own = new Set(qualifiers);
  return columnWords.some((w) => !own.has(w)) && qualifiers.some((w) => !columnWords.includes(w));
}

/** Words after a key that say another thing than a role: its name, kind, count (`team_id_name`, `teamidtype`). */
function isRoleWord(word: string, params: NameParams): boolean {
  return (
    word.length >= params.nameMinLetters && /^[a-z]+$/.test(word) && !GENERIC.has(word) && !COUNT_WORDS.has(word) && !OTHER_THING.test(word)
  );
}

/** The role after a key ending in a reference suffix (`teamidwinner` after `teamid` → winner); undefined when none. */
function roleAfter(name: string, key: string, params: NameParams): string | undefined {
  if (key.length < params.gluedMinLetters || !REFERENCE_SUFFIX.test(key) || !name.startsWith(key)) return undefined;
  const rest = name.slice(key.length);
  return isRoleWord(rest, params) ? rest : undefined;
}

/** A role word before or after a table's name (`account_parent`, `parent_account`, `parentaccountid`) → the role. */
function tableRole(name: string, owner: string): string | undefined {
  const bare = name.replace(REFERENCE_SUFFIX, '');
  for (const candidate of bare === name ? [name] : [name, bare]) {
    if (candidate.startsWith(owner) && ROLE_WORDS.has(candidate.slice(owner.length))) return candidate.slice(owner.length);
    if (candidate.endsWith(owner) && ROLE_WORDS.has(candidate.slice(0, -owner.length))) return candidate.slice(0, -owner.length);
  }
  return undefined;
}

// Most pairs a wide schema weighs share nothing: one frozen answer each rather than millions of copies.
const NO_NAME_IN_COMMON: NameMatch = Object.freeze({ score: 0, kind: 'none', reason: 'no name in common' });
const COUNTS_ROWS: NameMatch = Object.freeze({ score: 0, kind: 'none', reason: 'counts rows rather than naming one' });

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
const ROLE_WORDS = new Set([
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
