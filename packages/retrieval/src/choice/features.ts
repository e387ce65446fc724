/**
 * What the choice weighs in a candidate tree: question-level evidence, not per-table scores alone —
 * which of the question's words the tree's tables explain and which they leave unexplained (by
 * kind of match), how many of its tables explain nothing of their own, whether a measure asked
 * finds an event table and a time asked a date, and how far the tree strays from the heuristic's.
 * Each feature is a named function in `FEATURES`, in the order the weights file lists them.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult, QuestionToken, WordCue } from '@guided-retrieval/grounding';
import { PERSON_QUESTION } from '../roles.js';
import { type ClassedEvidence, classOf, EVIDENCE_CLASSES, type EvidenceClass, keyColumns } from './evidence-class.js';
import { counted, NAMING_KINDS, type NamingWord, namingLost, namingWords } from './naming.js';
import type { CandidateTree, PastTree } from './propose.js';

/** What every candidate of one question is weighed against, worked out once per question. */
export interface QuestionEvidence {
  graph: ContextGraph;
  /** Per table, its strongest match per word, with the match's class. */
  byTable: ReadonlyMap<string, ReadonlyMap<number, ClassedEvidence>>;
  /** Per evidenced word, its strongest evidence over all tables. */
  best: ReadonlyMap<number, ClassedEvidence>;
  cues: readonly (WordCue | null)[];
  tokens: readonly QuestionToken[];
  /** Tables only semantic enrichment added. */
  enriched: ReadonlySet<string>;
  /** The heuristic's tree's tables. */
  heuristic: ReadonlySet<string>;
  lookAlikes: { has(table: string): boolean };
  /** The calendar dimensions among the evidence (a time word's `time` matches without a column). */
  calendars: ReadonlySet<string>;
  /**
   * Tables a word names outright, by their name spelled as the schema does, as its strongest
   * evidence; true when the question only counts them ("how many films", "the most orders"): a
   * table holding their keys may answer that, while one it shows ("which actors") needs them.
   */
  named: ReadonlyMap<string, boolean>;
  /**
   * The words the question names something by, each with the tables that carry that naming among
   * the word's strongest readings: a table's name or a column's spelled as the schema does, or a
   * whole value of a column (`NAMING_CLASSES`). A tree keeps the word when it holds one of them.
   */
  naming: ReadonlyMap<number, NamingWord>;
  /** What the team's past questions say (none without a history). */
  past: PastEvidence;
}

/** The trees the nearest past questions read, and how often the team's SQL reads a set of tables. */
export interface PastEvidence {
  trees: readonly PastTree[];
  usage: (tables: readonly string[]) => number;
}

/** No history: no past tree, no usage. */
export const NO_PAST: PastEvidence = { trees: [], usage: () => 0 };

export function questionEvidence(
  graph: ContextGraph,
  grounding: GroundingResult,
  heuristic: readonly string[],
  lookAlikes: { has(table: string): boolean },
  /** `HeuristicParams.countingWordsBefore`. */
  countingWordsBefore: number,
  past: PastEvidence = NO_PAST,
): QuestionEvidence {
  const byTable = new Map<string, Map<number, ClassedEvidence>>();
  const best = new Map<number, ClassedEvidence>();
  const calendars = new Set<string>();
  const keys = keyColumns(graph);
  for (const t of grounding.evidence) {
    const words = new Map<number, ClassedEvidence>();
    for (const w of t.words) {
      const e = {
        score: w.score,
        kind: classOf(w, grounding.tokens, keys),
        whole: w.match.coverage >= 1 - 1e-9,
        phrase: w.match.span[1] - w.match.span[0] > 1,
      };
      words.set(w.word, e);
      if (w.match.kind === 'time' && w.match.column === null) calendars.add(t.table);
      const current = best.get(w.word);
      if (!current || e.score > current.score) best.set(w.word, e);
    }
    byTable.set(t.table, words);
  }
  const named = new Map<string, boolean>();
  for (const [table, words] of byTable)
    for (const [word, e] of words)
      if (e.kind === 'table-spelled' && e.score >= best.get(word)!.score - 1e-9)
        named.set(table, (named.get(table) ?? true) && counted(grounding.tokens, word, countingWordsBefore));
  return {
    graph,
    byTable,
    best,
    named,
    naming: namingWords(byTable, best, grounding.tokens, countingWordsBefore),
    past,
    cues: grounding.cues,
    tokens: grounding.tokens,
    enriched: new Set(grounding.enrichment.added.map((a) => a.table)),
    heuristic: new Set(heuristic),
    lookAlikes,
    calendars,
  };
}

/** A tree's view of the evidence: per word, the best its tables explain, and each table's own share. */
interface TreeView {
  q: QuestionEvidence;
  tree: CandidateTree;
  /** Per evidenced word, the strongest score among the tree's tables (0 when none explains it). */
  explained: Map<number, number>;
  /** Per table of the tree, what it explains that no other table of the tree explains as well. */
  unique: Map<string, number>;
}

