/**
 * The sparse shape: star clusters, one per subject area, each fact referencing a few of its
 * area's dimensions, each dimension its sub-dimensions (lookups), some sub-dimensions a further
 * lookup: tree-like, about 1.2 foreign keys per table. Three conformed lookups (region, country,
 * currency) and the calendar are shared by every area.
 */
import { type BuiltSchema, SchemaBuilder, type TableRef } from './builder.js';
import type { Rng } from './prng.js';
import { DOMAINS, type EntityKind, kind, kindsWithRole } from './vocabulary.js';

/** Share of the tables that are look-alike copies. */
export const COPY_SHARE = 0.08;
const SHARED = ['region', 'country', 'currency', 'calendar_date'] as const;

export function snowflakeSchema(tables: number, rng: Rng): BuiltSchema {
  const b = new SchemaBuilder(rng);
  const target = tables - Math.round(tables * COPY_SHARE);
  const shared = new Map<string, TableRef>();
  for (const name of SHARED) {
    if (b.size >= target) break;
    shared.set(name, b.addTable(name, name));
  }
  if (shared.has('country') && shared.has('region')) b.reference(shared.get('country')!, shared.get('region')!);
  for (let cluster = 0; b.size < target; cluster++) {
    const before = b.size;
    starCluster(b, DOMAINS[cluster % DOMAINS.length]!, shared, rng, target);
    if (b.size === before && cluster > DOMAINS.length * 20) break;
  }
  fillWithLookups(b, target);
  b.addCopies(tables);
  return b.build(`snowflake_${tables}`);
}

function starCluster(b: SchemaBuilder, domain: (typeof DOMAINS)[number], shared: Map<string, TableRef>, rng: Rng, target: number): void {
  const room = () => b.size < target;
  const dims: TableRef[] = [];
  const wantDims = rng.int(3, 4);
  for (const k of candidates(domain.kinds, 'dimension', rng)) {
    if (dims.length >= wantDims || !room()) break;
    const name = b.freshName(domain.prefix, k);
    if (name === null) continue;
    const arms = subDimensions(b, domain.prefix, kind(k), shared, rng, room);
    if (!room()) break;
    const dim = b.addTable(name, k, domain.prefix);
    for (const arm of arms) b.reference(dim, arm);
    dims.push(dim);
  }
  if (dims.length === 0) return;
  const facts: TableRef[] = [];
  const wantFacts = rng.int(2, 3);
  for (const k of orderByReference(candidates(domain.kinds, 'fact', rng))) {
    if (facts.length >= wantFacts || !room()) break;
    const fact = b.addKind(domain.prefix, k);
    if (!fact) continue;
    const wanted = kind(k).refs ?? [];
    const named = [...dims, ...facts].filter((d) => wanted.includes(d.kind.name));
    const others = rng.sample(
      dims.filter((d) => !named.includes(d)),
      Math.max(0, rng.int(2, 3) - named.length),
    );
    for (const d of [...named, ...others]) b.reference(fact, d);
    const calendar = shared.get('calendar_date');
    if (calendar && rng.chance(0.4)) {
      b.reference(fact, calendar, 'order');
      if (rng.chance(0.4)) b.reference(fact, calendar, 'ship');
    }
    facts.push(fact);
  }
}

/** The area's own kinds of a role first (shuffled), then, for when its names run out, every other kind of that role. */
function candidates(own: readonly string[], role: 'dimension' | 'fact', rng: Rng): string[] {
  const mine = own.filter((k) => kind(k).role === role);
  const rest = kindsWithRole(role)
    .map((k) => k.name)
    .filter((k) => !mine.includes(k));
  return [...rng.shuffle(mine), ...(rng.chance(0.3) ? rng.sample(rest, 2) : []), ...rng.shuffle(rest)];
}

/**
 * The lookups a dimension hangs from: shared ones as they are, the others created for the area (with, sometimes,
 * a lookup of their own).
 */
function subDimensions(
  b: SchemaBuilder,
  prefix: string,
  dim: EntityKind,
  shared: Map<string, TableRef>,
  rng: Rng,
  room: () => boolean,
): TableRef[] {
  const arms: TableRef[] = [];
  const refs = (dim.refs ?? []).filter((r) => kind(r).role === 'lookup');
  for (const r of rng.sample(refs, rng.int(0, 2))) {
    const conformed = shared.get(r);
    if (conformed) {
      arms.push(conformed);
      continue;
    }
    if (!room()) break;
    const deeper = (kind(r).refs ?? []).filter((x) => kind(x).role === 'lookup');
    let parent: TableRef | undefined;
    if (deeper.length > 0 && rng.chance(0.5)) {
      const d = rng.pick(deeper);
      parent = shared.get(d) ?? b.addKind(prefix, d) ?? undefined;
    }
    if (!room()) break;
    const arm = b.addKind(prefix, r);
    if (!arm) continue;
    if (parent) b.reference(arm, parent);
    arms.push(arm);
  }
  return arms;
}

/** Facts that others reference (invoice before invoice_line) first. */
function orderByReference(kinds: string[]): string[] {
  return [...kinds].sort((a, b) => Number((kind(a).refs ?? []).includes(b)) - Number((kind(b).refs ?? []).includes(a)));
}

/** When every area's names are used up (very large sizes), unreferenced lookups make up the count. */
function fillWithLookups(b: SchemaBuilder, target: number): void {
  const lookups = ['currency', 'channel', 'priority_level', 'unit_of_measure', 'tax_code', 'incoterm'];
  for (let i = 0; b.size < target && i < DOMAINS.length * lookups.length * 13; i++) {
    b.addKind(DOMAINS[i % DOMAINS.length]!.prefix, lookups[Math.floor(i / DOMAINS.length) % lookups.length]!);
  }
}
