/**
 * Which island a question means, when the words alone leave two or more close: the island whose
 * tables a sentence embedder finds nearest to the question. A tie-breaker only — an island
 * the words clearly prefer is never overruled — and lazy: a table is embedded the first time its
 * island competes, then remembered.
 */
import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { splitIdentifier } from './identifiers.js';
import type { RankedIsland } from './islands.js';
import type { GroundingParams } from './params.js';
import type { IslandSenseStep } from './types.js';

export class IslandSense {
  readonly #vectors = new Map<string, Float32Array>();
  #islands: Map<number, GraphTable[]> | undefined;
  #failed = false;

  constructor(
    private readonly graph: ContextGraph,
    private readonly embedder: Embedder,
    private readonly params: GroundingParams,
    private readonly onNote: (line: string) => void = () => {},
  ) {}

  /**
   * The island to choose among `ranked` (best by words first), or undefined to keep the words'
   * choice; also when the embedder fails, which is said once and not tried again.
   */
  async prefer(question: string, ranked: readonly RankedIsland[]): Promise<{ id: number; step: IslandSenseStep } | undefined> {
    if (this.#failed) return undefined;
    try {
      return await this.sense(question, ranked);
    } catch (error) {
      this.#failed = true;
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.onNote(`sentence model ${this.embedder.id} failed (${why}); islands are chosen by the question's words alone`);
      return undefined;
    }
  }

  private async sense(question: string, ranked: readonly RankedIsland[]): Promise<{ id: number; step: IslandSenseStep } | undefined> {
    const top = ranked[0];
    if (!top || ranked.length < 2) return undefined;
    const { islandTieRatio, islandSenseMaxTables, islandSenseWeight } = this.params;
    const close = ranked.filter((r) => r.total >= islandTieRatio * top.total);
    if (close.length < 2) return undefined;
    const tablesOf = close.map((r) => this.tablesOf(r.id));
    // A lone table is no database to choose; a very large island is too costly to read whole.
    if (tablesOf.some((t) => t.length < 2 || t.length > islandSenseMaxTables)) return undefined;
    await this.embedMissing(tablesOf.flat());
    const [asked] = await this.embedder.embed([question]);
    if (!asked) return undefined;
    const similarity = tablesOf.map((tables) => Math.max(...tables.map((t) => dot(asked, this.#vectors.get(t.name)!))));
    let best = 0;
    const value = (i: number) => close[i]!.total / top.total + islandSenseWeight * similarity[i]!;
    for (let i = 1; i < close.length; i++) if (value(i) > value(best) + 1e-12) best = i;
    const step: IslandSenseStep = {
      embedder: this.embedder.id,
      competing: close.map((_, i) => ({ tables: tablesOf[i]!.map((t) => t.name), similarity: Math.round(similarity[i]! * 1e6) / 1e6 })),
    };
    return { id: close[best]!.id, step };
  }

  /** An island's tables in the graph's order, grouped once (the first time islands compete). */
  private tablesOf(island: number): readonly GraphTable[] {
    if (!this.#islands) {
      this.#islands = new Map();
      for (const t of this.graph.tables) {
        const id = this.graph.islandOf(t.name);
        const list = this.#islands.get(id);
        if (list) list.push(t);
        else this.#islands.set(id, [t]);
      }
    }
    return this.#islands.get(island) ?? [];
  }

  private async embedMissing(tables: readonly GraphTable[]): Promise<void> {
    const missing = tables.filter((t) => !this.#vectors.has(t.name));
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing.map(tableSentence));
    missing.forEach((t, i) => {
      this.#vectors.set(t.name, vectors[i]!);
    });
  }
}

/** A table as a sentence: its name's words, then its columns' (a sentence model reads names, not SQL). */
function tableSentence(table: GraphTable): string {
  const words = (name: string) => splitIdentifier(name).join(' ');
  const described = table.description ? `: ${table.description}` : '';
  return `${words(table.name)}${described}. ${table.columns.map((c) => words(c.name)).join(', ')}`;
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
