/**
 * The measures lexicon's words: amount words ("revenue", "spent"), count words ("popular",
 * "sold the most"), self-reference words ("manager"), years and months; and the column-name words
 * of money. Data, not tuning: what the words mean is English, not a fit to any schema.
 */
import { isMonthName } from './question.js';
import type { QuestionToken, WordCue } from './types.js';
import { wordVariants } from './variants.js';

/** Question words that ask for an amount of money (base forms: a word is matched by its lemma or singular too). */
const AMOUNT_WORDS: ReadonlySet<string> = new Set([
  'revenue',
  'sale',
  'sell',
  'selling',
  'spend',
  'spending',
  'pay',
  'payment',
  'cost',
  'price',
  'amount',
  'earn',
  'earnings',
  'income',
  'turnover',
  'money',
]);

/**
 * Column-name words of a money-like column. Listed by hand, not read from WordNet: its money
 * nouns (`noun.possession`) miss `total`, `subtotal`, `sale`, `paid`, `spent`, and hold `loan`,
 * `stock`, `property`, `budget`… which the schemas spell as no money column.
 */
export const MONEY_COLUMN_WORDS: ReadonlySet<string> = new Set([
  'price',
  'amount',
  'total',
  'cost',
  'revenue',
  'sales',
  'sale',
  'payment',
  'paid',
  'fee',
  'charge',
  'salary',
  'income',
  'spend',
  'spent',
  'subtotal',
  'due',
  'balance',
  'freight',
  'commission',
  'tax',
  'discount',
  'wage',
  'earnings',
]);

/**
 * Money-column words that are a part of a sale's money, not what it brought in: an amount word
 * ("revenue", "spent") is answered by a price, amount or total, never by the freight or the tax.
 */
export const SECONDARY_MONEY_WORDS: ReadonlySet<string> = new Set([
  'freight',
  'tax',
  'discount',
  'commission',
  'fee',
  'charge',
  'due',
  'balance',
  'salary',
  'wage',
  'cost',
]);

/** Question words that ask which rows have the most events: a count over the fact table (base forms). */
const COUNT_WORDS: ReadonlySet<string> = new Set(['popular', 'popularity', 'busiest', 'bestselling', 'bestseller']);

/** Words for the row a table's reference to itself points at: the employee's manager, the category's parent (base forms). */
const SELF_REFERENCE_WORDS: ReadonlySet<string> = new Set(['manager', 'boss', 'supervisor', 'superior', 'parent']);

/** The entities wink-nlp marks a date or a time of day in ("March 2020", "from June to August", "Monday morning"). */
const DATE_ENTITIES: ReadonlySet<string> = new Set(['DATE', 'DURATION', 'TIME']);

/**
 * What a time word is: a year (`2013`), or a month (`March`) in a date wink-nlp found in the
 * question — "May" in "sales in May 2013" is one, in "May I see" none; "March" in "3 for March",
 * no date, none.
 */
export function timeWord(token: QuestionToken): { year: number | null } | null {
  const t = token.lower;
  if (/^(19|20)\d\d$/.test(t)) return { year: Number(t) };
  if (token.entity !== undefined && DATE_ENTITIES.has(token.entity) && /^[a-z]+$/.test(t) && isMonthName(t)) return { year: null };
  return null;
}

/**
 * Whether `words` holds the token's word in a form it is looked up by — as written, its lemma, its
 * singular: "managers", "Managers" (read as a name, no lemma) and "paid" are manager and pay.
 */
function hasWord(words: ReadonlySet<string>, token: QuestionToken): boolean {
  return wordVariants(token).some((v) => words.has(v.key));
}

/** An amount word: "revenue", "sold", "paid"; or the currency of a sum of money wink-nlp found ("50 USD", "fifty dollars"). */
export function isAmountWord(token: QuestionToken): boolean {
  return hasWord(AMOUNT_WORDS, token) || (token.entity === 'MONEY' && token.pos !== 'NUM' && /^[a-z]+$/.test(token.lower));
}

/** A self-reference word: "manager", "bosses". */
export function isSelfReferenceWord(token: QuestionToken): boolean {
  return hasWord(SELF_REFERENCE_WORDS, token);
}