function view(q: QuestionEvidence, tree: CandidateTree): TreeView {
  const explained = new Map<number, number>();
  const second = new Map<number, number>();
  for (const word of q.best.keys()) {
    let first = 0;
    let next = 0;
    for (const t of tree.tables) {
      const s = q.byTable.get(t)?.get(word)?.score ?? 0;
      if (s > first) {
        next = first;
        first = s;
      } else if (s > next) next = s;
    }
    explained.set(word, first);
    second.set(word, next);
  }
  const unique = new Map<string, number>();
  for (const t of tree.tables) {
    let own = 0;
    for (const [word, e] of q.byTable.get(t) ?? []) {
      if (e.score >= explained.get(word)! - 1e-9) own += e.score - second.get(word)!;
    }
    unique.set(t, own);
  }
  return { q, tree, explained, unique };
}

type Feature = (v: TreeView) => number;

/** The evidence the tree loses of the words whose strongest evidence is of class `kind`. */
function lostOf(kind: EvidenceClass): Feature {
  return ({ q, explained }) => {
    let lost = 0;
    for (const [word, b] of q.best) if (b.kind === kind) lost += b.score - explained.get(word)!;
    return lost;
  };
}

/** The tree's tables whose strongest evidence of their own is of class `kind`. */
function tablesBy(kind: EvidenceClass): Feature {
  return ({ q, tree }) =>
    tree.tables.filter((t) => {
      let top: ClassedEvidence | undefined;
      for (const e of q.byTable.get(t)?.values() ?? []) if (!top || e.score > top.score) top = e;
      return top?.kind === kind;
    }).length;
}

function asked(q: QuestionEvidence, cues: readonly WordCue[]): boolean {
  return q.cues.some((c) => c !== null && cues.includes(c));
}

/**
 * Where events are recorded (lines, invoices, rentals): a table the measures lexicon read an amount
 * or count word on (grounding's event tables: dated, referencing others), or one that references
 * two or more others.
 */
function eventLike(q: QuestionEvidence, table: string): boolean {
  for (const e of q.byTable.get(table)?.values() ?? []) if (e.kind === 'measure') return true;
  return factOf(q.graph, table).references >= 2;
}

const DATE_NAME = /(date|year|month|quarter|timestamp|datetime|day|time)$/i;

function dated(graph: ContextGraph, table: string): boolean {
  return factOf(graph, table).dated;
}

const PERSON_WORDS = new Set([...PERSON_QUESTION, 'people', 'person', 'persons', 'someone', 'anyone', 'everyone', 'staff']);

/** A table of people: a first and a last name, or a name with a birth date, gender, email or phone. */
function personLike(graph: ContextGraph, table: string): boolean {
  return factOf(graph, table).person;
}

/** What a table is, whatever the question: dated, a table of people, how many other tables it references. */
interface TableFacts {
  dated: boolean;
  person: boolean;
  references: number;
}

const FACTS = new WeakMap<ContextGraph, Map<string, TableFacts>>();

/** A table's facts, worked out once per graph (every candidate of every question asks them). */
function factOf(graph: ContextGraph, table: string): TableFacts {
  const byTable = FACTS.get(graph) ?? new Map<string, TableFacts>();
  FACTS.set(graph, byTable);
  let facts = byTable.get(table);
  if (!facts) {
    const columns = graph.table(table)?.columns ?? [];
    const names = columns.map((c) => c.name.toLowerCase().replace(/[^a-z]/g, ''));
    const has = (re: RegExp) => names.some((n) => re.test(n));
    facts = {
      dated: columns.some((c) => c.inferredType === 'date' || DATE_NAME.test(c.name)),
      person:
        (has(/first.?name|fname|given/) && has(/last.?name|lname|surname|family/)) || (has(/name$/) && has(/birth|gender|sex|email|phone/)),
      references: new Set(
        graph
          .outEdges(table)
          .map((e) => e.toTable)
          .filter((t) => t !== table),
      ).size,
    };
    byTable.set(table, facts);
  }
  return facts;
}

function asksForPeople(q: QuestionEvidence): boolean {
  return q.tokens.some((t) => PERSON_WORDS.has(t.lower));
}

function bridges(v: TreeView): string[] {
  return v.tree.tables.filter((t) => !v.q.byTable.has(t));
}

