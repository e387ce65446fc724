/**
 * Step 6 of the heuristic disambiguator: targets the question names that the tree does not need
 * as tables of their own — their key is already held by a reference, or they are only counted
 * or grouped by through a link table, or they are a copy matched by the same words as the original.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { identifierWords } from '@guided-retrieval/profiler/internal';
import { defaultHeuristicParams, type HeuristicParams } from './params.js';

/**
 * Targets whose every match is their key column ("business id"), or their name inside the words
 * that matched the key ("business" in "business id"), when the source or another target holds a
 * reference to that key.
 */
export function keyMentionsCovered(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  const covered: string[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    const holders = [source, ...targets].filter((h) => h !== t && !covered.includes(h));
    // The key columns the tree's references point at (declared or inferred: a key need not be declared).
    const keys = new Set(
      holders.flatMap((h) =>
        graph
          .outEdges(h)
          .filter((e) => e.toTable === t && e.toColumns.length === 1)
          .map((e) => e.toColumns[0]!),
      ),
    );
    for (const key of keys) {
      const keySpans = matches.filter((m) => m.column === key).map((m) => m.span);
      if (keySpans.length === 0) continue;
      const inKey = (span: readonly [number, number]) => keySpans.some(([a, b]) => a <= span[0] && span[1] <= b);
      if (matches.every((m) => m.column === key || (m.kind === 'table' && inKey(m.span)))) {
        covered.push(t);
        break;
      }
    }
  }
  return covered;
}

const COUNT_CUES = [
  ['how', 'many'],
  ['number', 'of'],
  ['count', 'of'],
  ['numbers', 'of'],
];
const GROUP_CUES = new Set(['each', 'per', 'every']);

/**
 * Targets a link-table source references directly that the question only counts ("how many
 * keyphrases") or groups by ("each paper"), naming them by their table's name alone: the
 * link table's references hold their ids.
 */
export function countedThroughLink(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  if (grounding.matches.some((m) => m.table === source)) return [];
  const referenced = new Set(graph.outEdges(source).map((e) => e.toTable));
  const cued = countOrGroupCue(grounding);
  return targets.filter((t) => {
    const matches = grounding.matches.filter((m) => m.table === t);
    return referenced.has(t) && matches.length > 0 && matches.every((m) => m.kind === 'table' && cued(m.span[0]));
  });
}

/** Whether the question word at a position follows a count cue ("how many", "number of") or a group cue ("each", "per"). */
function countOrGroupCue(grounding: GroundingResult): (start: number) => boolean {
  const words = grounding.tokens.map((t) => t.lower);
  return (start) =>
    GROUP_CUES.has(words[start - 1] ?? '') || COUNT_CUES.some((cue) => cue.every((w, i) => words[start - cue.length + i] === w));
}

/** A target left out because a column of another table in the tree answers what the question asks of it. */
export interface HeldTarget {
  table: string;
  /** `table.column` of the tree that holds it. */
  heldBy: string;
}

/**
 * Targets the question only counts ("the number of reviews") or groups by ("for each airline")
 * by their table's name, when another table of the tree has a column named by that word which is
 * not its join to the target (`business.review_count`, `fare.fare_airline`): that column answers
 * the count or holds the group, so the target's own table adds nothing. A join column is no such
 * evidence: `countries.continent` holds ids, and "each continent" usually wants the name too.
 */
export function heldByColumn(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): HeldTarget[] {
  const cued = countOrGroupCue(grounding);
  const held: HeldTarget[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    if (matches.length === 0 || !matches.every((m) => m.kind === 'table' && cued(m.span[0]))) continue;
    const words = new Set(
      matches.flatMap((m) => grounding.tokens.slice(m.span[0], m.span[1]).flatMap((w) => [w.lower, w.lemma.toLowerCase()])),
    );
    const holders = [source, ...targets].filter((h) => h !== t && !held.some((x) => x.table === h));
    const found = holders.flatMap((h) => columnNamedBy(graph, h, t, words).map((c) => `${h}.${c}`))[0];
    if (found) held.push({ table: t, heldBy: found });
  }
  return held;
}

