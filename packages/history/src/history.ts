/**
 * What a team's SQL taught, as a value: its entries (deduplicated, in a canonical order, so the
 * same statements learned in any order make the same history) and the indexes retrieval asks —
 * past questions like a new one, and how often a tree, a pair of tables or a join is used.
 *
 * Similarity is lexical: the questions' word keys (`words.ts`), each weighted by its smoothed
 * inverse document frequency over the past questions, compared by cosine — 1 for the same words,
 * 0 for none shared — through an inverted index, so a question costs the postings of its own
 * words, not a scan of the history.
 */
import { compareText, joinKey } from './join-key.js';
import type { HistoryEntry, JoinSides, LearnedJoin } from './types.js';
import { questionWordKeys, questionWords } from './words.js';

/** A past question like the one asked, with the tables and joins its SQL used. */
export interface SimilarQuestion {
  question: string;
  /** Cosine of the two questions' IDF-weighted words, in [0, 1]. */
  similarity: number;
  entry: HistoryEntry;
}

/** A set of tables the nearest past questions read, with the similarity of those that read it summed. */
export interface SimilarTree {
  /** Distinct, sorted. */
  tables: string[];
  /** The sum of the similarities of the past questions (among the `k` nearest) that read exactly these tables. */
  score: number;
  /** Those questions, most similar first. */
  questions: SimilarQuestion[];
}

/** A join the learned SQL makes, and in how many entries. */
export interface JoinUsage {
  join: LearnedJoin;
  count: number;
}

/** What `History.with` did: the new history, and how many of the entries were new. */
export interface Merged {
  history: History;
  added: number;
  duplicates: number;
}

/** Similarities rounded to 1e-9: the same words give exactly 1, and a float's last bits never order two questions. */
const SIMILARITY_PRECISION = 1e9;

const entryKey = (e: HistoryEntry) => `${e.question ?? ''}\u0000${e.fingerprint}`;
const treeKey = (tables: readonly string[]) => [...new Set(tables.map((t) => t.toLowerCase()))].sort(compareText).join('\u0000');
const pairKey = (a: string, b: string) => [a.toLowerCase(), b.toLowerCase()].sort(compareText).join('\u0000');

function canonical(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const byKey = new Map<string, HistoryEntry>();
  for (const e of entries) if (!byKey.has(entryKey(e))) byKey.set(entryKey(e), e);
  return [...byKey].sort(([a], [b]) => compareText(a, b)).map(([, e]) => e);
}

export class History {
  /** Deduplicated (the same question and statement once), sorted by question then fingerprint. */
  readonly entries: readonly HistoryEntry[];
  /** Whether values were hashed when it was learned (`hashValues`): learning more hashes them too. */
  readonly hashValues: boolean;
  private readonly postings = new Map<string, Int32Array>();
  private readonly idf = new Map<string, number>();
  /** Per entry, the norm of its weighted words (0 for an entry without a question). */
  private readonly norms: Float64Array;
  private readonly scratch: Float64Array;
  private readonly unseenIdf: number;
  private readonly trees = new Map<string, number>();
  private readonly pairs = new Map<string, number>();
  private readonly joinCounts = new Map<string, JoinUsage>();

  private constructor(entries: readonly HistoryEntry[], hashValues: boolean) {
    this.entries = canonical(entries);
    this.hashValues = hashValues;
    const words = this.entries.map((e) => (e.question === undefined ? [] : questionWords(e.question)));
    const lists = new Map<string, number[]>();
    words.forEach((ws, i) => {
      for (const w of ws) {
        const list = lists.get(w);
        if (list === undefined) lists.set(w, [i]);
        else list.push(i);
      }
    });
    const asked = words.filter((ws) => ws.length > 0).length;
    // Smoothed IDF (as scikit-learn's): a word in every question weighs 1, one never seen the most.
    const weight = (df: number) => Math.log((asked + 1) / (df + 1)) + 1;
    this.unseenIdf = weight(0);
    for (const [w, list] of lists) {
      this.postings.set(w, Int32Array.from(list));
      this.idf.set(w, weight(list.length));
    }
    this.norms = Float64Array.from(words, (ws) => Math.sqrt(ws.reduce((s, w) => s + (this.idf.get(w) ?? 0) ** 2, 0)));
    this.scratch = new Float64Array(this.entries.length);
    for (const e of this.entries) {
      const tree = treeKey(e.tables);
      this.trees.set(tree, (this.trees.get(tree) ?? 0) + 1);
      const distinct = [...new Set(e.tables.map((t) => t.toLowerCase()))];
      for (let i = 0; i < distinct.length; i++)
        for (let j = i; j < distinct.length; j++) {
          const key = pairKey(distinct[i]!, distinct[j]!);
          this.pairs.set(key, (this.pairs.get(key) ?? 0) + 1);
        }
      for (const join of e.joins) {
        const key = joinKey(join);
        const usage = this.joinCounts.get(key);
        if (usage === undefined) this.joinCounts.set(key, { join, count: 1 });
        else usage.count++;
      }
    }
  }

