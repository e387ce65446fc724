/**
 * What a match landed on: a table's name, a column's name, an alias of either, or a sampled value;
 * or, through the measures lexicon (`measures.ts`), a money-like column or fact table an amount or
 * count word points at (`measure`), or a date column a year, month or date points at (`time`).
 */
export type MatchKind = 'table' | 'column' | 'alias' | 'value' | 'measure' | 'time';

/** How the question's words were turned into the key that matched. */
export type VariantKind =
  | 'exact'
  | 'lemma'
  | 'singular'
  | 'plural'
  | 'abbreviation'
  | 'compound'
  | 'demonym'
  | 'synonym'
  | 'derived'
  | 'similar'
  | 'described';

export interface GroundingMatch {
  /** The question's words that matched, as written (`Indian`, `ship date`). */
  token: string;
  /** Token positions `[start, end)` in `GroundingResult.tokens`. */
  span: [number, number];
  /** The index key that matched (`india`, `ship date`). */
  variant: string;
  variantKind: VariantKind;
  table: string;
  column: string | null;
  kind: MatchKind;
  /** Share of the matched name's words that the key covers: 1 for a whole name or value. */
  coverage: number;
  /** Strength of the match in (0, 1]: kind × variant × coverage. */
  score: number;
  /** For a `similar` match: the word vectors' cosine similarity of the question word to `variant`. */
  similarity?: number;
}

export interface QuestionToken {
  text: string;
  lower: string;
  lemma: string;
  stopWord: boolean;
  /** wink-nlp's universal part of speech (`NOUN`, `VERB`, `ADJ`, `PROPN`…), read from the lower-cased question. */
  pos: string;
  /**
   * Spelled as a name, whatever its capitalisation: a digit or a sign in it (`AC/DC`, `A380`), a
   * proper noun, or a word the language model's vocabulary does not hold (`Metallica`, `Facello`).
   */
  name: boolean;
  /** The type of the wink-nlp entity the word lies in (`DATE`, `DURATION`, `TIME`, `MONEY`, `CARDINAL`…), if any. */
  entity?: string;
}

export interface GroundedTable {
  table: string;
  score: number;
  matches: number;
}

export interface EnrichmentStep {
  /** Whether hash grounding found fewer than `k` tables, so embeddings were consulted. */
  triggered: boolean;
  k: number;
  embedder: string | null;
  /** Tables added by similarity, best first. */
  added: { table: string; similarity: number }[];
}

/** A question word a table's matches cover, and the strongest of them. */
export interface WordEvidence {
  /** The word's position in `GroundingResult.tokens`. */
  word: number;
  score: number;
  match: GroundingMatch;
}

/** One table's evidence (`evidence.ts`): its strongest match per question word. */
export interface TableEvidence {
  table: string;
  /** Its strongest match's score. */
  best: number;
  /** Per word it covers, ordered by position. */
  words: WordEvidence[];
}

/** What the island sense (`island-sense.ts`) decided, for the trace. */
export interface IslandSenseStep {
  embedder: string;
  /** The islands that competed, each by its tables' best cosine similarity to the question. */
  competing: { tables: string[]; similarity: number }[];
}

/** Each table's strongest score after one stage (`stages/stage.ts`): what the trace shows per stage. */
export interface StageTrace {
  stage: string;
  /** Per table, its strongest match's score among the stage's candidates (settled ones once settled). */
  tables: Record<string, number>;
}

/** What the measures lexicon reads a question word as, when anything: what a choice among trees asks of a tree. */
export type WordCue = 'ranking' | 'amount' | 'count' | 'time' | 'period' | 'self-reference';

export interface GroundingResult {
  question: string;
  tokens: QuestionToken[];
  /** Matches that survive: for each word, only its strongest matches are kept. */
  matches: GroundingMatch[];
  /** Matches dropped because the same words matched something stronger. */
  weakerMatches: number;
  /**
   * Each table's strongest match per question word before settling (the chosen island's, the
   * lexicon's included), strongest tables first: what a choice among candidate trees weighs.
   */
  evidence: TableEvidence[];
  /** What each grounding stage (`stages/list.ts`) made of the evidence's and T0's tables: their strongest score after it. */
  stages: StageTrace[];
  /** T0 from hash matches, strongest first. */
  grounded: GroundedTable[];
  /**
   * Tables the question matched as strongly in another island of the join graph than T0's: set
   * aside, since no join path reaches them (strongest first).
   */
  elsewhere: {
    table: string;
    score: number;
    /** Named by its own name or an alias, by words the chosen island's matches leave unexplained. */
    byName: boolean;
  }[];
  enrichment: EnrichmentStep;
  /** When the question's words left islands close and a sentence model chose among them: each island's similarity. */
  islandSense?: IslandSenseStep;
  /** T0 after enrichment: the initial target tables. */
  initialTargets: string[];
  /**
   * Each token's cue as the measures lexicon reads it (null for most words; a ranking word within
   * `GroundingParams.rankingReach` of a word of trade ranks by events): what a choice among trees asks of a tree.
   */
  cues: (WordCue | null)[];
}
