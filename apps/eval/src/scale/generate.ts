/** The benchmark's cases (shape × size) and the schema each one generates, deterministically for a seed. */
import { ADVERSARIAL_MIN_TABLES, adversarialSchema } from './adversarial.js';
import type { BuiltSchema } from './builder.js';
import { LAYERS, layeredSchema, layeredWidth } from './layered.js';
import { deriveSeed, Rng } from './prng.js';
import { snowflakeSchema } from './snowflake.js';
import { warehouseSchema } from './warehouse.js';

export const SHAPES = ['snowflake', 'warehouse', 'layered', 'adversarial'] as const;
export type Shape = (typeof SHAPES)[number];
/**
 * The shapes a run without `--shapes` measures. `adversarial` (cycles, self-references, parallel
 * edges, thousands of look-alike copies: issue #24) is asked for by name.
 */
export const DEFAULT_SHAPES: readonly Shape[] = ['snowflake', 'warehouse', 'layered'];
export const DEFAULT_SIZES: readonly number[] = [50, 200, 500, 1000, 2000];
/** The canonical path-explosion case: 4 layers of 24 tables, 24⁴ = 331,776 paths, 98 tables. */
export const CANONICAL_LAYERED = { layers: 4, width: 24 } as const;

export type ScaleCase =
  | { shape: 'snowflake' | 'warehouse' | 'adversarial'; size: number }
  | { shape: 'layered'; size: number; layers: number; width: number };

export interface GeneratedSchema extends BuiltSchema {
  case: ScaleCase;
  /** Layered only: each layer's tables, customer's side first. */
  layers?: string[][];
}

/** `snowflake:200`, `layered:200` (size-mapped) or `layered:4x24` (explicit layers × width). */
export function caseLabel(c: ScaleCase): string {
  return c.shape === 'layered' ? `layered:${c.layers}x${c.width}` : `${c.shape}:${c.size}`;
}

export function parseCase(text: string): ScaleCase {
  const match = /^(snowflake|warehouse|layered|adversarial):(?:(\d+)x(\d+)|(\d+))$/.exec(text.trim());
  if (!match)
    throw new Error(
      `a case is shape:size (snowflake:200, warehouse:1000, layered:500, adversarial:2000) or layered:LxW (layered:4x24), got "${text}"`,
    );
  const [, shape, l, w, n] = match;
  if (l !== undefined) {
    if (shape !== 'layered') throw new Error(`only layered takes layers × width, got "${text}"`);
    return layered(Number(l), Number(w));
  }
  const size = Number(n);
  if (size < 2) throw new Error(`a schema needs at least 2 tables, got "${text}"`);
  if (shape === 'adversarial' && size < ADVERSARIAL_MIN_TABLES)
    throw new Error(`an adversarial schema needs at least ${ADVERSARIAL_MIN_TABLES} tables, got "${text}"`);
  return shape === 'layered' ? layered(LAYERS, layeredWidth(size)) : { shape: shape as 'snowflake' | 'warehouse' | 'adversarial', size };
}

function layered(layers: number, width: number): ScaleCase {
  if (layers < 1 || width < 1) throw new Error(`layered needs at least 1 layer of 1 table, got ${layers}x${width}`);
  return { shape: 'layered', size: 2 + layers * width, layers, width };
}

/**
 * Every requested shape at every size; layered also at the canonical 4 × 24, in size order. The
 * default sizes hold 1,000, which layered reads as the dense 4 × 250 (188,000 join edges).
 */
export function casesFor(shapes: readonly Shape[], sizes: readonly number[]): ScaleCase[] {
  const out: ScaleCase[] = [];
  for (const shape of shapes) {
    const forShape = sizes.map((s) => parseCase(`${shape}:${s}`));
    if (shape === 'layered') forShape.push(layered(CANONICAL_LAYERED.layers, CANONICAL_LAYERED.width));
    const seen = new Set<string>();
    for (const c of forShape.sort((a, b) => a.size - b.size)) {
      if (!seen.has(caseLabel(c))) out.push(c);
      seen.add(caseLabel(c));
    }
  }
  return out;
}

export function generateSchema(c: ScaleCase, seed: number): GeneratedSchema {
  const rng = new Rng(deriveSeed(seed, `schema/${caseLabel(c)}`));
  if (c.shape === 'layered') return { case: c, ...layeredSchema(c.layers, c.width, rng) };
  const build = { snowflake: snowflakeSchema, warehouse: warehouseSchema, adversarial: adversarialSchema }[c.shape];
  return { case: c, ...build(c.size, rng) };
}
