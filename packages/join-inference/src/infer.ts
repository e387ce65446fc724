import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { singular } from '@guided-retrieval/text';
import { bookkeepingColumns, columnKey, type SetAside } from './bookkeeping.js';
import { type KeyTarget, namePrior, passesPruning, type ScoredPair, scorePair, type ValueKind, valueKind } from './candidates.js';
import { compositeReferences } from './composite.js';
import { type Copies, copyPair, copyTables } from './copies.js';
import { byEdgeId, declaredJoinEdges, joinEdgeId } from './declared.js';
import { keyCandidates } from './keys.js';
import { type FromName, fromName, type NameMatch, preparedNameMatch, toName } from './name-match.js';
import { columnPrefixes } from './name-roles.js';
import {
  entityNames,
  entityWordsOf,
  namedAfterTable,
  namedForEntity,
  namesOwnTable,
  squeeze,
  tableNames,
  unnumbered,
  words,
} from './names.js';
import { type JoinParams, withJoinParams } from './params.js';
import { roleReferences } from './roles.js';
import { sharedNameEdges } from './shared.js';
import { withoutShortcuts } from './shortcuts.js';
import type { InferJoinsOptions, JoinEdge, JoinInference, KeyCandidate } from './types.js';

/** Identifies a referencing column set, case-insensitively: a declared key's is not inferred again. */
function referencing(table: string, columns: readonly string[]): string {
  return `${table}\u0000${columns.join('\u0000')}`.toLowerCase();
}

