import type { DatabaseProfile } from '@guided-retrieval/profiler';
import {
  type KeyTarget,
  MIN_CONTAINMENT,
  namePrior,
  passesPruning,
  type ScoredPair,
  scorePair,
  type ValueKind,
  valueKind,
} from './candidates.js';
import { estimateContainment } from './containment.js';
import { byEdgeId, declaredJoinEdges, joinEdgeId } from './declared.js';
import { keyCandidates } from './keys.js';
import { columnPrefixes, type FromName, fromName, type NameMatch, namedAfterTable, nameMatch, preparedNameMatch, toName } from './names.js';
import { roleReferences } from './roles.js';
import { sharedNameEdges } from './shared.js';
import type { InferJoinsOptions, JoinEdge, JoinInference, KeyCandidate } from './types.js';

/** Inferred edges below this confidence are dropped unless an adjudicator confirms them. */
export const DEFAULT_MIN_CONFIDENCE = 0.6;
/** The middle band an adjudicator is asked about. */
export const DEFAULT_ADJUDICATION_BAND: readonly [number, number] = [0.35, 0.75];
/** Candidates within this much of a column's best are near ties: the tightest key wins among them. */
const NEAR_TIE = 0.02;

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
  const useDeclared = (options.declared ?? 'use') === 'use';
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const [low] = options.adjudicationBand ?? DEFAULT_ADJUDICATION_BAND;
  const progress = options.onProgress ?? (() => {});

  const keys = profile.tables.flatMap((t) => keyCandidates(t, useDeclared));
  const declared = useDeclared ? declaredJoinEdges(profile, (reason) => progress(`skipped a declared key: ${reason}`)) : [];
  const declaredFrom = new Set(declared.map((e) => referencing(e.fromTable, e.fromColumns)));
  progress(`${keys.length} key candidates in ${profile.tables.length} tables`);

  const floor = options.adjudicator ? Math.min(low, minConfidence) : minConfidence;
  const single = bestReferences(profile, keys, declaredFrom, floor);
  progress(`${single.candidatePairs} column pairs, ${single.afterPruning} after pruning, ${single.best.length} candidate references`);

  const candidates = single.best.map(toEdge);
  const chosenFrom = new Set([...declaredFrom, ...candidates.map((e) => referencing(e.fromTable, e.fromColumns))]);
  const unreferenced = profile.tables.flatMap((table) =>
    table.columns.filter((column) => !chosenFrom.has(referencing(table.name, [column.name]))).map((column) => ({ table, column })),
  );
  candidates.push(...roleReferences(profile.tables, unreferenced, single.targets));
  candidates.push(...oneWay(compositeEdges(profile, keys, declaredFrom)));
  const joined = new Set([
    ...declaredFrom,
    ...[...declared, ...candidates].flatMap((e) => [referencing(e.fromTable, e.fromColumns), referencing(e.toTable, e.toColumns)]),
  ]);
  candidates.push(...sharedNameEdges(profile, joined));
  const judged = await adjudicate(candidates, profile, options, progress);
  // Declared keys win: an inferred edge that repeats one, or runs one backwards (two keys of one
  // set of values, 1:1, where the schema said which references which), is left out.
  const declaredPairs = new Set(declared.flatMap((e) => [endsOf(e), endsOf(e, true)]));
  const inferred = judged.edges.filter((e) => e.confidence >= minConfidence && !declaredPairs.has(endsOf(e)));
  progress(`${declared.length} declared and ${inferred.length} inferred join edges`);
  return {
    edges: [...declared, ...inferred].sort(byEdgeId),
    keys,
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

/**
 * Each column's best single-column reference at `floor` or above (`chooseTarget`), with the pairs
 * looked at and those left after pruning. Columns a declared key already covers are skipped.
 */
function bestReferences(profile: DatabaseProfile, keys: readonly KeyCandidate[], declaredFrom: ReadonlySet<string>, floor: number) {
  const targets = singleColumnTargets(profile, keys);
  const ownKeys = new Set(targets.filter((t) => t.own).map((t) => t.column));
  const prefixes = columnPrefixes(profile.tables);
  let candidatePairs = 0;
  let afterPruning = 0;
  const best: ScoredPair[] = [];
  const nameOf = nameMatches(targets);
  for (const table of profile.tables) {
    for (const from of table.columns) {
      const fromKind = valueKind(from);
      if (!fromKind || declaredFrom.has(referencing(table.name, [from.name]))) continue;
      const fromNames = fromName(from.name);
      const scored: ScoredPair[] = [];
      const referenceLike = fromNames.referenceLike;
      for (let i = 0; i < targets.length; i++) {
        const to = targets[i]!;
        if (to.column === from) continue;
        candidatePairs++;
        if (!passesPruning(from, fromKind, to, to.kind)) continue;
        afterPruning++;
        const { name, ceiling } = namePrior(from, table, to, prefixes, nameOf(fromNames, from.name, i), referenceLike);
        if (ceiling < floor) continue;
        const pair = scorePair(table, from, to, name, ownKeys.has(from));
        if (pair && pair.confidence >= floor) scored.push(pair);
      }
      const chosen = chooseTarget(scored);
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
function nameMatches(targets: readonly KeyTarget[]): (fromNames: FromName, from: string, target: number) => NameMatch {
  // Each key's name read once, not once per pair.
  const toNames = targets.map((to) => toName(to.table.name, to.column.name));
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
      found = preparedNameMatch(fromNames, toNames[target]!);
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
  progress: (message: string) => void,
): Promise<{ edges: JoinEdge[]; asked: number }> {
  const { adjudicator } = options;
  if (!adjudicator) return { edges: candidates, asked: 0 };
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const [low, high] = options.adjudicationBand ?? DEFAULT_ADJUDICATION_BAND;
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

/** Every single-column key candidate, as something a column can reference. */
function singleColumnTargets(profile: DatabaseProfile, keys: readonly KeyCandidate[]): Target[] {
  const tables = new Map(profile.tables.map((t) => [t.name, t]));
  const out: Target[] = [];
  const seen = new Set<string>();
  const firstOfTable = new Set<string>();
  for (const key of keys) {
    const own = !firstOfTable.has(key.table);
    firstOfTable.add(key.table);
    if (key.columns.length !== 1) continue;
    const table = tables.get(key.table)!;
    const column = table.columns.find((c) => c.name === key.columns[0]);
    const kind = column && valueKind(column);
    const id = `${key.table}\u0000${key.columns[0]}`;
    if (!column || !kind || seen.has(id)) continue;
    seen.add(id);
    out.push({ table, column, score: key.score, kind, own });
  }
  return out;
}

/**
 * The column's best target. Among near ties the tightest key wins (`A ⊆ B ⊆ C`: B), unless
 * several keys are equally tight and no name tells them apart (sibling tables sharing one key,
 * such as several `person_*` tables keyed by `businessentityid`): then the key its own table is
 * named after (`businessentity.businessentityid`) if one fits, else the tie stands, penalised.
 */
function chooseTarget(scored: ScoredPair[]): ScoredPair | undefined {
  if (scored.length === 0) return undefined;
  const top = Math.max(...scored.map((p) => p.confidence));
  const ties = scored.filter((p) => p.confidence >= top - NEAR_TIE);
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
  const owner = ties.find((p) => namedAfterTable(p.to.column.name, p.to.table.name));
  if (owner)
    return { ...owner, evidence: [...owner.evidence, `${rivals} sibling keys fit equally; ${owner.to.table.name} is named for the key`] };
  return { ...chosen, confidence: chosen.confidence - 0.1 * (rivals - 1), evidence: [...chosen.evidence, `${rivals} keys fit equally`] };
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

/**
 * References to composite keys: a table whose columns carry the same names as every column of
 * another table's two-column key (`lineitem(l_partkey, l_suppkey)` → `partsupp(ps_partkey,
 * ps_suppkey)`), with each column's values inside the key column's where sketches can tell.
 */
function compositeEdges(profile: DatabaseProfile, keys: readonly KeyCandidate[], declaredFrom: ReadonlySet<string>): JoinEdge[] {
  const tables = new Map(profile.tables.map((t) => [t.name, t]));
  const out: JoinEdge[] = [];
  for (const key of keys) {
    if (key.columns.length !== 2) continue;
    const target = tables.get(key.table)!;
    const keyColumns = key.columns.map((name) => target.columns.find((c) => c.name === name)!);
    for (const table of profile.tables) {
      if (table === target) continue;
      const matched = keyColumns.map((kc) =>
        table.columns.find((c) => nameMatch(c.name, target.name, kc.name).score === 1 && valueKind(c)?.kind === valueKind(kc)?.kind),
      );
      if (matched.some((c) => c === undefined) || matched[0] === matched[1]) continue;
      const fromColumns = matched.map((c) => c!.name);
      if (declaredFrom.has(referencing(table.name, fromColumns))) continue;
      // Names alone do not make a composite reference: tables often share a pair of key names
      // (`raceId, driverId`) without one holding the other's pairs.
      const checks = matched.map((c, i) => (c!.count > 0 ? estimateContainment(c!, keyColumns[i]!) : undefined));
      if (checks.some((c) => c === undefined || c.value < MIN_CONTAINMENT)) continue;
      out.push({
        id: joinEdgeId(table.name, fromColumns, target.name, key.columns),
        fromTable: table.name,
        fromColumns,
        toTable: target.name,
        toColumns: [...key.columns],
        origin: 'inferred',
        confidence: 0.8,
        evidence: [
          `same names as ${target.name}'s key (${key.columns.join(', ')})`,
          "each column's values inside the key column's",
          ...key.evidence,
        ],
      });
    }
  }
  return out;
}
