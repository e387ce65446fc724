import winkNLP, { type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { STOP_WORDS } from './lexicon/stop-words.js';
import type { QuestionToken } from './types.js';

let nlp: ReturnType<typeof winkNLP> | undefined;

/** Loaded on first use: building the model takes a few tens of milliseconds. */
function engine(): ReturnType<typeof winkNLP> {
  nlp ??= winkNLP(model);
  return nlp;
}

/**
 * The question's words and numbers with wink-nlp lemmas and our stop-word flags; punctuation and
 * symbols are dropped, and tokens are cut into alphanumeric runs as index keys are.
 */
export function tokenizeQuestion(question: string): QuestionToken[] {
  const nlp = engine();
  const its = nlp.its;
  const tokens: QuestionToken[] = [];
  nlp.readDoc(question).tokens().each((token: ItemToken) => {
    const type = token.out(its.type);
    if (type !== 'word' && type !== 'number' && type !== 'email' && type !== 'url') return;
    const text = token.out();
    const lemma = String(token.out(its.lemma as never)).toLowerCase();
    const runs = text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    for (const run of runs) {
      tokens.push({
        text: runs.length === 1 ? text : run,
        lower: run,
        lemma: runs.length === 1 ? lemma.replace(/[^a-z0-9]/g, '') || run : run,
        stopWord: STOP_WORDS.has(run),
      });
    }
  });
  return tokens;
}
