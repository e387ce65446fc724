/**
 * How a referencing column's name matches a referenced table and key (`nameMatch`): the rules,
 * strongest first, over the words `names.ts` reads from identifiers. Pure.
 */
import { singular } from '@guided-retrieval/text';
import { ROLE_WORDS } from './name-roles.js';
import {
  entityNames,
  entityWords,
  GENERIC,
  ID_WORDS,
  isGeneric,
  isIdentifierName,
  isReferenceLike,
  memoWith,
  namedAfterTable,
  REFERENCE_SUFFIX,
  squeeze,
  stripPrefix,
  tableNames,
  unnumbered,
  words,
} from './names.js';
import type { NameParams } from './params.js';

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