/** The features, by name, in the order the weights file lists them. */
export const FEATURES: ReadonlyArray<readonly [string, Feature]> = [
  ...EVIDENCE_CLASSES.map((c) => [`lost ${c}`, lostOf(c)] as const),
  ...EVIDENCE_CLASSES.map((c) => [`tables by ${c}`, tablesBy(c)] as const),
  ...NAMING_KINDS.map((k) => [`namingLost ${k}`, ({ q, tree }: TreeView) => namingLost(q.naming, tree.tables, k)] as const),
  ['pastTree', ({ q, tree }) => q.past.trees.find((t) => sameTables(t.tables, tree.tables))?.score ?? 0],
  ['pastNearest', ({ q, tree }) => q.past.trees.find((t) => sameTables(t.tables, tree.tables))?.similarity ?? 0],
  ['pastOverlap', ({ q, tree }) => pastOverlap(q.past.trees, tree.tables)],
  ['pastUsage', ({ q, tree }) => Math.log2(1 + q.past.usage(tree.tables))],
  ['unexplainedWords', ({ explained }) => [...explained.values()].filter((s) => s === 0).length],
  ['namedShownLeftOut', ({ q, tree }) => [...q.named].filter(([t, counted]) => !counted && !tree.tables.includes(t)).length],
  ['namedCountedLeftOut', ({ q, tree }) => [...q.named].filter(([t, counted]) => counted && !tree.tables.includes(t)).length],
  ['tables', ({ tree }) => tree.tables.length],
  ['single', ({ tree }) => (tree.tables.length === 1 ? 1 : 0)],
  ['bridges', (v) => bridges(v).length],
  ['hubBridges', (v) => bridges(v).reduce((sum, t) => sum + Math.log2(1 + v.q.graph.inDegree(t)), 0)],
  [
    'idleTables',
    ({ tree, unique, q }) => (tree.tables.length < 2 ? 0 : tree.tables.filter((t) => q.byTable.has(t) && unique.get(t)! <= 1e-9).length),
  ],
  ['heuristic', ({ tree }) => (tree.origin === 'heuristic' ? 1 : 0)],
  ['addedToHeuristic', ({ tree, q }) => tree.tables.filter((t) => !q.heuristic.has(t)).length],
  ['removedFromHeuristic', ({ tree, q }) => [...q.heuristic].filter((t) => !tree.tables.includes(t)).length],
  ['rankingWithEvent', ({ tree, q }) => (asked(q, ['ranking']) && tree.tables.some((t) => eventLike(q, t)) ? 1 : 0)],
  ['rankingWithoutEvent', ({ tree, q }) => (asked(q, ['ranking']) && !tree.tables.some((t) => eventLike(q, t)) ? 1 : 0)],
  ['amountWithEvent', ({ tree, q }) => (asked(q, ['amount', 'count']) && tree.tables.some((t) => eventLike(q, t)) ? 1 : 0)],
  ['amountWithoutEvent', ({ tree, q }) => (asked(q, ['amount', 'count']) && !tree.tables.some((t) => eventLike(q, t)) ? 1 : 0)],
  ['timeWithCalendar', ({ tree, q }) => (asked(q, ['time', 'period']) && tree.tables.some((t) => q.calendars.has(t)) ? 1 : 0)],
  [
    'timeWithoutDate',
    ({ tree, q }) => (asked(q, ['time', 'period']) && !tree.tables.some((t) => q.calendars.has(t) || dated(q.graph, t)) ? 1 : 0),
  ],
  ['peopleWithPerson', ({ tree, q }) => (asksForPeople(q) && tree.tables.some((t) => personLike(q.graph, t)) ? 1 : 0)],
  ['peopleWithoutPerson', ({ tree, q }) => (asksForPeople(q) && !tree.tables.some((t) => personLike(q.graph, t)) ? 1 : 0)],
  ['enrichedTables', ({ tree, q }) => tree.tables.filter((t) => q.enriched.has(t)).length],
  ['roles', ({ tree }) => tree.roles.length],
  ['reversedSteps', ({ tree }) => tree.reversed],
  ['lookAlikes', ({ tree, q }) => tree.tables.filter((t) => q.lookAlikes.has(t)).length],
];

export const FEATURE_NAMES: readonly string[] = FEATURES.map(([name]) => name);

/** The features a team's history gives (zero without one): fitted apart, over the features without them (`fit.ts`). */
export const PAST_FEATURES: readonly string[] = ['pastTree', 'pastNearest', 'pastOverlap', 'pastUsage'];

function sameTables(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** How much the past trees agree with `tables`: their Jaccard overlap with it, weighed by their scores. */
function pastOverlap(trees: readonly PastTree[], tables: readonly string[]): number {
  let weight = 0;
  let sum = 0;
  const mine = new Set(tables);
  for (const t of trees) {
    const common = t.tables.filter((x) => mine.has(x)).length;
    sum += t.score * (common / (t.tables.length + mine.size - common));
    weight += t.score;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** Each candidate's feature vector, in `FEATURE_NAMES` order. */
export function featureVectors(q: QuestionEvidence, trees: readonly CandidateTree[]): number[][] {
  return trees.map((tree) => {
    const v = view(q, tree);
    return FEATURES.map(([, f]) => f(v));
  });
}
