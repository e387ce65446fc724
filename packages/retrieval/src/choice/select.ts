/**
 * Choosing the fit's settings (penalty, target) without reading the data they are reported on:
 * nested cross-validation grouped by database — each held-out database is scored by a model whose
 * settings were chosen by a cross-validation over the other databases alone.
 */
import { type ChoiceExample, type ChoiceTarget, crossValidate, type FitSettings, fitChoice } from './fit.js';
import { scoreVectors } from './score.js';

/** One point of the grid. */
export interface GridPoint {
  penalty: number;
  target: ChoiceTarget;
}

export function gridOf(penalties: readonly number[], sharpnesses: readonly number[]): GridPoint[] {
  return penalties.flatMap((penalty) =>
    sharpnesses.map((s) => ({ penalty, target: s === 0 ? ({ kind: 'exact' } as const) : ({ kind: 'graded', sharpness: s } as const) })),
  );
}

export function describePoint(p: GridPoint): string {
  return `penalty ${p.penalty}, ${p.target.kind === 'exact' ? 'exact target' : `graded target (sharpness ${p.target.sharpness})`}`;
}

/** The grid point with the best accuracy of a cross-validation over `held`'s groups (ties: the earlier point). */
export function chooseSettings(
  held: readonly ChoiceExample[],
  grid: readonly GridPoint[],
  base: Omit<FitSettings, 'penalty' | 'target'>,
  always: readonly ChoiceExample[] = [],
  folds?: number,
): { point: GridPoint; accuracy: number } {
  if (grid.length === 1) return { point: grid[0]!, accuracy: Number.NaN };
  let best: { point: GridPoint; accuracy: number } | null = null;
  for (const point of grid) {
    const { accuracy } = crossValidate(held, { ...base, ...point }, always, folds);
    if (!best || accuracy > best.accuracy + 1e-12) best = { point, accuracy };
  }
  return best!;
}

/**
 * Out-of-fold scores with nested selection: for each group, the settings are chosen on the other
 * groups (an inner cross-validation of `innerFolds` folds), a model with them is fitted on the
 * other groups and scores the group's questions.
 */
export function nestedCrossValidate(
  held: readonly ChoiceExample[],
  grid: readonly GridPoint[],
  base: Omit<FitSettings, 'penalty' | 'target'>,
  always: readonly ChoiceExample[] = [],
  innerFolds?: number,
  onFold?: (group: string, point: GridPoint) => void,
): { scores: Map<string, number[]>; chosen: Map<string, GridPoint> } {
  const groups = [...new Set(held.map((e) => e.group))].sort();
  const scores = new Map<string, number[]>();
  const chosen = new Map<string, GridPoint>();
  for (const g of groups) {
    const others = held.filter((e) => e.group !== g);
    const { point } = chooseSettings(others, grid, base, always, innerFolds);
    chosen.set(g, point);
    onFold?.(g, point);
    const { model } = fitChoice([...others, ...always], { ...base, ...point });
    for (const e of held) if (e.group === g) scores.set(e.id, scoreVectors(model, e.vectors));
  }
  return { scores, chosen };
}
