/**
 * The keys a schema name is findable by: the whole name in each spelling (exact, singular, with
 * abbreviations expanded or contracted, glued), and, for names of several words, each word alone
 * with its share of the name as coverage.
 */

import type { ContextGraph } from '@guided-retrieval/context-graph';
import { abbreviationsOf, COMPOUND_WORDS, expansionsOf, singular } from '@guided-retrieval/text';
import { segmentCompound, splitIdentifier } from './identifiers.js';
import type { GroundingParams } from './params.js';
import type { VariantKind } from './types.js';

/** A key, how it was derived from the name's spelling, and the share of the name's words it covers. */
export type NameKey = [key: string, kind: VariantKind, coverage: number];

/** The spellings of one word: as written, singular, abbreviated or expanded, synonyms. */
type Forms = (word: string) => [string, VariantKind][];

/**
 * A function giving every key of a name, each name's and each word's keys worked out once: a
 * warehouse repeats names (`status`, `customer_id` in hundreds of tables).
 */
export function nameKeys(
  vocabulary: ReadonlySet<string>,
  synonyms: (word: string) => readonly string[],
  dictionary: ReadonlySet<string> | undefined,
  params: GroundingParams,
  derived: (word: string) => readonly string[] = () => [],
): (name: string) => readonly NameKey[] {
  const formsOf = new Map<string, [string, VariantKind][]>();
  const forms: Forms = (word) => {
    let found = formsOf.get(word);
    if (!found) {
      found = wordForms(word, synonyms, derived, params.minSynonymWordLength);
      formsOf.set(word, found);
    }
    return found;
  };
  const keysOf = new Map<string, NameKey[]>();
  return (name) => {
    let keys = keysOf.get(name);
    if (!keys) {
      const found: NameKey[] = [];
      keysOfName(name, vocabulary, dictionary, forms, params, (key, kind, coverage) => found.push([key, kind, coverage]));
      keys = found;
      keysOf.set(name, keys);
    }
    return keys;
  };
}

function keysOfName(
  name: string,
  vocabulary: ReadonlySet<string>,
  dictionary: ReadonlySet<string> | undefined,
  forms: Forms,
  params: GroundingParams,
  emit: (key: string, kind: VariantKind, coverage: number) => void,
): void {
  const raw = splitIdentifier(name);
  // Capitals already mark where a camel-case name's words end (`ReportsTo` is "reports to", never
  // "rep orts"): only names written in one case are cut into glued words (`L_SHIPDATE`, `acctbal`).
  const camel = /[a-z]/.test(name) && /[A-Z]/.test(name);
  const words = camel ? raw : raw.flatMap((w) => segmentCompound(w, vocabulary, dictionary, params));
  if (words.length === 0) return;
  const segmented = words.length > raw.length;
  const glued = words.join('');
  emit(glued, 'exact', 1);
  emit(singular(glued), 'singular', 1);
  emit(raw.join(' '), 'exact', 1);
  for (const [form, kind] of wholeForms(words, forms, params.maxNameForms))
    emit(form, segmented && kind === 'exact' ? 'compound' : kind, 1);
  // A glued name is a word of its own too: `salespersons` is a "sales representative".
  if (segmented) for (const [form, kind] of forms(glued)) if (kind === 'synonym' || kind === 'derived') emit(form, kind, 1);
  if (words.length < 2) return;
  // A run of the name's words in order ("payment transactions" of payment_transactions_daily) says
  // more than its words one by one, and more than a word inside some value.
  // (Spider dev F1 +0.005, Spider-Syn +0.004, BIRD −0.001, BIRD-union −0.002, Spider-union +0.001.)
  for (let length = 2; length < words.length; length++) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      emit(run.join(' '), 'exact', length / words.length);
      emit([...run.slice(0, -1), singular(run[length - 1]!)].join(' '), 'singular', length / words.length);
    }
  }
  const share = 1 / words.length;
  for (const word of new Set(words)) {
    for (const [form, kind] of forms(word)) emit(form, segmented && kind === 'exact' ? 'compound' : kind, share);
  }
}

function wordForms(
  word: string,
  synonyms: (word: string) => readonly string[],
  derived: (word: string) => readonly string[],
  minSynonymWordLength: number,
): [string, VariantKind][] {
  const forms: [string, VariantKind][] = [
    [word, 'exact'],
    [singular(word), 'singular'],
  ];
  const expansions = expansionsOf(word);
  for (const expansion of expansions) forms.push([expansion, 'abbreviation']);
  for (const contraction of abbreviationsOf(word)) forms.push([contraction, 'abbreviation']);
  if (word.length >= minSynonymWordLength && /^[a-z]+$/.test(word)) {
    for (const base of [singular(word), ...expansions]) for (const synonym of synonyms(base)) forms.push([synonym, 'synonym']);
    // The verb a noun comes from (advisor → advise): what the question says was done names the table.
    for (const base of [singular(word), ...expansions]) for (const verb of derived(base)) forms.push([verb, 'derived']);
  }
  return forms;
}

/** The whole name in every combination of its words' forms, up to `maxForms` (`maxNameForms`). */
function wholeForms(words: readonly string[], wordForms: Forms, maxForms: number): [string, VariantKind][] {
  let forms: [string[], VariantKind][] = [[[], 'exact']];
  for (const word of words) {
    const next: [string[], VariantKind][] = [];
    for (const [prefix, kind] of forms) {
      for (const [form, formKind] of wordForms(word)) {
        if (next.length >= maxForms) break;
        // A synonym stands for its word alone: in a phrase of several it multiplies keys, not matches.
        if ((formKind === 'synonym' || formKind === 'derived') && words.length > 1) continue;
        next.push([[...prefix, form], formKind === 'exact' ? kind : kind === 'exact' ? formKind : kind]);
      }
    }
    forms = next;
  }
  return forms.map(([parts, kind]) => [parts.join(' '), kind]);
}

/**
 * Known words for compound splitting: the built-in vocabulary plus the words the schema itself
 * spells apart (`order_status` teaches `status`), unless they are glued compounds themselves.
 */
export function schemaVocabulary(
  graph: ContextGraph,
  dictionary: ReadonlySet<string> | undefined,
  params: GroundingParams,
): ReadonlySet<string> {
  const base = new Set(COMPOUND_WORDS);
  const words = new Set(base);
  // Each name once: a warehouse repeats its column names in every table.
  const names = new Set<string>();
  for (const t of graph.tables) {
    names.add(t.name);
    for (const c of t.columns) names.add(c.name);
  }
  for (const name of names) {
    const parts = splitIdentifier(name);
    if (parts.length < 2) continue;
    for (const part of parts) {
      if (part.length >= params.minSchemaWordLength && segmentCompound(part, base, dictionary, params).length === 1)
        words.add(singular(part));
    }
  }
  return words;
}

/** Words a description opens with that say nothing about what the column holds. */
const DESCRIPTION_FILLER = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'in',
  'on',
  'to',
  'and',
  'or',
  'by',
  'with',
  'this',
  'that',
  'is',
  'are',
  'field',
  'column',
  'value',
  'values',
]);

/**
 * A description's opening clause, filler words dropped, as a name (`Total precipitation (rain
 * and/or melted snow) reported…` → "total precipitation"); null when it has no word to offer.
 */
export function descriptionPhrase(description: string, params: GroundingParams): string | null {
  const clause = description.split(/[.;:,()[\]\n—–]|\s-\s/)[0] ?? '';
  const words = clause
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= params.minKeyLength && !DESCRIPTION_FILLER.has(w));
  if (words.length === 0) return null;
  return words.slice(0, params.maxDescriptionWords).join(' ');
}