/** Columns of `holder` with one of `words` in their name, other than those joining it to `target`. */
function columnNamedBy(graph: ContextGraph, holder: string, target: string, words: ReadonlySet<string>): string[] {
  const joining = new Set(
    [
      ...graph
        .outEdges(holder)
        .filter((e) => e.toTable === target)
        .flatMap((e) => e.fromColumns),
      ...graph
        .inEdges(holder)
        .filter((e) => e.fromTable === target)
        .flatMap((e) => e.toColumns),
    ].map((c) => c.toLowerCase()),
  );
  return (graph.table(holder)?.columns ?? [])
    .filter(
      (c) =>
        !joining.has(c.name.toLowerCase()) &&
        identifierWords(c.name, { digits: 'split' }).some((w) => words.has(w) || words.has(singularOf(w))),
    )
    .map((c) => c.name);
}

/** `students` → `student`: enough to meet a question word's lemma. */
function singularOf(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Whether a copy was matched by words its original was not (`history` for `orders_hist`). */
export function namesOwnWords(grounding: GroundingResult, copy: string, original: string): boolean {
  const spans = (table: string) => new Set(grounding.matches.filter((m) => m.table === table).map((m) => `${m.span[0]}:${m.span[1]}`));
  const ofOriginal = spans(original);
  return [...spans(copy)].some((s) => !ofOriginal.has(s));
}

/** A target left out as one of a family of copies the question's words tell apart, or do not. */
export interface FamilyPruning {
  tables: string[];
  kept: string[];
}

/**
 * Tables that are one table under several namespaces or numbers (`CRYPTO_ETHEREUM.LOGS`,
 * `CRYPTO_BAND.LOGS`; `census_2015`, `census_2018`): the members whose own words (those the
 * family does not share) the question says most, and leaves unsaid least, are kept ("Ethereum
 * Classic" keeps `CRYPTO_ETHEREUM_CLASSIC`, "Ethereum" `CRYPTO_ETHEREUM`, "1995 to 2015" both
 * years). When no member's own words are said and there are more than `maxUntoldCopies`, only
 * the source (or the strongest grounded member) stays: the question does not say which copy —
 * unless it says a number they share ("sales in 1999" for twelve monthly copies of 1999).
 */
export function familyCopies(
  graph: ContextGraph,
  grounding: GroundingResult,
  source: string | null,
  targets: readonly string[],
  params: Pick<HeuristicParams, 'maxUntoldCopies'> = defaultHeuristicParams(),
): FamilyPruning[] {
  const families = new Map<string, string[]>();
  for (const t of source === null ? targets : [source, ...targets]) {
    const key = familyKey(graph, t);
    families.set(key, [...(families.get(key) ?? []), t]);
  }
  const said = new Set(grounding.tokens.flatMap((w) => [w.lower, w.lemma.toLowerCase()]));
  const order = new Map(grounding.grounded.map((g, i) => [g.table, i]));
  const out: FamilyPruning[] = [];
  for (const members of families.values()) {
    if (members.length < 2) continue;
    const words = members.map((m) => new Set(identifierWords(m, { digits: 'split' })));
    const shared = [...words[0]!].filter((w) => words.every((ws) => ws.has(w)));
    const scored = members.map((table, i) => {
      const own = [...words[i]!].filter((w) => !shared.includes(w));
      const hits = own.filter((w) => said.has(w) || said.has(singularOf(w))).length;
      return { table, hits, misses: own.length - hits };
    });
    const best = scored.reduce((a, b) => (b.hits > a.hits || (b.hits === a.hits && b.misses < a.misses) ? b : a));
    let kept: string[];
    if (best.hits > 0) kept = scored.filter((s) => s.hits === best.hits && s.misses === best.misses).map((s) => s.table);
    // "sales in 1999": a number the members share and the question says chose them all.
    else if (members.length > params.maxUntoldCopies && !shared.some((w) => /\d/.test(w) && said.has(w))) {
      const strongest = [...members].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : 1))[0]!;
      kept = [source !== null && members.includes(source) ? source : strongest];
    } else continue;
    // The source roots the tree: a family the question tells apart from it is left as it is.
    if (source !== null && members.includes(source) && !kept.includes(source)) continue;
    const dropped = members.filter((m) => !kept.includes(m));
    if (dropped.length > 0) out.push({ tables: dropped, kept });
  }
  return out;
}

