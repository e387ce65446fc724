/**
 * Questions with gold tables, generated from the schema alone (deterministic for a seed).
 *
 * Snowflake and warehouse: pick a fact table, then 1–3 tables it reaches along foreign keys
 * within three steps by exactly one shortest path (so that the gold is unambiguous; copies and
 * bridge tables are never picked, though bridges may lie on a path). The question names the
 * fact by its plural (`sales invoice lines`) and each picked table either by its name
 * (`per sales customer`) or by a sample value of one of its text columns (`in Germany`,
 * `where the category name is Toys`). Gold = the fact, the picked tables and the tables on the
 * shortest foreign-key path from the fact to each. Nothing needs world knowledge: every value
 * quoted is a value of the schema.
 *
 * Layered: "Which nation is each customer in?" and rewordings; gold = customer, one table of
 * each layer (any one: every path is as good), nation.
 */
import type { SchemaColumnSpec, SchemaTableSpec } from '@guided-retrieval/context-graph';
import { pathTo, referencedTables, shortestPaths } from './fk-paths.js';
import { caseLabel, type GeneratedSchema } from './generate.js';
import { joinWords, pluralName, singularName } from './phrasing.js';
import { deriveSeed, Rng } from './prng.js';

export interface ScaleQuestion {
  id: string;
  text: string;
  /** The fact, the tables the question names or quotes, and the tables on the paths between. */
  gold: string[];
  /** Layered only: each layer's tables; a returned tree may take any one of a layer in place of the gold's. */
  layers?: string[][];
}

/** How far from the fact a picked table may lie, in foreign-key steps. */
export const MAX_HOPS = 3;

export const LAYERED_QUESTIONS: readonly string[] = [
  'Which nation is each customer in?',
  'Show the nation of every customer',
  'List each customer with its nation',
  'For every customer, which nation does it belong to?',
  'Customers and their nations',
];

export function generateQuestions(schema: GeneratedSchema, count: number, seed: number): ScaleQuestion[] {
  const label = caseLabel(schema.case);
  if (schema.layers) return layeredQuestions(label, schema.layers, count);
  const rng = new Rng(deriveSeed(seed, `questions/${label}`));
  const out = referencedTables(schema.spec);
  const meta = new Map(schema.tables.map((t) => [t.name, t]));
  const specs = new Map(schema.spec.tables.map((t) => [t.name, t]));
  const pickable = (name: string) => {
    const m = meta.get(name);
    return m !== undefined && !m.copyOf && m.role !== 'bridge';
  };
  const linked = schema.tables.filter((t) => !t.copyOf && (out.get(t.name)?.length ?? 0) > 0);
  const facts = linked.filter((t) => t.role === 'fact');
  const starts = (facts.length > 0 ? facts : linked).map((t) => t.name);
  const questions: ScaleQuestion[] = [];
  for (let attempt = 0; questions.length < count && starts.length > 0 && attempt < count * 20; attempt++) {
    const fact = rng.pick(starts);
    const reach = shortestPaths(out, fact, MAX_HOPS);
    const candidates = [...reach].filter(([t, r]) => t !== fact && r.count === 1 && pickable(t)).map(([t]) => t);
    if (candidates.length === 0) continue;
    const k = rng.weighted([1, 2, 3], (n) => [0.4, 0.4, 0.2][n - 1]!);
    const targets = rng.sample(candidates, k);
    const gold = [...new Set([fact, ...targets.flatMap((t) => pathTo(reach, t))])];
    const text = phrase(
      rng,
      specs.get(fact)!,
      targets.map((t) => specs.get(t)!),
    );
    questions.push({ id: `${label}#${questions.length + 1}`, text, gold });
  }
  return questions;
}

function layeredQuestions(label: string, layers: string[][], count: number): ScaleQuestion[] {
  const gold = ['customer', ...layers.map((l) => l[0]!), 'nation'];
  return LAYERED_QUESTIONS.slice(0, Math.max(0, count)).map((text, i) => ({ id: `${label}#${i + 1}`, text, gold, layers }));
}

const named = (c: string | SchemaColumnSpec): SchemaColumnSpec => (typeof c === 'string' ? { name: c } : c);

/** A quotable text column: one with sample values, `status` aside (every other table has one). */
function valueColumn(table: SchemaTableSpec): SchemaColumnSpec | undefined {
  return table.columns.map(named).find((c) => (c.sample?.length ?? 0) > 0 && c.name !== 'status' && typeof c.sample![0] === 'string');
}

function phrase(rng: Rng, fact: SchemaTableSpec, targets: readonly SchemaTableSpec[]): string {
  const names: SchemaTableSpec[] = [];
  const values: { column: string; value: string }[] = [];
  for (const t of targets) {
    const column = valueColumn(t);
    if (column && rng.chance(0.5)) values.push({ column: singularName(column.name), value: String(rng.pick(column.sample!)) });
    else names.push(t);
  }
  const facts = pluralName(fact.name);
  const measures = fact.columns.map(named).filter((c) => c.type?.startsWith('DECIMAL'));
  const measure = measures.length > 0 && rng.chance(0.7) ? singularName(rng.pick(measures).name) : null;
  const total = measure?.startsWith('total ') ? `sum of the ${measure}` : `total ${measure}`;
  let text = measure
    ? rng.pick([
        `${total[0]!.toUpperCase()}${total.slice(1)} of ${facts}`,
        `Average ${measure} of ${facts}`,
        `What is the ${total} of ${facts}`,
      ])
    : rng.pick([`Number of ${facts}`, `List the ${facts}`, `How many ${facts} are there`]);
  if (names.length > 0) {
    const single = joinWords(names.map((t) => singularName(t.name)));
    text += rng.pick([` per ${single}`, ` by ${single}`, ` with their ${joinWords(names.map((t) => pluralName(t.name)))}`]);
  }
  if (values.length === 1) {
    const [v] = values as [{ column: string; value: string }];
    text += rng.pick([` in ${v.value}`, ` for ${v.value}`, ` where the ${v.column} is ${v.value}`]);
  } else if (values.length > 1) {
    text += rng.chance(0.5)
      ? ` for ${joinWords(values.map((v) => v.value))}`
      : ` where ${joinWords(values.map((v) => `the ${v.column} is ${v.value}`))}`;
  }
  return /^(What|How)\b/.test(text) ? `${text}?` : text;
}
