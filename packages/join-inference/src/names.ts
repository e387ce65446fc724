/**
 * Name evidence for a join: how strongly a referencing column's name points at a referenced
 * table and column. Pure; works on identifiers as schemas spell them (snake_case, camelCase,
 * `schema_table`, TPC-H's `l_orderkey` prefixes).
 */
import { ABBREVIATIONS, identifierWords, singular } from '@guided-retrieval/text';
import type { NameParams } from './params.js';

/** Words that say a column identifies rows. */
export const ID_WORDS = new Set(['id', 'key', 'code', 'no', 'num', 'number', 'nr', 'pk', 'uid', 'guid', 'uuid', 'sk']);
/** Words that name a column's role rather than what it identifies: `id` or `name` alone says nothing. */
export const GENERIC = new Set([...ID_WORDS, 'fk', 'ref', 'name', 'type']);
/** Suffixes that mark a column as a reference (`customer_id`, `o_custkey`, `countrycode`). */
export const REFERENCE_SUFFIX = /(id|key|code|no|num|nr|ref|fk|uuid|guid)$/;

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
export function memoWith<T>(compute: (name: string, params: NameParams) => T): (name: string, params: NameParams) => T {
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
 * (`deal_pipeline_data`, `stg_hubspot__deal_tmp`). Undefined when that leaves the name as it was, or no word.
 */
export function entityWords(table: string): string[] | undefined {
  const tail = table.includes('__') ? table.slice(table.lastIndexOf('__') + 2) : table;
  let w = words(tail);
  // `__proto__`, `orders__`: nothing after the last `__` names a thing, so the name is not a dbt model's.
  if (w.length === 0) return undefined;
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
