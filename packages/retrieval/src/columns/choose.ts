/**
 * Which columns a prompt shows, given what each costs in tokens and how likely the query reads it.
 * The prompt should hold every column the query reads; each shown column raises the log-chance of
 * that by `-ln(1 - likelihood)` (columns taken as independent), and costs its share of the whole
 * schema's tokens. So a likely column is worth showing when that gain is at least `price` times its
 * share; the columns the question needs are shown whatever their price. Offers are taken in order
 * (the needed ones as given, then the others by gain per token) until one does not fit the budget:
 * a tighter budget shows a part of what a looser one shows, never another column.
 */

/** A line a prompt may show. */
export interface Offer {
  /** Its tokens. */
  tokens: number;
  likelihood: number;
  /** Shown whatever the price, the budget allowing. */
  needed: boolean;
  /** A heading several offers share (a possible table's), paid by the first of them taken; none: null. */
  heading: string | null;
}

export interface ChoiceSettings {
  /** Tokens already spent (the prompt's skeleton). */
  spent: number;
  maxTokens: number;
  /** The whole schema's tokens in the same form: what a line's share is of. */
  schemaTokens: number;
  /** The `columnPrice` parameter. */
  price: number;
  /** Each heading's tokens. */
  headings: ReadonlyMap<string, number>;
}

/** What showing a column adds to the log-chance that the prompt holds every column the query reads. */
export function gain(likelihood: number): number {
  return -Math.log1p(-Math.min(likelihood, 1 - 1e-9));
}

/** The offers shown, as indices in the order taken (see the file's comment). */
export function chooseOffers(offers: readonly Offer[], settings: ChoiceSettings): number[] {
  const indexed = offers.map((offer, index) => ({ offer, index, ratio: gain(offer.likelihood) / Math.max(1, offer.tokens) }));
  const needed = indexed.filter((o) => o.offer.needed);
  const rest = indexed.filter((o) => !o.offer.needed).sort((a, b) => b.ratio - a.ratio || a.index - b.index);
  const opened = new Set<string>();
  const taken: number[] = [];
  let spent = settings.spent;
  for (const { offer, index } of [...needed, ...rest]) {
    const heading = offer.heading !== null && !opened.has(offer.heading) ? (settings.headings.get(offer.heading) ?? 0) : 0;
    const cost = offer.tokens + heading;
    if (!offer.needed && gain(offer.likelihood) * settings.schemaTokens < settings.price * cost) continue;
    if (spent + cost > settings.maxTokens) break;
    spent += cost;
    if (offer.heading !== null) opened.add(offer.heading);
    taken.push(index);
  }
  return taken;
}
