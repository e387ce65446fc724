/**
 * The dense shape: every table holds 3–6 foreign keys, most of them to a handful of shared hub
 * dimensions (calendar, currency, country, employee, product, …) that end up referenced by dozens
 * or hundreds of tables; facts play roles (two keys to the calendar or to a country); bridge
 * tables link two tables of an area that already reference each other (cycles in the undirected
 * sense), and a few dimensions point back at a fact (`last_…_id`: directed cycles), as do
 * department ↔ employee and employee's manager.
 */
import { type BuiltSchema, SchemaBuilder, type TableRef } from './builder.js';
import type { Rng } from './prng.js';
import { COPY_SHARE } from './snowflake.js';
import { DOMAINS, kind, ROLES } from './vocabulary.js';

/** Hubs and how strongly tables are drawn to them. */
const HUBS: readonly [string, number][] = [
  ['calendar_date', 10],
  ['currency', 6],
  ['region', 1],
  ['country', 5],
  ['department', 2],
  ['employee', 5],
  ['product_category', 1],
  ['product', 5],
  ['customer_segment', 1],
  ['customer', 5],
  ['channel', 3],
  ['store', 3],
  ['supplier', 2],
  ['account', 3],
  ['cost_center', 3],
];
const HUB_LINKS: readonly [string, string, string?][] = [
  ['country', 'region'],
  ['employee', 'department'],
  ['department', 'employee', 'manager'],
  ['employee', 'employee', 'manager'],
  ['product', 'product_category'],
  ['customer', 'customer_segment'],
  ['customer', 'country'],
  ['store', 'country'],
  ['supplier', 'country'],
  ['account', 'currency'],
  ['cost_center', 'department'],
];

export function warehouseSchema(tables: number, rng: Rng): BuiltSchema {
  const b = new SchemaBuilder(rng);
  const target = tables - Math.round(tables * COPY_SHARE);
  const hubs: { ref: TableRef; weight: number }[] = [];
  for (const [name, weight] of HUBS) {
    if (b.size >= target) break;
    hubs.push({ ref: b.addTable(name, name), weight });
  }
  for (const [from, to, role] of HUB_LINKS) {
    const f = b.get(from);
    const t = b.get(to);
    if (f && t) b.reference(f, t, role);
  }
  const byDomain = new Map<string, TableRef[]>();
  let exhausted = 0;
  for (let step = 0; b.size < target && exhausted < DOMAINS.length * 40; step++) {
    const domain = DOMAINS[step % DOMAINS.length]!;
    const local = byDomain.get(domain.prefix) ?? [];
    byDomain.set(domain.prefix, local);
    const table = (local.length >= 2 && rng.chance(0.12) ? bridge(b, domain.prefix, local, rng) : null) ?? entity(b, domain, rng);
    if (!table) {
      exhausted++;
      continue;
    }
    linkUp(b, table, local, hubs, rng);
    local.push(table);
  }
  b.addCopies(tables);
  return b.build(`warehouse_${tables}`);
}

function entity(b: SchemaBuilder, domain: (typeof DOMAINS)[number], rng: Rng): TableRef | null {
  const facts = domain.kinds.filter((k) => kind(k).role === 'fact');
  const dims = domain.kinds.filter((k) => kind(k).role === 'dimension');
  const first = rng.chance(0.6) ? facts : dims;
  for (const k of [...rng.shuffle(first), ...rng.shuffle(first === facts ? dims : facts)]) {
    const table = b.addKind(domain.prefix, k);
    if (table) return table;
  }
  return null;
}

/** `crm_contact_territory_map` between two recent tables of the area; the second also gets a key to the first, closing a cycle. */
function bridge(b: SchemaBuilder, prefix: string, local: TableRef[], rng: Rng): TableRef | null {
  const recent = local.slice(-30).filter((t) => t.kind.role !== 'bridge');
  if (recent.length < 2) return null;
  const [x, y] = rng.sample(recent, 2) as [TableRef, TableRef];
  const name = `${prefix}_${x.kind.name}_${y.kind.name}_map`;
  if (b.has(name)) return null;
  const map = b.addTable(name, 'map', prefix);
  b.reference(map, x);
  b.reference(map, y);
  if (!b.references(y, x) && !b.references(x, y)) b.reference(y, x);
  return map;
}

/**
 * Up to 3–6 foreign keys in all: role-playing pairs, hubs (by weight), recent tables of the area; sometimes a
 * key back from a dimension.
 */
function linkUp(b: SchemaBuilder, table: TableRef, local: TableRef[], hubs: { ref: TableRef; weight: number }[], rng: Rng): void {
  const start = b.foreignKeys.length - (table.kind.role === 'bridge' ? 2 : 0);
  const have = () => b.foreignKeys.length - start;
  const want = rng.int(3, 6);
  const rolePlayers = hubs.filter((h) => h.ref.name in ROLES);
  if (table.kind.role === 'fact' && rolePlayers.length > 0 && rng.chance(0.35)) {
    const hub = rng.pick(rolePlayers).ref;
    const [first, second] = rng.sample(ROLES[hub.name]!, 2) as [string, string];
    b.reference(table, hub, first);
    b.reference(table, hub, second);
  }
  const dims = local.slice(-40).filter((t) => t.kind.role === 'dimension' || t.kind.role === 'fact');
  for (let guard = 0; have() < want && guard < 30; guard++) {
    const toHub = dims.length === 0 || rng.chance(0.55);
    const to = toHub ? rng.weighted(hubs, (h) => h.weight).ref : rng.pick(dims);
    if (to === table || b.references(table, to)) continue;
    b.reference(table, to);
    if (!toHub && to.kind.role === 'dimension' && table.kind.role === 'fact' && rng.chance(0.06)) b.reference(to, table, 'last');
  }
}
