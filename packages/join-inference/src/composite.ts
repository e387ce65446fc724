/**
 * Composite keys and the references to them, by structure: a set of columns whose tuples are
 * unique in their table (`province(Name, Country)`, `Teams(yearID, teamID)`), and a set of another
 * table's columns whose tuples lie inside it (`city(Province, Country)`, `SeriesPost(yearID,
 * teamIDwinner)`), the names agreeing column by column once a role word is set aside. Both are
 * checked on the tuples (`TableProfile.columnSets`), never column by column: two columns each
 * inside a key column say nothing of their pairs. `columnSetsToProfile` tells the profiler which
 * sets to profile together; `compositeReferences` reads what it found.
 */
import type { ColumnProfile, ColumnSetProfile, ColumnSetRequest, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { columnKey, type SetAside } from './bookkeeping.js';
import { valueKind } from './candidates.js';
import { type Containment, estimateContainment, sketchContainment } from './containment.js';
import { joinEdgeId } from './declared.js';
import { isUnique, isUniqueSet, keyCandidates } from './keys.js';
import { nameMatch } from './name-match.js';
import { entityNames, isGeneric, isReferenceLike, namedAfterTable, squeeze, tableNames, words } from './names.js';
import { defaultJoinParams, type JoinParams } from './params.js';
import type { JoinEdge, KeyCandidate } from './types.js';

/** How a referencing column's name agrees with its key column's. */
interface Agreement {
  /** Whether the names agree; a column matched by its values alone (the key column's name is generic) does not. */
  named: boolean;
  /** `same`: the very names (`nameMatch` kind `same`); `other`: agreeing otherwise, or not at all. */
  kind: 'same' | 'other';
  role?: string;
  reason: string;
}

/** A referencing column set and the key column set it may reference, column by column. */
interface Candidate {
  from: TableProfile;
  fromColumns: ColumnProfile[];
  to: TableProfile;
  toColumns: ColumnProfile[];
  agreements: Agreement[];
}

/**
 * How `from` (a column of `fromTable`) agrees by name with `to` (a key column of `toTable`):
 * the names match (`nameMatch` at `nameScoreNamed` or more, a role set aside); `to` names `fromTable` and
 * `from` is that table's own key (`country.Code` for `city.Country`); `from`'s last word abbreviates
 * `to` after a role (`CapProv` for `Province`); or, when `to`'s name is generic (`Name`), values
 * alone. Undefined when the names disagree.
 */
function agreement(
  from: ColumnProfile,
  fromTable: TableProfile,
  fromOwnKey: string | undefined,
  to: ColumnProfile,
  toTable: TableProfile,
  params: JoinParams,
): Agreement | undefined {
  const name = nameMatch(from.name, toTable.name, to.name, params);
  // Numbers agree by name only as identifiers: two `Population` columns hold measures, not keys.
  const numbers = valueKind(to, params)?.kind === 'integer';
  if (numbers && !isReferenceLike(from.name) && !isReferenceLike(to.name) && name.kind !== 'named-after') return undefined;
  if (name.score >= params.nameScoreNamed && name.kind !== 'same-generic')
    return { named: true, kind: name.kind === 'same' ? 'same' : 'other', ...(name.role ? { role: name.role } : {}), reason: name.reason };
  const target = squeeze(to.name);
  if (from.name === fromOwnKey && (tableNames(fromTable.name, params).includes(target) || namedAfterTable(to.name, fromTable.name, params)))
    return { named: true, kind: 'other', reason: `${to.name} names ${fromTable.name}, whose key ${from.name} is` };
  const fromWords = words(from.name);
  const last = fromWords.at(-1) ?? '';
  if (fromWords.length >= 2 && last.length >= params.gluedMinLetters && target.length > last.length && target.startsWith(last))
    return {
      named: true,
      kind: 'other',
      role: fromWords.slice(0, -1).join('_'),
      reason: `${from.name} abbreviates ${to.name} after a role`,
    };
  if (isGeneric(to.name, params))
    return {
      named: false,
      kind: 'other',
      role: squeeze(from.name),
      reason: `${from.name} matched by its values (${to.name} names nothing)`,
    };
  return undefined;
}

/** A column that holds something of the row rather than a key: a measure, a date, a text too long for a key, a number not named as one. */
function isPayload(column: ColumnProfile, params: JoinParams): boolean {
  const kind = valueKind(column, params);
  return kind === undefined || (kind.kind === 'integer' && !isReferenceLike(column.name));
}

/** Every `size`-subset of `items`, in order. */
function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of subsets(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}

/** Column sets of a table that could be its composite key: leading key-like columns, none unique alone, enough distinct tuples possible. */
function keySets(table: TableProfile, ownKey: KeyCandidate | undefined, setAside: SetAside, params: JoinParams): ColumnProfile[][] {
  if (table.rowCount < 2) return [];
  if (table.primaryKey.length >= 2 && ownKey?.origin === 'declared')
    return [table.primaryKey.map((n) => table.columns.find((c) => c.name === n)!)];
  if (ownKey && ownKey.columns.length === 1 && ownKey.score >= params.compositeOwnKeyScore) return [];
  const columns = table.columns
    .filter(
      (c) =>
        c.count > 0 && c.nulls === 0 && valueKind(c, params) !== undefined && !isUnique(c) && !setAside.has(columnKey(table.name, c.name)),
    )
    .slice(0, params.compositeLeadingColumns);
  // A table of keys alone (a link table: `geo_island(Island, Country, Province)`) is referenced by
  // nothing: its columns reference others. A key set leaves some column that holds a value of the row.
  const sets: ColumnProfile[][] = [];
  for (let size = 2; size <= params.compositeMaxColumns; size++)
    for (const set of subsets(columns, size)) {
      if (!table.columns.some((c) => !set.includes(c) && isPayload(c, params))) continue;
      if (set.reduce((n, c) => n * c.distinct, 1) < table.rowCount) continue;
      sets.push(set);
    }
  return sets;
}

/** The columns of `from` that may stand for `to` in a reference: kinds that compare, values mostly inside (one by one), names agreeing. */
function options(
  from: TableProfile,
  fromOwnKey: string | undefined,
  to: ColumnProfile,
  toTable: TableProfile,
  setAside: SetAside,
  params: JoinParams,
): { column: ColumnProfile; agreement: Agreement }[] {
  const toKind = valueKind(to, params);
  if (!toKind) return [];
  const out: { column: ColumnProfile; agreement: Agreement }[] = [];
  for (const column of from.columns) {
    const kind = valueKind(column, params);
    if (!kind || kind.kind !== toKind.kind || column.count === 0 || setAside.has(columnKey(from.name, column.name))) continue;
    const found = agreement(column, from, fromOwnKey, to, toTable, params);
    if (!found) continue;
    // Undefined when sketches cannot tell (few values against a large key column): the tuples will.
    const inside = estimateContainment(column, to, params);
    if (inside && inside.value < params.compositeColumnContainment) continue;
    out.push({ column, agreement: found });
  }
  // Named columns first: they are tried first.
  return out.sort((a, b) => Number(b.agreement.named) - Number(a.agreement.named));
}

/**
 * The ways of filling a key set's columns with distinct columns of `from`, at most one matched by
 * values alone and one named; at most `maxAssignments` (a table of many alike columns stops there).
 */
function assignments(
  choices: readonly { column: ColumnProfile; agreement: Agreement }[][],
  maxAssignments: number,
): { column: ColumnProfile; agreement: Agreement }[][] {
  const out: { column: ColumnProfile; agreement: Agreement }[][] = [];
  const walk = (i: number, picked: { column: ColumnProfile; agreement: Agreement }[]) => {
    if (out.length >= maxAssignments) return;
    if (i === choices.length) {
      const unnamed = picked.filter((p) => !p.agreement.named).length;
      if (unnamed <= 1 && unnamed < picked.length) out.push(picked);
      return;
    }
    for (const choice of choices[i]!) if (!picked.some((p) => p.column === choice.column)) walk(i + 1, [...picked, choice]);
  };
  walk(0, []);
  return out;
}

/**
 * Every pair of a possible composite key and a column set of another table that may reference it
 * (`keySets`, `options`): what is worth profiling together. A referencing set that holds its
 * table's own key beside columns all named as the other table's key's (`employee(employee_id,
 * supervisor_id)` and `employee_closure(employee_id, supervisor_id)`) is no reference: the other
 * table holds this one's rows by key (a closure, a history).
 */
function candidates(profile: DatabaseProfile, keys: readonly KeyCandidate[], setAside: SetAside, params: JoinParams): Candidate[] {
  const ownKey = new Map<string, KeyCandidate>();
  for (const key of keys) if (!ownKey.has(key.table)) ownKey.set(key.table, key);
  const ownSingle = (t: TableProfile) => {
    const key = ownKey.get(t.name);
    return key && key.columns.length === 1 ? key.columns[0] : undefined;
  };
  const out: Candidate[] = [];
  for (const to of profile.tables) {
    for (const set of keySets(to, ownKey.get(to.name), setAside, params)) {
      for (const from of profile.tables) {
        if (from === to || from.rowCount === 0) continue;
        const choices = set.map((column) => options(from, ownSingle(from), column, to, setAside, params));
        if (choices.some((c) => c.length === 0)) continue;
        // Its own key: an identifier that scores as one, not a column unique by chance in a few rows.
        const own = (ownKey.get(from.name)?.score ?? 0) >= params.compositeOwnKeyScore ? ownSingle(from) : undefined;
        for (const picked of assignments(choices, params.compositeMaxAssignments)) {
          if (own !== undefined && picked.some((p) => p.column.name === own) && picked.every((p) => p.agreement.kind === 'same')) continue;
          out.push({ from, fromColumns: picked.map((p) => p.column), to, toColumns: set, agreements: picked.map((p) => p.agreement) });
        }
      }
    }
  }
  return out;
}

/**
 * The column sets to profile together (`ProfileOptions.columnSets`): each possible composite key
 * that some other table's columns may reference, and those referencing sets, in the key's column
 * order (tuples are hashed in order). At most `maxColumnSets`. Declared keys are not trusted here
 * (so that a build and an evaluation with keys hidden profile alike).
 */
export function columnSetsToProfile(profile: DatabaseProfile, params: JoinParams = defaultJoinParams()): ColumnSetRequest[] {
  const entities = new Set(profile.tables.flatMap((t) => entityNames(t.name, params)));
  const keys = profile.tables.flatMap((t) => keyCandidates(t, false, params, entities));
  const out: ColumnSetRequest[] = [];
  const seen = new Set<string>();
  const add = (table: TableProfile, columns: readonly ColumnProfile[]) => {
    const request = { table: table.name, columns: columns.map((c) => c.name) };
    const id = JSON.stringify(request);
    if (!seen.has(id) && out.length < params.maxColumnSets) {
      seen.add(id);
      out.push(request);
    }
  };
  for (const c of candidates(profile, keys, new Map(), params)) {
    add(c.to, c.toColumns);
    add(c.from, c.fromColumns);
  }
  return out;
}

/** The profiled set of these columns in this order, if any. */
function profiledSet(table: TableProfile, columns: readonly ColumnProfile[]): ColumnSetProfile | undefined {
  return table.columnSets?.find((s) => s.columns.length === columns.length && s.columns.every((name, i) => name === columns[i]!.name));
}

/**
 * References to composite keys, checked on the tuples: the key set unique in its table (declared,
 * or by its profiled tuples), the referencing set's tuples inside it (`minExactContainment` when
 * counted from whole sketches, `compositeMinContainment` when estimated). Each referencing set keeps its best key; a
 * column matched by values alone lowers the confidence. An edge's role is the words its names set aside.
 */
export function compositeReferences(
  profile: DatabaseProfile,
  keys: readonly KeyCandidate[],
  setAside: SetAside,
  skip: (from: TableProfile, columns: readonly string[], to: TableProfile) => boolean,
  params: JoinParams,
): JoinEdge[] {
  const best = new Map<string, { edge: JoinEdge; tuples: number }>();
  for (const c of candidates(profile, keys, setAside, params)) {
    const fromColumns = c.fromColumns.map((col) => col.name);
    if (skip(c.from, fromColumns, c.to)) continue;
    const declared = c.to.primaryKey.length === c.toColumns.length && keys.some((k) => k.table === c.to.name && k.origin === 'declared');
    const keySet = profiledSet(c.to, c.toColumns);
    const refSet = profiledSet(c.from, c.fromColumns);
    if (!refSet?.sketch || !keySet?.sketch) continue;
    if (!declared && !isUniqueSet(keySet, c.to.rowCount, params)) continue;
    const inside = sketchContainment(refSet.sketch, keySet.sketch, keySet.distinct, params);
    if (!inside || inside.value < (isWhole(inside) ? params.minExactContainment : params.compositeMinContainment)) continue;
    const unnamed = c.agreements.filter((a) => !a.named).length;
    const toColumns = c.toColumns.map((col) => col.name);
    const role = c.agreements.find((a) => !a.named)?.role ?? c.agreements.find((a) => a.role)?.role;
    const edge: JoinEdge = {
      id: joinEdgeId(c.from.name, fromColumns, c.to.name, toColumns),
      fromTable: c.from.name,
      fromColumns,
      toTable: c.to.name,
      toColumns,
      origin: 'inferred',
      confidence: Math.round((params.compositeConfidence - params.compositeUnnamedPenalty * unnamed) * 100) / 100,
      evidence: [
        ...c.agreements.map((a) => a.reason),
        `${Math.round(inside.value * 100)}% of ${inside.checked} (${fromColumns.join(', ')}) tuples found in ${c.to.name} (${inside.method})`,
        declared
          ? `declared key of ${c.to.name}`
          : `(${toColumns.join(', ')}) is unique in ${c.to.name}: ${keySet.distinct} distinct in ${keySet.count} rows`,
      ],
      ...(role ? { role } : {}),
    };
    const id = `${c.from.name}\u0000${[...fromColumns].sort().join('\u0000')}`;
    const held = best.get(id);
    if (!held || edge.confidence > held.edge.confidence || (edge.confidence === held.edge.confidence && keySet.distinct < held.tuples))
      best.set(id, { edge, tuples: keySet.distinct });
  }
  return withoutImplied([...best.values()].map((b) => b.edge));
}

/**
 * The edges but those another implies: `citypops(Province, Country)` → province, when
 * `citypops(City, Country, Province)` → city (no role) and `city(Province, Country)` → province
 * join the same columns through city. A reference with a role (`country(Capital, Code,
 * Province)`, the capital city) implies nothing of the row's own.
 */
function withoutImplied(edges: readonly JoinEdge[]): JoinEdge[] {
  const pairs = (e: JoinEdge) => e.fromColumns.map((c, i) => `${c}\u0000${e.toColumns[i]}`);
  const implied = (s: JoinEdge) =>
    edges.some((l) => {
      if (l === s || l.role || l.fromTable !== s.fromTable || l.fromColumns.length <= s.fromColumns.length) return false;
      const through = s.fromColumns.map((c) => l.toColumns[l.fromColumns.indexOf(c)]);
      if (through.some((c) => c === undefined)) return false;
      const wanted = new Set(through.map((c, i) => `${c}\u0000${s.toColumns[i]}`));
      return edges.some(
        (m) =>
          m.fromTable === l.toTable &&
          m.toTable === s.toTable &&
          m.fromColumns.length === wanted.size &&
          pairs(m).every((p) => wanted.has(p)),
      );
    });
  return edges.filter((e) => !implied(e));
}

function isWhole(containment: Containment): boolean {
  return containment.method === 'complete sketch';
}
