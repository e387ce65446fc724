/**
 * The naming words of a question: a word whose strongest reading names a table, a column or a whole
 * value, with every table carrying it — what the naming rule (`eligible.ts`) keeps and the
 * `namingLost <kind>` features count.
 */
import type { QuestionToken } from '@guided-retrieval/grounding';
import type { ClassedEvidence } from './evidence-class.js';

/** A word that names a table, a column or a whole value, and the tables that carry it. */
export interface NamingWord {
  /** What it names, as the rule and the features group them. */
  kind: NamingKind;
  tables: ReadonlySet<string>;
}

/**
 * What a naming word names: a table (listed or only counted), a column, a whole value spelled as a
 * name, or a whole value spelled as an everyday word ("beverages", "Rock"). A category column's values
 * were a kind of their own once: the fit weighed losing them as nothing, and the choice kept fewer.
 */
export const NAMING_KINDS = ['table', 'table-counted', 'column', 'value-name', 'value-word'] as const;
export type NamingKind = (typeof NAMING_KINDS)[number];

/** Words before a noun that count it ("how many films", "the number of orders", "the most tracks"). */
const COUNTING_WORDS = new Set(['many', 'number', 'count', 'most', 'more', 'fewer', 'least', 'few']);

/** Whether the word at `i` is counted: a counting word at most `before` words before it. */
export function counted(tokens: readonly QuestionToken[], i: number, before: number): boolean {
  for (let j = Math.max(0, i - before); j < i; j++) if (COUNTING_WORDS.has(tokens[j]!.lower)) return true;
  return false;
}

/** Which naming kind a word's evidence on one table is, if any. */
function namingKind(e: ClassedEvidence, counts: boolean): NamingKind | null {
  if (e.kind === 'table-spelled') return counts ? 'table-counted' : 'table';
  if (e.kind === 'column-spelled') return 'column';
  if (!e.whole) return null;
  if (e.kind === 'value-name') return 'value-name';
  if (e.kind === 'value-word') return 'value-word';
  return null;
}

/**
 * The naming words: a word whose strongest reading (within `NAMING_TIE` of it) names a table, a
 * column or a whole value, with every table that carries such a reading of it.
 */
export function namingWords(
  byTable: ReadonlyMap<string, ReadonlyMap<number, ClassedEvidence>>,
  best: ReadonlyMap<number, ClassedEvidence>,
  tokens: readonly QuestionToken[],
  countingWordsBefore: number,
): Map<number, NamingWord> {
  const out = new Map<number, { kind: NamingKind; tables: Set<string> }>();
  // A word some table reads as part of a column's whole name of several words ("customer id") is that column's word, not a table's name.
  const inPhrase = new Set<number>();
  for (const words of byTable.values())
    for (const [word, e] of words) if (e.phrase && e.whole && (e.kind === 'column-spelled' || e.kind === 'column-key')) inPhrase.add(word);
  for (const [table, words] of byTable)
    for (const [word, e] of words) {
      if (e.score < best.get(word)!.score - NAMING_TIE) continue;
      if (e.kind === 'table-spelled' && inPhrase.has(word)) continue;
      const kind = namingKind(e, counted(tokens, word, countingWordsBefore));
      if (!kind) continue;
      const entry = out.get(word);
      if (!entry) out.set(word, { kind, tables: new Set([table]) });
      else {
        entry.tables.add(table);
        // One word, several readings: the strongest kind (the order of NAMING_KINDS) names it.
        if (NAMING_KINDS.indexOf(kind) < NAMING_KINDS.indexOf(entry.kind)) entry.kind = kind;
      }
    }
  return out;
}

/** Readings of a word this close to its strongest count as its strongest. */
const NAMING_TIE = 1e-9;

/** How many naming words of `kind` the tree holds no carrying table of. */
export function namingLost(naming: ReadonlyMap<number, NamingWord>, tables: readonly string[], kind: NamingKind): number {
  let lost = 0;
  for (const w of naming.values()) if (w.kind === kind && !tables.some((t) => w.tables.has(t))) lost += 1;
  return lost;
}
