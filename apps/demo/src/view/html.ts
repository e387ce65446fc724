/** Small pure helpers for the page's markup: escaping, and the question with its grounded words marked. */
import type { GroundingMatch } from '@guided-retrieval/grounding';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface QuestionSegment {
  text: string;
  /** The grounding matches of this stretch of the question; empty for plain text. */
  matches: GroundingMatch[];
}

/**
 * The question cut into plain and matched stretches, left to right. Matches of the same token
 * positions share one stretch; a match inside an already marked stretch (`ship` within
 * `ship date`) joins that stretch.
 */
export function questionSegments(question: string, matches: readonly GroundingMatch[]): QuestionSegment[] {
  const groups = new Map<string, GroundingMatch[]>();
  const sorted = [...matches].sort((a, b) => a.span[0] - b.span[0] || b.span[1] - a.span[1]);
  for (const m of sorted) {
    const key = `${m.span[0]}:${m.span[1]}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const lower = question.toLowerCase();
  const out: QuestionSegment[] = [];
  let cursor = 0;
  for (const group of groups.values()) {
    const token = group[0]!.token;
    const at = lower.indexOf(token.toLowerCase(), cursor);
    if (at < 0) {
      const last = [...out].reverse().find((s) => s.matches.length > 0 && s.text.toLowerCase().includes(token.toLowerCase()));
      last?.matches.push(...group);
      continue;
    }
    if (at > cursor) out.push({ text: question.slice(cursor, at), matches: [] });
    out.push({ text: question.slice(at, at + token.length), matches: [...group] });
    cursor = at + token.length;
  }
  if (cursor < question.length) out.push({ text: question.slice(cursor), matches: [] });
  return out;
}

export function matchTarget(m: GroundingMatch): string {
  return m.column ? `${m.table}.${m.column}` : m.table;
}

export function describeMatch(m: GroundingMatch): string {
  // Matches of the measures lexicon say which of its words it was: an amount or count word, a year, a month.
  const lexicon = m.kind === 'measure' || m.kind === 'time';
  const via = lexicon
    ? ` (${m.variant}, measures lexicon)`
    : m.variantKind === 'exact'
      ? ''
      : ` via ${m.variantKind} "${m.variant}"${m.similarity === undefined ? '' : ` (word vectors, ${m.similarity.toFixed(2)})`}`;
  return `${matchTarget(m)} (${m.kind} match${via}, score ${m.score.toFixed(2)})`;
}

/** The question as HTML, each grounded stretch a `<mark>` that says what it matched. */
export function questionHtml(question: string, matches: readonly GroundingMatch[]): string {
  return questionSegments(question, matches)
    .map((s) => {
      if (s.matches.length === 0) return escapeHtml(s.text);
      const what = s.matches.map(describeMatch).join('; ');
      const targets = [...new Set(s.matches.map(matchTarget))].join(', ');
      return `<mark class="grounded" data-token="${escapeHtml(s.text)}" title="${escapeHtml(what)}">${escapeHtml(s.text)}<sub>${escapeHtml(targets)}</sub></mark>`;
    })
    .join('');
}

const DETERMINISTIC_LABELS: Readonly<Record<string, string>> = {
  fitted: 'no LLM · fitted choice among candidate join trees',
  heuristic: 'no LLM · heuristic choice of the join tree',
};

/**
 * The page's mode badge: what decides the tables (steps 5–6 and 8), from the server's
 * `disambiguator` or a result's `trace.disambiguation.by` (the same name): a deterministic
 * disambiguator, or the model configured with `--llm`.
 */
export function disambiguatorLabel(by: string): string {
  if (by.startsWith('llm:')) return `LLM: ${by.slice('llm:'.length)}`;
  return DETERMINISTIC_LABELS[by] ?? `decided by ${by}`;
}

export const ms = (n: number | undefined) => `${(n ?? 0).toFixed(2)} ms`;