/** Whether the lexicon has anything to say about the word at `i`: most questions have no such word. */
export function lexiconWord(tokens: readonly QuestionToken[], i: number): boolean {
  const token = tokens[i]!;
  return isAmountWord(token) || isCountWord(tokens, i) || isSelfReferenceWord(token) || timeWord(token) !== null;
}

/**
 * Whether the word at `i` is one the measures lexicon reads (an amount or a count word): its
 * readings by word vectors or synonyms are no reading of it (`sales` is no `product`).
 */
export function isMeasureWord(tokens: readonly QuestionToken[], i: number): boolean {
  return isAmountWord(tokens[i]!) || isCountWord(tokens, i);
}

/** A count word, or "most" followed by no word ("sold the most", not "the most expensive"). */
export function isCountWord(tokens: readonly QuestionToken[], i: number): boolean {
  const token = tokens[i]!;
  if (hasWord(COUNT_WORDS, token)) return true;
  const next = tokens[i + 1];
  return token.lower === 'most' && (next === undefined || next.stopWord || !/\p{L}/u.test(next.text));
}

/** Words of a calendar period: "per month", "each quarter", "on weekends", "yearly" (base forms). */
const PERIOD_WORDS: ReadonlySet<string> = new Set([
  'year',
  'yearly',
  'annual',
  'annually',
  'month',
  'monthly',
  'quarter',
  'quarterly',
  'week',
  'weekly',
  'weekend',
  'weekday',
  'day',
  'daily',
  'date',
  'season',
  'holiday',
  'morning',
  'afternoon',
  'evening',
  'night',
  'hour',
  'hourly',
]);

/** A calendar period word: "monthly", "quarters", "weekends". */
export function isPeriodWord(token: QuestionToken): boolean {
  return hasWord(PERIOD_WORDS, token);
}

/** Words that rank ("best", "top", "most"): next to an amount word they rank by events ("best-selling", "top customers by revenue"). */
const RANKING_WORDS: ReadonlySet<string> = new Set([
  'best',
  'top',
  'most',
  'highest',
  'biggest',
  'largest',
  'leading',
  'worst',
  'least',
  'lowest',
]);

/** Words of trade that a ranking counts in events: selling, revenue, spending, ordering, renting (base forms). */
const TRADE_WORDS: ReadonlySet<string> = new Set([
  'sell',
  'sale',
  'selling',
  'revenue',
  'turnover',
  'spend',
  'spending',
  'spender',
  'buy',
  'buyer',
  'purchase',
  'order',
  'rent',
  'rental',
  'book',
  'booking',
]);

/**
 * A ranking by events: a count word ("most popular"), or a ranking word within `reach` words of a
 * word of trade ("best-selling artists", "top customers by revenue", "sold the most"): answered by
 * the table recording the events, not by a column of the table ranked.
 */
function ranksByEvents(tokens: readonly QuestionToken[], i: number, reach: number): boolean {
  if (isCountWord(tokens, i)) return true;
  if (!hasWord(TRADE_WORDS, tokens[i]!)) return false;
  for (let j = Math.max(0, i - reach); j <= Math.min(tokens.length - 1, i + reach); j++)
    if (hasWord(RANKING_WORDS, tokens[j]!)) return true;
  return false;
}

/** Each token's cue (null for most words); `reach` is `GroundingParams.rankingReach`. */
export function wordCues(tokens: readonly QuestionToken[], reach: number): (WordCue | null)[] {
  return tokens.map((token, i) =>
    timeWord(token) !== null
      ? 'time'
      : ranksByEvents(tokens, i, reach)
        ? 'ranking'
        : isAmountWord(token)
          ? 'amount'
          : isCountWord(tokens, i)
            ? 'count'
            : isSelfReferenceWord(token)
              ? 'self-reference'
              : isPeriodWord(token)
                ? 'period'
                : null,
  );
}

/** Every hand-made word list of the measures lexicon, by name: what `general-words.test.ts` checks against the benchmark schemas. */
export const MEASURE_WORD_LISTS: Readonly<Record<string, ReadonlySet<string>>> = {
  AMOUNT_WORDS,
  MONEY_COLUMN_WORDS,
  SECONDARY_MONEY_WORDS,
  COUNT_WORDS,
  SELF_REFERENCE_WORDS,
  PERIOD_WORDS,
  RANKING_WORDS,
  TRADE_WORDS,
};