/** A table's name with its namespace (`GraphTable.namespace`: `CRYPTO_BAND`) and numbers set aside: the same for every copy. */
function familyKey(graph: ContextGraph, name: string): string {
  const namespace = graph.table(name)?.namespace;
  return (namespace === undefined ? name : name.slice(namespace.length + 1)).toLowerCase().replace(/\d+/g, '#');
}

/** A target left out because one common word is all that points at it. */
export interface WeaklyHeld {
  table: string;
  word: string;
  /** Tables with a column named by that word, or named by it themselves. */
  tables: number;
  where: 'columns' | 'names';
}

const wordTables = new WeakMap<ContextGraph, { columns: Map<string, number>; names: Map<string, number> }>();

/**
 * How many tables of each island of the join graph carry each word in a column's name, and in
 * their own name (keyed `island:word`), counted once per graph: a warehouse's other databases say
 * nothing of how common a word is in this one.
 */
export function tablesPerWord(graph: ContextGraph): { columns: Map<string, number>; names: Map<string, number> } {
  let counts = wordTables.get(graph);
  if (!counts) {
    counts = { columns: new Map(), names: new Map() };
    const add = (map: Map<string, number>, island: number, words: Iterable<string>) => {
      for (const w of words) map.set(`${island}:${w}`, (map.get(`${island}:${w}`) ?? 0) + 1);
    };
    // A warehouse repeats its column names in every table: each name's words are worked out once.
    const wordsOfName = new Map<string, string[]>();
    const wordsOf = (name: string) => {
      let words = wordsOfName.get(name);
      if (!words) {
        words = identifierWords(name, { digits: 'split' }).map(singularOf);
        wordsOfName.set(name, words);
      }
      return words;
    };
    for (const table of graph.tables) {
      const island = graph.islandOf(table.name);
      const columnWords = new Set<string>();
      for (const c of table.columns) for (const w of wordsOf(c.name)) columnWords.add(w);
      add(counts.columns, island, columnWords);
      add(counts.names, island, new Set(wordsOf(table.name)));
    }
    wordTables.set(graph, counts);
  }
  return counts;
}

/**
 * Targets whose only evidence is one question word matching a column name, or a piece of their
 * own name, when at least `commonWordTables` tables of its island carry that word in a column
 * name ("time", "year", "status" in a warehouse), or in their name ("2014" of
 * `hospice_providers_2014`, `inpatient_charges_2014`, …): such a word may be asked of any of
 * them, and joining one in for it makes the tree bigger, not better. A word few tables carry, a
 * value, or a table's whole name is evidence enough.
 */
export function heldByCommonWord(
  graph: ContextGraph,
  grounding: GroundingResult,
  targets: readonly string[],
  params: Pick<HeuristicParams, 'commonWordTables'>,
): WeaklyHeld[] {
  const counts = tablesPerWord(graph);
  const weak: WeaklyHeld[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    const spans = new Set(matches.map((m) => `${m.span[0]}:${m.span[1]}`));
    const first = matches[0];
    if (!first || spans.size !== 1 || first.span[1] - first.span[0] !== 1) continue;
    const byColumn = matches.every((m) => m.kind === 'column' || m.kind === 'alias');
    const byNamePiece = matches.every((m) => m.kind === 'table' && m.coverage < 1);
    if (!byColumn && !byNamePiece) continue;
    const token = grounding.tokens[first.span[0]];
    if (!token) continue;
    const island = graph.islandOf(t);
    const map = byColumn ? counts.columns : counts.names;
    const count = (w: string) => map.get(`${island}:${singularOf(w)}`) ?? 0;
    const tables = Math.max(count(token.lemma.toLowerCase()), count(token.lower));
    if (tables >= params.commonWordTables) weak.push({ table: t, word: token.text, tables, where: byColumn ? 'columns' : 'names' });
  }
  return weak;
}
