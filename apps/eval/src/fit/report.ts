/**
 * The fit's report: out-of-fold exact-set accuracy of the fitted choice, the heuristic's tree and
 * the best candidate, overall, per held-out database and per question file; the reliability table
 * of the calibrated probabilities; the model's weights.
 */
import type { ChoiceFile } from '@guided-retrieval/retrieval';
import { bestIndex, type ReliabilityBin } from '@guided-retrieval/retrieval/fit';
import type { CollectedQuestion } from './choice.js';

export interface Figures {
  questions: number;
  fitted: number;
  heuristic: number;
  /** The best any candidate reaches. */
  oracle: number;
  /** The best any candidate the rule lets the choice pick reaches. */
  oracleEligible: number;
}

export interface ChoiceFitReport extends Figures {
  outOfFold: { questions: number; fitted: number; heuristic: number; oracle: number };
  /** Training questions read; those beyond `questions` gave no candidate tree. */
  asked: number;
  databases: Record<string, Figures>;
  files: Record<string, Figures>;
  namesOnlyQuestions: number;
  /** Out of fold with a history (each half of a database with the other as its history), against the same questions without. */
  withHistory: { questions: number; fitted: number; withoutHistory: number; oracle: number } | null;
  chosenPerFold: Record<string, string>;
  calibration: { ece: number; bins: ReliabilityBin[]; questions: number };
  file: ChoiceFile;
}

/** The out-of-fold figures of `scores` (over the eligible candidates, `held`) against the heuristic's tree (`collected`'s first). */
export function outOfFoldFigures(
  collected: readonly CollectedQuestion[],
  held: readonly CollectedQuestion[],
  scores: ReadonlyMap<string, readonly number[]>,
  files: ReadonlyMap<string, string>,
): Figures & { databases: Record<string, Figures>; files: Record<string, Figures> } {
  const totals = blank();
  const databases: Record<string, Figures> = {};
  const byFile: Record<string, Figures> = {};
  collected.forEach((all, i) => {
    const e = held[i]!;
    const s = scores.get(e.id);
    const row = {
      fitted: s && e.right[bestIndex(s)] ? 1 : 0,
      heuristic: all.right[0] ? 1 : 0,
      oracle: all.right.some(Boolean) ? 1 : 0,
      oracleEligible: e.right.some(Boolean) ? 1 : 0,
    };
    const file = files.get(e.id) ?? 'unknown';
    databases[e.group] ??= blank();
    byFile[file] ??= blank();
    for (const f of [totals, databases[e.group]!, byFile[file]!]) {
      f.questions += 1;
      f.fitted += row.fitted;
      f.heuristic += row.heuristic;
      f.oracle += row.oracle;
      f.oracleEligible += row.oracleEligible;
    }
  });
  const share = (f: Figures): Figures => {
    const r = (x: number) => (f.questions === 0 ? 0 : Math.round((x / f.questions) * 1e4) / 1e4);
    return {
      questions: f.questions,
      fitted: r(f.fitted),
      heuristic: r(f.heuristic),
      oracle: r(f.oracle),
      oracleEligible: r(f.oracleEligible),
    };
  };
  const map = (o: Record<string, Figures>) =>
    Object.fromEntries(
      Object.entries(o)
        .sort()
        .map(([k, f]) => [k, share(f)]),
    );
  return { ...share(totals), databases: map(databases), files: map(byFile) };
}

function blank(): Figures {
  return { questions: 0, fitted: 0, heuristic: 0, oracle: 0, oracleEligible: 0 };
}

/** An accuracy over `questions`, taken over `asked`: the questions beyond counted wrong. */
export function overAll(accuracy: number, questions: number, asked: number): number {
  return asked === 0 ? 0 : Number(((accuracy * questions) / asked).toFixed(4));
}

export function fitMarkdown(report: ChoiceFitReport): string {
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.questions} | ${f.fitted.toFixed(3)} | ${f.heuristic.toFixed(3)} | ${f.oracleEligible.toFixed(3)} | ${f.oracle.toFixed(3)} |`;
  const head = ['| | questions | fitted | heuristic | best eligible | best candidate |', '| --- | --- | --- | --- | --- | --- |'];
  const card = report.file.provenance!;
  return [
    '# The choice among candidate trees, fitted',
    '',
    `${report.questions} training questions (and ${report.namesOnlyQuestions} names-only questions, always in the fit); exact-set accuracy out of fold (one fold per database, the settings chosen by a cross-validation inside each fold): fitted choice **${report.fitted}**, the heuristic's tree ${report.heuristic}, the best candidate the rule allows ${report.oracleEligible}, the best candidate ${report.oracle}. Of the ${report.asked} training questions read, ${report.asked - report.questions} give no candidate tree (grounding finds nothing): counted wrong, the fitted choice is right on ${overAll(report.fitted, report.questions, report.asked)} of all ${report.asked}.`,
    '',
    '## Per held-out database',
    '',
    ...head,
    ...Object.entries(report.databases).map(([db, f]) => row(db, f)),
    '',
    '## Per question file',
    '',
    ...head,
    ...Object.entries(report.files).map(([file, f]) => row(file, f)),
    '',
    ...(report.withHistory
      ? [
          `## With a history: out of fold, each half of a database asked with the other half's questions and tables as its history`,
          '',
          `${report.withHistory.questions} questions: fitted choice with the history features **${report.withHistory.fitted}**, the same model without them ${report.withHistory.withoutHistory}, the best candidate ${report.withHistory.oracle}.`,
          '',
        ]
      : []),
    `## Calibration (out of fold): expected calibration error ${report.calibration.ece}; the shipped model's Platt scaling: slope ${report.file.model.calibration.slope}, intercept ${report.file.model.calibration.intercept}`,
    '',
    '| tree probability | questions | mean probability | right |',
    '| --- | --- | --- | --- |',
    ...report.calibration.bins.map((b) => `| ${b.from.toFixed(1)}–${b.to.toFixed(1)} | ${b.questions} | ${b.confidence} | ${b.accuracy} |`),
    '',
    `## The model: ${describe(card.chosen)}; solver ${card.convergence.stop} after ${card.convergence.iterations} steps (projected gradient ${card.convergence.gradient.toExponential(2)})`,
    '',
    `Chosen per fold: ${Object.entries(report.chosenPerFold)
      .map(([g, p]) => `${g}: ${p}`)
      .join('; ')}.`,
    '',
    '| feature | weight |',
    '| --- | --- |',
    ...report.file.model.features.map((f, i) => `| ${f} | ${report.file.model.weights[i]} |`),
    '',
  ].join('\n');
}

function describe(chosen: NonNullable<ChoiceFile['provenance']>['chosen']): string {
  return `penalty ${chosen.penalty}, ${chosen.target.kind === 'exact' ? 'exact target' : `graded target (sharpness ${chosen.target.sharpness})`}`;
}