  /** A history of these entries (duplicates dropped). */
  static of(entries: readonly HistoryEntry[], options: { hashValues?: boolean } = {}): History {
    return new History(entries, options.hashValues ?? false);
  }

  static empty(options: { hashValues?: boolean } = {}): History {
    return new History([], options.hashValues ?? false);
  }

  /** This history with `entries` added: one already held (the same question and statement) is not added twice. */
  with(entries: readonly HistoryEntry[]): Merged {
    const known = new Set(this.entries.map(entryKey));
    const fresh = canonical(entries).filter((e) => !known.has(entryKey(e)));
    return {
      history: fresh.length === 0 ? this : new History([...this.entries, ...fresh], this.hashValues),
      added: fresh.length,
      duplicates: entries.length - fresh.length,
    };
  }

  /** How many statements it holds (each distinct question and statement once). */
  get statements(): number {
    return this.entries.length;
  }

  /** How many of them came with a question. */
  get questions(): number {
    let n = 0;
    for (const norm of this.norms) if (norm > 0) n++;
    return n;
  }

  /**
   * The `k` past questions most like `question`, most similar first (ties in the history's order),
   * each sharing at least one word with it.
   */
  similar(question: string, k: number): SimilarQuestion[] {
    if (k <= 0) return [];
    // Each word once, under the key the history knows it by (its hash's, for a hashed value).
    const words = new Set(questionWordKeys(question, this.hashValues).map((keys) => keys.find((k) => this.idf.has(k)) ?? keys.at(-1)!));
    let queryNorm = 0;
    const touched: number[] = [];
    for (const w of words) {
      const idf = this.idf.get(w);
      queryNorm += (idf ?? this.unseenIdf) ** 2;
      const list = this.postings.get(w);
      if (idf === undefined || list === undefined) continue;
      const square = idf * idf;
      for (const i of list) {
        if (this.scratch[i] === 0) touched.push(i);
        this.scratch[i]! += square;
      }
    }
    const top: { i: number; s: number }[] = [];
    const norm = Math.sqrt(queryNorm);
    for (const i of touched) {
      const s = Math.min(1, Math.round((this.scratch[i]! / (norm * this.norms[i]!)) * SIMILARITY_PRECISION) / SIMILARITY_PRECISION);
      this.scratch[i] = 0;
      if (top.length === k && !better(s, i, top[k - 1]!)) continue;
      let at = top.length;
      while (at > 0 && better(s, i, top[at - 1]!)) at--;
      top.splice(at, 0, { i, s });
      if (top.length > k) top.pop();
    }
    return top.map(({ i, s }) => {
      const entry = this.entries[i]!;
      return { question: entry.question ?? '', similarity: s, entry };
    });
  }

  /**
   * The trees (sets of tables) the `k` past questions most like `question` read, each scored by
   * the summed similarity of the questions that read it: a tree several near questions agree on
   * outranks one a single nearer question read. Best first (ties: the nearest question's order).
   */
  similarTrees(question: string, k: number): SimilarTree[] {
    const trees = new Map<string, SimilarTree>();
    for (const s of this.similar(question, k)) {
      const key = treeKey(s.entry.tables);
      const tree = trees.get(key);
      if (tree === undefined)
        trees.set(key, { tables: [...new Set(s.entry.tables)].sort(compareText), score: s.similarity, questions: [s] });
      else {
        tree.score = Math.round((tree.score + s.similarity) * SIMILARITY_PRECISION) / SIMILARITY_PRECISION;
        tree.questions.push(s);
      }
    }
    // Stable: a tie keeps the order of the trees' nearest questions.
    return [...trees.values()].sort((a, b) => b.score - a.score);
  }

  /** How many entries read exactly this set of tables (case-insensitive; a table in two roles is one member of the set). */
  treeUsage(tables: readonly string[]): number {
    return this.trees.get(treeKey(tables)) ?? 0;
  }

  /** How many entries read both tables; `tableCoUsage(a, a)`: how many read `a`. */
  tableCoUsage(a: string, b: string): number {
    return this.pairs.get(pairKey(a, b)) ?? 0;
  }

  /** How many entries join these columns, in either direction (a composite edge: all its column pairs together). */
  joinUsage(edge: JoinSides): number {
    return this.joinCounts.get(joinKey(edge))?.count ?? 0;
  }

  /** Every join the entries make, most used first (then by its sides), with its count: joins the graph may lack. */
  joins(): JoinUsage[] {
    return [...this.joinCounts]
      .sort(([ka, a], [kb, b]) => b.count - a.count || compareText(ka, kb))
      .map(([, usage]) => ({ join: usage.join, count: usage.count }));
  }
}

function better(s: number, i: number, than: { i: number; s: number }): boolean {
  return s > than.s || (s === than.s && i < than.i);
}
