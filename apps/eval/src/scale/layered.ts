/**
 * The path-explosion shape: `customer` → L layers of W tables → `nation`, each table of a layer
 * holding a foreign key to EVERY table of the next layer (customer to every table of the first,
 * every table of the last to nation): W^L join paths from customer to nation, all of the same
 * length. Layer tables carry ordinary enterprise names that say nothing of customers or nations.
 */
import { type BuiltSchema, SchemaBuilder, type TableRef } from './builder.js';
import type { Rng } from './prng.js';
import { DOMAINS, ENTITY_KINDS } from './vocabulary.js';

export interface LayeredSchema extends BuiltSchema {
  /** The table names of each layer, customer's side first. */
  layers: string[][];
}

/** The depth of every size-mapped layered schema (the canonical 24⁴ case has 4 layers too). */
export const LAYERS = 4;

/** Width for a requested table count: 2 + L × W tables, W ≥ 2. */
export function layeredWidth(tables: number, layers = LAYERS): number {
  return Math.max(2, Math.round((tables - 2) / layers));
}

export function layeredSchema(layers: number, width: number, rng: Rng): LayeredSchema {
  if (layers < 1 || width < 1) throw new Error(`layered schema needs at least one layer of one table, got ${layers} × ${width}`);
  const b = new SchemaBuilder(rng);
  const customer = b.addTable('customer', 'customer');
  const names = bridgeNames(b);
  const tiers: TableRef[][] = [];
  for (let l = 0; l < layers; l++) {
    const tier: TableRef[] = [];
    for (let w = 0; w < width; w++) {
      const next = names.next();
      if (next.done) throw new Error(`layered schema: ran out of table names at ${b.size} tables`);
      tier.push(b.addTable(next.value.name, next.value.kind, next.value.domain));
    }
    tiers.push(tier);
  }
  const nation = b.addTable('nation', 'nation');
  for (const t of tiers[0]!) b.reference(customer, t);
  for (let l = 0; l + 1 < layers; l++) for (const from of tiers[l]!) for (const to of tiers[l + 1]!) b.reference(from, to);
  for (const t of tiers[layers - 1]!) b.reference(t, nation);
  return { ...b.build(`layered_${layers}x${width}`), layers: tiers.map((tier) => tier.map((t) => t.name)) };
}

/** Fresh names across every area, never a word of the question (customer, nation, country). */
function* bridgeNames(b: SchemaBuilder): Generator<{ name: string; kind: string; domain: string }> {
  const banned = /customer|nation|country/;
  const usable = ENTITY_KINDS.filter((k) => k.role === 'fact' || k.role === 'dimension').map((k) => k.name);
  for (let round = 0; round < 14; round++) {
    for (const d of DOMAINS) {
      for (const k of [...d.kinds, ...usable.filter((x) => !d.kinds.includes(x))]) {
        if (banned.test(k)) continue;
        const name = b.freshName(d.prefix, k);
        if (name !== null && !banned.test(name)) yield { name, kind: k, domain: d.prefix };
      }
    }
  }
}
