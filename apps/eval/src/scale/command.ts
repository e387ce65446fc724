/** `guided-eval --bench scale`: what the CLI does with the options. */
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { runScaleBench } from './bench.js';
import { casesFor, DEFAULT_SHAPES, DEFAULT_SIZES, parseCase, SHAPES, type Shape } from './generate.js';
import { writeScaleReports } from './report.js';
import { runCase } from './run-case.js';

export const SCALE_DEFAULTS = { questions: 100, seed: 42, budgetS: 300 } as const;

export interface ScaleCliOptions {
  bench: 'scale';
  out: string;
  sizes?: number[];
  shapes?: Shape[];
  questions?: number;
  seed?: number;
  budgetS?: number;
  only?: string;
  data?: string;
  db?: string[];
  limit?: number;
  evidence?: boolean;
  ablation?: boolean;
  llm?: string;
  embedder?: string;
  union?: boolean;
}

/** `50,200,500` → [50, 200, 500]. */
export function parseSizes(text: string): number[] {
  const sizes = text.split(',').map((s) => s.trim());
  const bad = sizes.find((s) => !/^\d+$/.test(s) || Number(s) < 2);
  if (bad !== undefined || sizes.length === 0)
    throw new InvalidArgumentError(`must be table counts of at least 2, separated by commas, got "${text}"`);
  return sizes.map(Number);
}

/** `snowflake,layered` → ['snowflake', 'layered']. */
export function parseShapes(text: string): Shape[] {
  const shapes = text.split(',').map((s) => s.trim());
  const bad = shapes.filter((s) => !(SHAPES as readonly string[]).includes(s));
  if (bad.length > 0) throw new InvalidArgumentError(`must be among ${SHAPES.join(', ')}, separated by commas; got "${bad.join(', ')}"`);
  return [...new Set(shapes)] as Shape[];
}

export function parseSeed(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`must be a whole number ≥ 0, got "${text}"`);
  return n >>> 0;
}

export function parseBudget(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`must be a number of seconds > 0, got "${text}"`);
  return n;
}

/** The scale flags given to another benchmark: an error naming them. */
export function refuseScaleOptions(
  options: { bench: string } & Partial<Record<'sizes' | 'shapes' | 'questions' | 'seed' | 'budgetS' | 'only', unknown>>,
): void {
  const flags: [string, unknown][] = [
    ['--sizes', options.sizes],
    ['--shapes', options.shapes],
    ['--questions', options.questions],
    ['--seed', options.seed],
    ['--budget-s', options.budgetS],
    ['--only', options.only],
  ];
  const given = flags.filter(([, v]) => v !== undefined).map(([f]) => f);
  if (given.length > 0) throw new Error(`${given.join(', ')} only ${given.length > 1 ? 'apply' : 'applies'} to --bench scale`);
}

export async function runScaleCommand(options: ScaleCliOptions, log: (message: string) => void): Promise<void> {
  const inapplicable: [string, unknown][] = [
    ['--data', options.data],
    ['--db', options.db],
    ['--limit', options.limit],
    ['--evidence', options.evidence],
    ['--ablation', options.ablation],
    ['--llm', options.llm],
    ['--embedder', options.embedder],
    ['--union', options.union],
  ];
  const given = inapplicable.filter(([, v]) => v !== undefined && v !== false).map(([f]) => f);
  if (given.length > 0) throw new Error(`${given.join(', ')} ${given.length > 1 ? 'do' : 'does'} not apply to --bench scale`);
  const questions = options.questions ?? SCALE_DEFAULTS.questions;
  const seed = options.seed ?? SCALE_DEFAULTS.seed;
  if (options.only) {
    // One case in this process, each step a JSON line on stdout: what a parent run reads from its children.
    const c = parseCase(options.only);
    await runCase(c, { questions, seed }, (event) => process.stdout.write(`${JSON.stringify(event)}\n`));
    return;
  }
  const shapes = options.shapes ?? [...DEFAULT_SHAPES];
  const sizes = options.sizes ?? [...DEFAULT_SIZES];
  const budgetS = options.budgetS ?? SCALE_DEFAULTS.budgetS;
  const cases = casesFor(shapes, sizes);
  log(
    `scale: ${cases.length} schema${cases.length === 1 ? '' : 's'} (${shapes.join(', ')}), up to ${questions} questions each, seed ${seed}, budget ${budgetS} s per schema`,
  );
  const results = await runScaleBench({ cases, questions, seed, budgetS, shapes, sizes, log });
  const written = await writeScaleReports(resolve(options.out), results);
  log(`scale: done in ${(results.wallMs / 1000).toFixed(1)} s; wrote ${written.join(' and ')}`);
}
