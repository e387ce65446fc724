/**
 * One case of the scale benchmark, in this process: generate the schema and its questions, then
 * time graph build (`graphFromSchema`), serialization, graph load (`parseGraph`: text → graph),
 * index build (`Retriever.create`), the baselines' build, and every question through the guided
 * retriever and BM25 top-3 (the same question, one after the other). Each step is reported as an
 * event the moment it ends, so that a parent that kills this process on a budget still knows how
 * far it got.
 */
import { type ContextGraph, graphFromSchema, parseGraph, serializeGraph } from '@guided-retrieval/context-graph';
import { OfflineEmbedder } from '@guided-retrieval/grounding';
import { type PhaseTimings, Retriever } from '@guided-retrieval/retrieval';
import { createBaselines } from '../baselines.js';
import { fingerprint, type ResultFingerprint } from '../fingerprint.js';
import { type GeneratedSchema, generateSchema, type ScaleCase } from './generate.js';
import { generateQuestions, type ScaleQuestion } from './questions.js';

export interface SetupFacts {
  tables: number;
  edges: number;
  /** Questions this case asks. */
  questions: number;
  generateMs: number;
  graphBuildMs: number;
  serializeMs: number;
  graphBytes: number;
  graphLoadMs: number;
  indexBuildMs: number;
  baselinesBuildMs: number;
}

export interface QuestionRecord extends ResultFingerprint {
  id: string;
  text: string;
  /** The gold tables scored against (layered: with the returned tree's bridge where it took another path). */
  gold: string[];
  retrieved: string[];
  bm25: string[];
  /** Wall time of `retrieve`, ms. */
  ms: number;
  bm25Ms: number;
  timings: PhaseTimings;
  /** Sets of tables the fitted choice proposed, and how many it rooted (absent for other disambiguators). */
  proposed?: number;
  rooted?: number;
  /** Layered only: the tree is customer, one table of each layer, nation — and nothing else. */
  treeOk?: boolean;
}

export type CaseEvent =
  | { type: 'setup'; facts: Partial<SetupFacts>; rssMb: number }
  | { type: 'question'; record: QuestionRecord; rssMb: number }
  | { type: 'done'; wallMs: number; rssMb: number };

export interface CaseOptions {
  questions: number;
  seed: number;
}

/** Peak resident set of this process so far, MB. */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, round(performance.now() - start)];
}

export async function runCase(c: ScaleCase, options: CaseOptions, emit: (event: CaseEvent) => void): Promise<void> {
  const started = performance.now();
  const setup = (facts: Partial<SetupFacts>) => emit({ type: 'setup', facts, rssMb: peakRssMb() });
  const [{ schema, questions }, generateMs] = await timed(() => {
    const schema = generateSchema(c, options.seed);
    return { schema, questions: generateQuestions(schema, options.questions, options.seed) };
  });
  setup({ tables: schema.spec.tables.length, edges: schema.spec.foreignKeys?.length ?? 0, questions: questions.length, generateMs });

  const graph = await builtSavedAndLoaded(schema.spec, setup);

  const embedder = new OfflineEmbedder();
  const [retriever, indexBuildMs] = await timed(() => Retriever.create(graph, { embedder }));
  setup({ indexBuildMs });
  const [baselines, baselinesBuildMs] = await timed(() => createBaselines(graph, embedder));
  const bm25 = baselines.find((b) => b.name === 'bm25-top3');
  if (!bm25) throw new Error('no bm25-top3 baseline');
  setup({ baselinesBuildMs });

  for (const q of questions) {
    const [result, ms] = await timed(() => retriever.retrieve(q.text));
    const [bm25Tables, bm25Ms] = await timed(() => bm25.retrieve(q.text));
    const record: QuestionRecord = {
      id: q.id,
      text: q.text,
      gold: effectiveGold(q, result.tables),
      retrieved: result.tables,
      ...fingerprint(result),
      bm25: bm25Tables,
      ms,
      bm25Ms,
      timings: result.trace.timings,
      ...(result.trace.disambiguation.rooted === undefined
        ? {}
        : { proposed: result.trace.disambiguation.proposed ?? 0, rooted: result.trace.disambiguation.rooted }),
      ...(q.layers ? { treeOk: isLayeredTree(q.layers, result.tables) } : {}),
    };
    emit({ type: 'question', record, rssMb: peakRssMb() });
  }
  emit({ type: 'done', wallMs: round(performance.now() - started), rssMb: peakRssMb() });
}

/**
 * The graph as a user's process has it: built, written and read back. Only the loaded graph
 * outlives this call, so the built graph and the file's text are not counted in the peak memory
 * of what follows (a user loads a graph file; nobody holds the schema's build beside it).
 */
async function builtSavedAndLoaded(spec: GeneratedSchema['spec'], setup: (facts: Partial<SetupFacts>) => void): Promise<ContextGraph> {
  const [built, graphBuildMs] = await timed(() => graphFromSchema(spec));
  setup({ graphBuildMs });
  const [text, serializeMs] = await timed(() => serializeGraph(built));
  setup({ serializeMs, graphBytes: Buffer.byteLength(text, 'utf8') });
  const [graph, graphLoadMs] = await timed(() => parseGraph(text, spec.database));
  setup({ graphLoadMs });
  return graph;
}

/**
 * The gold a returned tree is scored against. Layered: every customer → nation path is as good
 * as another, so where the tree holds a table of a layer, that table stands for the layer (the
 * first it holds); otherwise the question's own gold.
 */
export function effectiveGold(q: ScaleQuestion, retrieved: readonly string[]): string[] {
  if (!q.layers) return q.gold;
  const got = new Set(retrieved);
  return q.gold.map((table) => {
    const layer = q.layers!.find((l) => l.includes(table));
    return layer?.find((t) => got.has(t)) ?? table;
  });
}

/** Exactly customer, one table of each layer and nation: L + 2 tables. */
export function isLayeredTree(layers: readonly (readonly string[])[], retrieved: readonly string[]): boolean {
  const got = new Set(retrieved);
  if (got.size !== layers.length + 2 || !got.has('customer') || !got.has('nation')) return false;
  return layers.every((l) => l.filter((t) => got.has(t)).length === 1);
}
