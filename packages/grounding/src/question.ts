import { createRequire } from 'node:module';
import { STOP_WORDS } from '@guided-retrieval/text';
import type model from 'wink-eng-lite-web-model';
import type winkNLP from 'wink-nlp';
import type { ItemToken } from 'wink-nlp';
import { DEMONYMS } from './lexicon/demonyms.js';
import type { QuestionToken } from './types.js';

type LanguageModel = ReturnType<typeof winkNLP>;

const require = createRequire(import.meta.url);
let nlp: LanguageModel | undefined;
/** The model's own vocabulary size: a word read later with an id at or past it is out of the vocabulary. */
let vocabulary = 0;

/**
 * wink-nlp with its English model, loaded on the first call: loading takes a tenth of a second,
 * so `GroundingIndex.build` calls this, and the first question does not pay for it. Importing
 * grounding loads nothing.
 */
export function loadLanguageModel(): LanguageModel {
  if (!nlp) {
    const create: typeof winkNLP = require('wink-nlp');
    const english: typeof model = require('wink-eng-lite-web-model');
    nlp = create(english);
    // wink-nlp numbers a word it does not know past its vocabulary, in the order met: the first
    // unknown word read (this probe, before any question) gets the vocabulary's size.
    vocabulary = Number(nlp.readDoc('qzxvjqzxvj').tokens().itemAt(0).out(nlp.its.uniqueId));
  }
  return nlp;
}

/**
 * The question's words and numbers with wink-nlp lemmas and our stop-word flags; punctuation and
 * symbols are dropped, and tokens are cut into alphanumeric runs as index keys are. The question
 * is read lower-cased, so that its capitalisation changes nothing ("Top Selling Artists", a title
 * in capitals): a word is a name when it holds a digit or a sign, when the model reads it as a
 * proper noun even in lower case, when the model's vocabulary does not know it (`metallica`,
 * `curitiba`), or when WordNet names it a place or its people (`china`, `indian`). Only `text` keeps the question's own spelling, for people to read.
 */
export function tokenizeQuestion(question: string): QuestionToken[] {
  const nlp = loadLanguageModel();
  const its = nlp.its;
  const tokens: QuestionToken[] = [];
  const lowered = question.toLowerCase();
  // Where each word sits, to show it as written: only when lower-casing kept every character in place.
  const aligned = lowered.length === question.length;
  let cursor = 0;
  nlp
    .readDoc(lowered)
    .tokens()
    .each((token: ItemToken) => {
      const read = token.out();
      const at = lowered.indexOf(read, cursor);
      if (at >= 0) cursor = at + read.length;
      const type = token.out(its.type);
      if (type !== 'word' && type !== 'number' && type !== 'email' && type !== 'url') return;
      const text = aligned && at >= 0 ? question.slice(at, at + read.length) : read;
      const lemma = String(token.out(its.lemma as never)).toLowerCase();
      const pos = String(token.out(its.pos));
      const entity = token.parentEntity()?.out(its.type);
      const unknown = Number(token.out(its.uniqueId)) >= vocabulary;
      const runs = read.split(/[^a-z0-9]+/).filter(Boolean);
      for (const run of runs) {
        tokens.push({
          text: runs.length === 1 ? text : run,
          lower: run,
          lemma: runs.length === 1 ? lemma.replace(/[^a-z0-9]/g, '') || run : run,
          stopWord: STOP_WORDS.has(run),
          pos,
          name: /[\d/&]/.test(read) || pos === 'PROPN' || (unknown && type === 'word') || PLACE_WORDS.has(run),
          ...(entity ? { entity: String(entity) } : {}),
        });
      }
    });
  markSortingWords(tokens);
  return tokens;
}

/** Places and their demonyms as WordNet's pertainyms name them ("china", "chinese"): names, however written. */
const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(DEMONYMS).filter((w) => /^[a-z]+$/.test(w)),
  ...Object.values(DEMONYMS)
    .flat()
    .filter((w) => /^[a-z]+$/.test(w) && w.length > 2),
]);

/**
 * Whether `word` is a month's name (`march`, `may`, `sep`): wink-nlp reads "1 <word> 2020" as one
 * date. A weekday, a season, `today` or a length of time (`year`, `week`) makes no such date.
 * Asked once per word.
 */
export function isMonthName(word: string): boolean {
  let known = MONTH_NAMES.get(word);
  if (known === undefined) {
    const nlp = loadLanguageModel();
    const probe = `1 ${word} 2020`;
    const entities = nlp.readDoc(probe).entities();
    known = entities.length() === 1 && entities.itemAt(0).out(nlp.its.type) === 'DATE' && entities.itemAt(0).out() === probe;
    MONTH_NAMES.set(word, known);
  }
  return known;
}

const MONTH_NAMES = new Map<string, boolean>();

/** Words that say how to sort ("in descending order", "order by", "ranked by"), not what to read. */
const SORTING_WORDS = new Set(['order', 'ordered', 'sort', 'sorted']);
const SORT_MANNERS = new Set([
  'ascending',
  'descending',
  'alphabetical',
  'alphabetic',
  'chronological',
  'reverse',
  'numerical',
  'numeric',
  'number',
  'increasing',
  'decreasing',
  'random',
]);

function markSortingWords(tokens: QuestionToken[]): void {
  tokens.forEach((token, i) => {
    if (!SORTING_WORDS.has(token.lower)) return;
    const before = tokens[i - 1]?.lower ?? '';
    const after = tokens[i + 1]?.lower ?? '';
    if (after === 'by' || SORT_MANNERS.has(before)) token.stopWord = true;
  });
}