/** Both ends of an edge, case-insensitively; `reversed` swaps them. */
function endsOf(e: JoinEdge, reversed = false): string {
  const from = referencing(e.fromTable, e.fromColumns);
  const to = referencing(e.toTable, e.toColumns);
  return reversed ? `${to}\u0001${from}` : `${from}\u0001${to}`;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * Join edges for a database from its profile alone: primary-key candidates from statistics,
 * inclusion dependencies from value sketches (cheap type, cardinality and range checks first),
 * scored with name similarity and key-ness; each referencing column keeps its best target (the
 * tightest key among near ties, so `A ⊆ B ⊆ C` yields A → B, not A → C); composite references
 * to composite keys by matching names. Declared foreign keys are kept as they are (unless
 * `declared: 'hide'`), and an optional adjudicator confirms or rejects the ambiguous middle band.
 * Deterministic for the same profile and options.
 */
export async function inferJoins(profile: DatabaseProfile, options: InferJoinsOptions = {}): Promise<JoinInference> {
  const started = performance.now();
  const params = withJoinParams(options.params);
  const useDeclared = (options.declared ?? 'use') === 'use';
  const minConfidence = options.minConfidence ?? params.minConfidence;
  const [low] = options.adjudicationBand ?? [params.adjudicationLow, params.adjudicationHigh];
  const progress = options.onProgress ?? (() => {});

  const setAside = bookkeepingColumns(profile, params);
  if (setAside.size > 0) progress(`${setAside.size} columns set aside (load bookkeeping, constants, empty columns)`);
  const entities = new Set(profile.tables.flatMap((t) => entityNames(t.name, params)));
  const keys = profile.tables.flatMap((t) =>
    keyCandidates(t, useDeclared, params, entities).filter((k) => !k.columns.some((c) => setAside.has(columnKey(t.name, c)))),
  );
  const declared = useDeclared ? declaredJoinEdges(profile, (reason) => progress(`skipped a declared key: ${reason}`)) : [];
  const declaredFrom = new Set(declared.map((e) => referencing(e.fromTable, e.fromColumns)));
  const copies = copyTables(profile, params);
  progress(`${keys.length} key candidates in ${profile.tables.length} tables`);

  const floor = options.adjudicator ? Math.min(low, minConfidence) : minConfidence;
  const single = bestReferences(profile, keys, { declaredFrom, setAside, copies }, floor, params);
  progress(`${single.candidatePairs} column pairs, ${single.afterPruning} after pruning, ${single.best.length} candidate references`);

  const candidates = single.best.map(toEdge);
  const chosenFrom = new Set([...declaredFrom, ...candidates.map((e) => referencing(e.fromTable, e.fromColumns))]);
  const unreferenced = profile.tables.flatMap((table) =>
    table.columns
      .filter((column) => !chosenFrom.has(referencing(table.name, [column.name])) && !setAside.has(columnKey(table.name, column.name)))
      .map((column) => ({ table, column })),
  );
  candidates.push(
    ...roleReferences(profile.tables, unreferenced, single.targets, params, candidates).filter(
      (e) => !copies.has(copyPair(e.fromTable, e.toTable)),
    ),
  );
  const skipComposite = (from: TableProfile, columns: readonly string[], to: TableProfile) =>
    declaredFrom.has(referencing(from.name, columns)) || copies.has(copyPair(from.name, to.name));
  candidates.push(...oneWay(compositeReferences(profile, keys, setAside, skipComposite, params)));
  const joined = new Set([
    ...declaredFrom,
    ...[...declared, ...candidates].flatMap((e) => [referencing(e.fromTable, e.fromColumns), referencing(e.toTable, e.toColumns)]),
  ]);
  candidates.push(...sharedNameEdges(profile, joined, params, setAside));
  const judged = await adjudicate(withoutShortcuts(candidates, [...declared, ...candidates]), profile, options, params, progress);
  // Declared keys win: an inferred edge that repeats one, or runs one backwards (two keys of one
  // set of values, 1:1, where the schema said which references which), is left out.
  const declaredPairs = new Set(declared.flatMap((e) => [endsOf(e), endsOf(e, true)]));
  const inferred = judged.edges.filter((e) => e.confidence >= minConfidence && !declaredPairs.has(endsOf(e)));
  progress(`${declared.length} declared and ${inferred.length} inferred join edges`);
  return {
    edges: [...declared, ...inferred].sort(byEdgeId),
    keys,
    setAside: [...setAside.values()],
    stats: {
      tables: profile.tables.length,
      columns: profile.tables.reduce((n, t) => n + t.columns.length, 0),
      candidatePairs: single.candidatePairs,
      afterPruning: single.afterPruning,
      accepted: inferred.length,
      adjudicated: judged.asked,
      ms: Math.round(performance.now() - started),
    },
  };
}

/** What a referencing column must not be: covered by a declared key, set aside, or in a copy of the key's table. */
interface Exclusions {
  declaredFrom: ReadonlySet<string>;
  setAside: SetAside;
  copies: Copies;
}

/**
 * Each column's best single-column reference at `floor` or above (`chooseTarget`), with the pairs
 * looked at and those left after pruning. Columns a declared key already covers are skipped.
 */
function bestReferences(
  profile: DatabaseProfile,
  keys: readonly KeyCandidate[],
  exclusions: Exclusions,
  floor: number,
  params: JoinParams,
) {
  const { declaredFrom, setAside, copies } = exclusions;
  const targets = singleColumnTargets(profile, keys, params);
  // Engines that enforce declared types (all but SQLite) say what a column without values holds.
  const strictTypes = profile.engine !== 'sqlite';
  const ownKeys = new Set(targets.filter((t) => t.own).map((t) => t.column));
  const prefixes = columnPrefixes(profile.tables, params);
  let candidatePairs = 0;
  let afterPruning = 0;
  const best: ScoredPair[] = [];
  const nameOf = nameMatches(targets, params);
  for (const table of profile.tables) {
    for (const from of table.columns) {
      const fromKind = valueKind(from, params);
      if (!fromKind || declaredFrom.has(referencing(table.name, [from.name])) || setAside.has(columnKey(table.name, from.name))) continue;
      const fromNames = fromName(from.name, params);
      const scored: ScoredPair[] = [];
      const referenceLike = fromNames.referenceLike;
      for (let i = 0; i < targets.length; i++) {
        const to = targets[i]!;
        if (to.column === from || copies.has(copyPair(table.name, to.table.name))) continue;
        candidatePairs++;
        if (!passesPruning(from, fromKind, to, to.kind, params, strictTypes)) continue;
        afterPruning++;
        const { name, ceiling } = namePrior(from, table, to, params, prefixes, nameOf(fromNames, from.name, i), referenceLike);
        if (ceiling < floor) continue;
        const pair = scorePair(table, from, to, name, ownKeys.has(from), params);
        if (pair && pair.confidence >= floor) scored.push(pair);
      }
      const chosen = chooseTarget(scored, params);
      if (chosen) best.push(chosen);
    }
  }
  return { best, candidatePairs, afterPruning, targets };
}

/** Name pairs remembered at most: a schema of many distinct names is worked out pair by pair. */
const MAX_REMEMBERED_NAME_PAIRS = 4_000_000;

/**
 * `nameMatch` of a column name and the target at an index, each pair worked out once: a wide
 * schema repeats its column names in every table (a census release's 230 columns in 300 tables),
 * and every column is matched against every target.
 */
function nameMatches(targets: readonly KeyTarget[], params: JoinParams): (fromNames: FromName, from: string, target: number) => NameMatch {
  // Each key's name read once, not once per pair.
  const toNames = targets.map((to) => toName(to.table.name, to.column.name, params));
  const known = new Map<string, (NameMatch | undefined)[]>();
  return (fromNames, from, target) => {
    let row = known.get(from);
    if (!row) {
      if ((known.size + 1) * targets.length > MAX_REMEMBERED_NAME_PAIRS) known.clear();
      row = new Array(targets.length);
      known.set(from, row);
    }
    let found = row[target];
    if (!found) {
      found = preparedNameMatch(fromNames, toNames[target]!, params);
      row[target] = found;
    }
    return found;
  };
}

/**
 * The candidates after the adjudicator's word on the ambiguous band (`adjudicationBand`): one it
 * confirms is raised to the band's top, one it rejects goes, one it says nothing of stays if it
 * clears `minConfidence`. Without an adjudicator, the candidates as they are.
 */
async function adjudicate(
  candidates: JoinEdge[],
  profile: DatabaseProfile,
  options: InferJoinsOptions,
  params: JoinParams,
  progress: (message: string) => void,
): Promise<{ edges: JoinEdge[]; asked: number }> {
  const { adjudicator } = options;
  if (!adjudicator) return { edges: candidates, asked: 0 };
  const minConfidence = options.minConfidence ?? params.minConfidence;
  const [low, high] = options.adjudicationBand ?? [params.adjudicationLow, params.adjudicationHigh];
  const ambiguous = candidates.filter((e) => e.confidence >= low && e.confidence < high);
  if (ambiguous.length === 0) return { edges: candidates, asked: 0 };
  progress(`asking ${adjudicator.id} about ${ambiguous.length} ambiguous candidates`);
  const verdicts = await adjudicator.judge(ambiguous, profile);
  const edges = candidates.flatMap((e) => {
    const verdict = verdicts.get(e.id);
    if (verdict === undefined) return e.confidence >= minConfidence ? [e] : [];
    if (!verdict) return [];
    return [{ ...e, confidence: Math.max(e.confidence, high), evidence: [...e.evidence, `confirmed by ${adjudicator.id}`] }];
  });
  return { edges, asked: ambiguous.length };
}

type Target = KeyTarget & { kind: ValueKind };

/**
 * Whether a key column is named just as another table of the schema (`economy.Country`, where
 * `country` is a table): it references that table, one to one, rather than identifying rows
 * others reference.
 */
function namesAnotherTable(column: string, table: string, tableNamesOf: ReadonlyMap<string, string>, params: JoinParams): boolean {
  const owner = tableNamesOf.get(squeeze(unnumbered(column)));
  return owner !== undefined && owner !== table && !namesOwnTable(column, table, params) && !namedAfterTable(column, table, params);
}

/** Every single-column key candidate, as something a column can reference (not one named as another table). */
function singleColumnTargets(profile: DatabaseProfile, keys: readonly KeyCandidate[], params: JoinParams): Target[] {
  const tables = new Map(profile.tables.map((t) => [t.name, t]));
  const tableNamesOf = new Map<string, string>();
  for (const t of profile.tables)
    for (const name of tableNames(t.name, params)) if (!tableNamesOf.has(name)) tableNamesOf.set(name, t.name);
  const out: Target[] = [];
  const seen = new Set<string>();
  const firstOfTable = new Set<string>();
  for (const key of keys) {
    const own = !firstOfTable.has(key.table);
    firstOfTable.add(key.table);
    if (key.columns.length !== 1) continue;
    const table = tables.get(key.table)!;
    const column = table.columns.find((c) => c.name === key.columns[0]);
    const kind = column && valueKind(column, params);
    const id = `${key.table}\u0000${key.columns[0]}`;
    if (!column || !kind || seen.has(id) || namesAnotherTable(column.name, table.name, tableNamesOf, params)) continue;
    seen.add(id);
    out.push({ table, column, score: key.score, kind, own });
  }
  return out;
}

/**
 * The column's best target. Among near ties the tightest key wins (`A ⊆ B ⊆ C`: B), unless
 * several keys are equally tight and no name tells them apart (sibling tables sharing one key,
 * such as several `person_*` tables keyed by `businessentityid`): then the key its own table is
 * named after (`businessentity.businessentityid`) if one fits, else the one key of the very same
 * name, else the tie stands, penalised. Before those, a key whose name the column spells out
 * (`owner_role_id` → role.role_id) wins over one whose table alone it names (owner).
 */
/**
 * The family a table's name puts it in: what comes before its last `__` (dbt's `<source>__`),
 * without a modelling layer's word (`stg_hubspot__owner` and `hubspot__tickets`: hubspot); empty
 * without one (`owner_data`). Models join models of their family, loaded copies each other.
 */
function tableFamily(table: string): string {
  const at = table.lastIndexOf('__');
  return at < 0 ? '' : entityWordsOf(table.slice(0, at)).join('');
}

/** Whether a key's table's thing is one the referencing table's name speaks of and the column's does not. */
function speaksOf(p: ScoredPair): boolean {
  const said = new Set(words(p.from.name).map(singular));
  const fromWords = words(p.fromTable.name).map(singular);
  return entityWordsOf(p.to.table.name)
    .slice(0, -1)
    .some((w) => !said.has(w) && fromWords.includes(w));
}

/** Name matches that spell the key's own name, not only its table's. */
const SPELLS_KEY: ReadonlySet<NameMatch['kind']> = new Set([
  'same',
  'same-unprefixed',
  'owner-plus-key',
  'role-plus-key',
  'key-without-suffix',
]);

function chooseTarget(scored: ScoredPair[], params: JoinParams): ScoredPair | undefined {
  if (scored.length === 0) return undefined;
  const top = Math.max(...scored.map((p) => p.confidence));
  const ties = scored.filter((p) => p.confidence >= top - params.nearTie);
  // Distinct counts order keys only when both hold values: a catalog's sample-less key has none.
  const tighter = (a: ScoredPair, b: ScoredPair) =>
    a.to.column.count > 0 && b.to.column.count > 0 ? a.to.column.distinct - b.to.column.distinct : b.to.score - a.to.score;
  ties.sort(
    (a, b) =>
      tighter(a, b) || b.confidence - a.confidence || (a.to.table.name < b.to.table.name ? -1 : a.to.table.name > b.to.table.name ? 1 : 0),
  );
  const chosen = ties[0]!;
  const rivals = ties.filter((p) => p.to.column.distinct === chosen.to.column.distinct && p.name.score === chosen.name.score).length;
  if (rivals === 1) return chosen;
  // Narrowed in turn: a key whose name the column spells out (`owner_role_id` ends in role_id), not
  // its table's alone (owner); a key whose table's thing the referencing table speaks of where the
  // column does not (a ticket history's `hs_pipeline`: ticket_pipeline, not deal_pipeline); a key
  // of the referencing table's family (`hubspot__tickets` → stg_hubspot__owner, not the loaded
  // owner_data); the key its own table is named for; the key of the very same name (`event_id`,
  // not calendar_event.id).
  const narrowings: [string, (p: ScoredPair) => boolean][] = [
    ['its name is spelled out', (p) => SPELLS_KEY.has(p.name.kind) && p.name.score === chosen.name.score],
    ['the referencing table speaks of its table', (p) => speaksOf(p)],
    ['its table is of the referencing table’s family', (p) => tableFamily(p.to.table.name) === tableFamily(p.fromTable.name)],
    ['its table is named for the key', (p) => namedForEntity(p.to.column.name, p.to.table.name, params)],
    ['it has the very same name', (p) => p.to.column.name.toLowerCase() === p.from.name.toLowerCase()],
  ];
  let pool = ties;
  let left = rivals;
  for (const [why, keep] of narrowings) {
    const kept = pool.filter(keep);
    if (kept.length === 0) continue;
    pool = kept;
    left = kept.length;
    if (pool.length === 1 || why === 'its table is named for the key')
      return {
        ...pool[0]!,
        evidence: [...pool[0]!.evidence, `${rivals} keys fit equally; ${pool[0]!.to.table.name}'s is the one: ${why}`],
      };
  }
  return {
    ...pool[0]!,
    confidence: pool[0]!.confidence - params.siblingPenalty * (left - 1),
    evidence: [...pool[0]!.evidence, `${left} keys fit equally`],
  };
}

function toEdge(pair: ScoredPair): JoinEdge {
  const fromColumns = [pair.from.name];
  const toColumns = [pair.to.column.name];
  return {
    id: joinEdgeId(pair.fromTable.name, fromColumns, pair.to.table.name, toColumns),
    fromTable: pair.fromTable.name,
    fromColumns,
    toTable: pair.to.table.name,
    toColumns,
    origin: 'inferred',
    confidence: round(pair.confidence),
    evidence: pair.evidence,
    ...(pair.name.role ? { role: pair.name.role } : {}),
  };
}

/**
 * The edges whose reverse is not among them: two composite keys holding each other's pairs under
 * the same names (`costhistory(productid, startdate)` and `listpricehistory(productid, startdate)`)
 * are 1:1, and names do not say which references which.
 */
function oneWay(edges: JoinEdge[]): JoinEdge[] {
  const ends = new Set(edges.map((e) => endsOf(e)));
  return edges.filter((e) => !ends.has(endsOf(e, true)));
}
