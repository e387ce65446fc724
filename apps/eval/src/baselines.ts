/**
 * The baselines measured beside the retriever, in the same run and on the same graphs:
 *
 * - `all-tables`: every table of the database (perfect recall, the precision floor).
 * - `bm25-top3`, `bm25-top5`: Okapi BM25 (okapibm25, k1 = 1.2, b = 0.75) over one document per
 *   table, the top k.
 * - `embedding-top3`, `embedding-top5`: cosine similarity between the question's embedding and
 *   one embedding per table, the top k.
 *
 * The table text (`tableText`) is the table's name, aliases and description, then for each column
 * its name, aliases and description, identifiers split on `_` and camelCase. BM25 reads it through
 * `bm25Tokens`: NFKD without diacritics, lower case, runs of [a-z0-9], English stop words removed,
 * no stemming. The question goes through the same function; each distinct question token is one
 * query term, counted once. Terms match whole tokens only (okapibm25 matches by substring, so
 * every token is written between spaces on both sides).
 *
 * Ranking, for both: score descending, ties by the table's position in the graph. Every table is
 * ranked, so a table with score 0 (nothing in common with the question) still fills the top k,
 * after every table with a positive score; a question with no usable words gets the first k
 * tables. A database with fewer than k tables returns all of them. Deterministic: no randomness,
 * and the offline embedder is deterministic.
 */

import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import { cosineSimilarity, type Embedder } from '@guided-retrieval/llm-adapters';
import { identifierWords } from '@guided-retrieval/text';
import okapi from 'okapibm25';

export interface Baseline {
  readonly name: string;
  retrieve(question: string): Promise<string[]>;
}

type Bm25Function = (documents: string[], keywords: string[], constants?: { b?: number; k1?: number }) => number[] | unknown[];

/** okapibm25 is CommonJS with `exports.default`: Node's ESM loader hands over the exports object. */
const bm25: Bm25Function = (() => {
  const candidate: unknown = okapi;
  if (typeof candidate === 'function') return candidate as Bm25Function;
  const inner = (candidate as { default?: unknown } | null)?.default;
  if (typeof inner === 'function') return inner as Bm25Function;
  throw new Error('okapibm25: no BM25 function among its exports');
})();

/** Every table, then BM25 top 3 and 5, then embedding top 3 and 5. Embeds the tables once. */
export async function createBaselines(graph: ContextGraph, embedder: Embedder): Promise<Baseline[]> {
  const tables = graph.tables.map((t) => t.name);
  const texts = graph.tables.map(tableText);
  const vectors = texts.length === 0 ? [] : await embedder.embed(texts);
  if (vectors.length !== texts.length) {
    throw new Error(`embedder ${embedder.id} returned ${vectors.length} vectors for ${texts.length} tables`);
  }

  const bm25Scores = bm25Scorer(texts);
  const embeddingScores = async (question: string): Promise<number[]> => {
    if (vectors.length === 0) return [];
    const [query] = await embedder.embed([question]);
    if (!query) throw new Error(`embedder ${embedder.id} returned no vector for the question`);
    return vectors.map((v) => cosineSimilarity(query, v));
  };

  const topK = (name: string, k: number, scores: (question: string) => number[] | Promise<number[]>): Baseline => ({
    name,
    async retrieve(question) {
      return rankByScore(tables, await scores(question)).slice(0, k);
    },
  });
  return [
    { name: 'all-tables', retrieve: async () => [...tables] },
    topK('bm25-top3', 3, bm25Scores),
    topK('bm25-top5', 5, bm25Scores),
    topK('embedding-top3', 3, embeddingScores),
    topK('embedding-top5', 5, embeddingScores),
  ];
}

/** BM25 scores of `texts` (one document each) for a question, as the baselines read them (see the file's comment). */
export function bm25Scorer(texts: readonly string[]): (question: string) => number[] {
  const documents = texts.map((text) => spaced(bm25Tokens(text)));
  return (question) => {
    if (documents.length === 0) return [];
    const terms = [...new Set(bm25Tokens(question))].map((t) => ` ${t} `);
    if (terms.length === 0) return documents.map(() => 0);
    return (bm25(documents, terms) as number[]).map((s) => (Number.isFinite(s) ? s : 0));
  };
}

/** `names` ordered by `scores` descending, ties (and non-finite scores, as 0) by position. */
export function rankByScore(names: readonly string[], scores: readonly number[]): string[] {
  const score = (i: number) => {
    const s = scores[i] ?? 0;
    return Number.isFinite(s) ? s : 0;
  };
  return names
    .map((name, i) => ({ name, i }))
    .sort((a, b) => score(b.i) - score(a.i) || a.i - b.i)
    .map((e) => e.name);
}

/** What BM25 and the embedder read about a table: names (identifiers split), aliases, descriptions. */
export function tableText(table: GraphTable): string {
  const parts: string[] = [spacedWords(table.name), ...table.aliases.map(spacedWords), table.description];
  for (const column of table.columns) {
    parts.push(spacedWords(column.name), ...column.aliases.map(spacedWords), column.description);
  }
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n');
}

/** An identifier's words, as the product reads them (`customer_ID` → `customer id`). */
export function spacedWords(identifier: string): string {
  return identifierWords(identifier, { digits: 'split', letters: 'any' }).join(' ');
}

/** Common English function words; never table content worth matching on. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our show that the their them then there these they this those to was we were what ' +
    'when where which who whom whose why will with would you your'
  ).split(' '),
);

/** Identifiers split, diacritics dropped, lower case, [a-z0-9] runs, stop words removed. */
export function bm25Tokens(text: string): string[] {
  const plain = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  return identifierWords(plain, { digits: 'split' }).filter((t) => !STOP_WORDS.has(t));
}

/** Tokens as okapibm25 sees them: each between spaces, so that a term only matches a whole token. */
function spaced(tokens: readonly string[]): string {
  return tokens.map((t) => ` ${t} `).join('');
}
