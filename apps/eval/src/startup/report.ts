/** The startup bench's results, and their table with each target met or not. */

/** Issue #40's targets, in milliseconds (the first question: a multiple of the p95 after it). */
export const TARGETS = { version: 150, help: 150, retrieve: 500, firstQuestionOverP95: 3, stop: 5000 } as const;

export interface ProcessTimes {
  minMs: number;
  medianMs: number;
  maxMs: number;
}

export interface StartupResults {
  bench: 'startup';
  date: string;
  commit: string | null;
  dirty: boolean | null;
  runs: number;
  /** Fresh processes run to their end: `node -e 0`, `guided --version`, `guided --help`, `guided retrieve (Chinook)`. */
  processes: Record<string, ProcessTimes>;
  firstQuestion: { database: string; questions: number; firstMs: number; p95Ms: number; serveMs: number }[];
  /** Milliseconds from the signal to the port freed; null: still listening after the bound. */
  stops: { form: string; signal: string; ms: number | null }[];
  targets: typeof TARGETS;
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The target a command is held to, by its name in `processes`. */
function targetOf(name: string): number | undefined {
  if (name === 'guided --version') return TARGETS.version;
  if (name === 'guided --help') return TARGETS.help;
  if (name.startsWith('guided retrieve')) return TARGETS.retrieve;
  return undefined;
}

export function startupMarkdown(results: StartupResults): string {
  const lines = [
    '# Startup: guided as a user meets it',
    '',
    `${results.date}, commit ${results.commit?.slice(0, 12) ?? 'unknown'}${results.dirty ? ' (packages/ modified)' : ''}; ${results.runs} fresh processes each (wall time; the median is held to the target).`,
    '',
    '| command | min ms | median ms | max ms | target | |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, t] of Object.entries(results.processes)) {
    const target = targetOf(name);
    lines.push(
      `| ${name} | ${t.minMs} | ${t.medianMs} | ${t.maxMs} | ${target === undefined ? '—' : `≤ ${target}`} | ${target === undefined ? 'what any process costs now' : met(t.medianMs <= target)} |`,
    );
  }
  lines.push(
    '',
    `## The first question in a server, against the p95 of the questions after it (target ≤ ${TARGETS.firstQuestionOverP95}×)`,
    '',
  );
  lines.push(
    '| database | questions | started in ms | first ms | p95 after ms | first / p95 | |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const q of results.firstQuestion) {
    const ratio = q.p95Ms > 0 ? q.firstMs / q.p95Ms : 0;
    lines.push(
      `| ${q.database} | ${q.questions} | ${q.serveMs} | ${q.firstMs} | ${q.p95Ms} | ${ratio.toFixed(2)} | ${met(ratio <= TARGETS.firstQuestionOverP95)} |`,
    );
  }
  if (results.stops.length > 0) {
    lines.push('', `## A server stopped through its first process (target ≤ ${TARGETS.stop} ms to a free port)`, '');
    lines.push('| started as | signal to the first process | port free after ms | |', '| --- | --- | --- | --- |');
    for (const s of results.stops)
      lines.push(`| \`${s.form}\` | ${s.signal} | ${s.ms ?? 'still listening'} | ${met(s.ms !== null && s.ms <= TARGETS.stop)} |`);
  }
  return `${lines.join('\n')}\n`;
}
