import { ContextGraph } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { beforeAll, describe, expect, it } from 'vitest';
import { GroundingIndex, type GroundingParamsOverride } from './index.js';
import { smallSchemaGraph } from './test-support/small-schema.js';
import { tpchSchemaGraph } from './test-support/tpch-schema.js';

/**
 * A stand-in embedder: one axis for REGION's query context and for any text naming `zorblax`, the
 * other for everything else. It tests the seam, not a model.
 */
class KeywordEmbedder implements Embedder {
  readonly id = 'keyword-fake-v1';
  readonly dimensions = 2;
  readonly calls: string[][] = [];

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    return texts.map((t) => (/^region\b|zorblax/i.test(t) ? Float32Array.from([1, 0]) : Float32Array.from([0, 1])));
  }
}

let tpch: GroundingIndex;

beforeAll(async () => {
  // Word vectors would read "sales" as P_RETAILPRICE's "retail" (0.80): these tests are of the hash index and enrichment.
  tpch = await GroundingIndex.build(tpchSchemaGraph(), { levers: { similarWords: false } });
});

describe('T0 for the paper question', () => {
  it('"Which Indian suppliers are shipping the most to China?" grounds SUPPLIER, NATION, LINEITEM in that order', async () => {
    const result = await tpch.ground('Which Indian suppliers are shipping the most to China?');
    expect(result.initialTargets).toEqual(['SUPPLIER', 'NATION', 'LINEITEM']);
    expect(result.grounded.map((g) => g.table)).toEqual(['SUPPLIER', 'NATION', 'LINEITEM']);
    expect(result.matches).toEqual([
      expect.objectContaining({ token: 'Indian', table: 'NATION', column: 'N_NAME', kind: 'value', variantKind: 'demonym' }),
      expect.objectContaining({ token: 'suppliers', table: 'SUPPLIER', column: null, kind: 'table' }),
      expect.objectContaining({ token: 'shipping', table: 'LINEITEM', column: 'L_SHIPMODE', kind: 'value' }),
      // "the most" is a count: of the events, LINEITEM's shipments (dated by L_SHIPDATE).
      expect.objectContaining({ token: 'most', table: 'LINEITEM', kind: 'measure' }),
      expect.objectContaining({ token: 'China', table: 'NATION', column: 'N_NAME', kind: 'value', variantKind: 'exact' }),
    ]);
    expect(result.grounded.find((g) => g.table === 'NATION')!.matches).toBe(2);
    expect(result.enrichment).toEqual({ triggered: false, k: 3, embedder: null, added: [] });
  });
});

describe('semantic enrichment', () => {
  it('adds ORDERS and LINEITEM to "How are our sales trending?", which names no table', async () => {
    const result = await tpch.ground('How are our sales trending?');
    expect(result.grounded).toEqual([]);
    expect(result.enrichment.triggered).toBe(true);
    expect(result.enrichment.embedder).toBe('offline-lexical-v3');
    expect(result.enrichment.added.map((a) => a.table)).toEqual(['ORDERS', 'LINEITEM']);
    for (const a of result.enrichment.added) expect(a.similarity).toBeGreaterThanOrEqual(0.12);
    expect(result.initialTargets).toEqual(['ORDERS', 'LINEITEM']);
  });

  it('adds nothing for a question about nothing in the schema', async () => {
    const result = await tpch.ground('What is the weather in Paris tomorrow?');
    expect(result.matches).toEqual([]);
    expect(result.enrichment.triggered).toBe(true);
    expect(result.enrichment.added).toEqual([]);
    expect(result.initialTargets).toEqual([]);
  });

  it('respects the parameters minSimilarity and relativeSimilarity', async () => {
    const build = (params: GroundingParamsOverride) => GroundingIndex.build(tpchSchemaGraph(), { levers: { similarWords: false }, params });
    const strict = await (await build({ minSimilarity: 0.99 })).ground('How are our sales trending?');
    expect(strict.enrichment.triggered).toBe(true);
    expect(strict.enrichment.added).toEqual([]);
    // Only the best table is as close as the best table.
    const relative = await (await build({ relativeSimilarity: 1 })).ground('How are our sales trending?');
    expect(relative.enrichment.added.map((a) => a.table)).toEqual(['ORDERS']);
  });

  it('uses the Embedder passed to GroundingIndex.build', async () => {
    const embedder = new KeywordEmbedder();
    const index = await GroundingIndex.build(smallSchemaGraph(), { embedder });
    // Built once: every table's query context embedded in one call.
    expect(embedder.calls).toHaveLength(1);
    expect(embedder.calls[0]).toHaveLength(smallSchemaGraph().tables.length);

    const result = await index.ground('Tell me about zorblax');
    expect(embedder.calls.at(-1)).toEqual(['tell me about zorblax']);
    expect(result.enrichment).toEqual({ triggered: true, k: 3, embedder: 'keyword-fake-v1', added: [{ table: 'REGION', similarity: 1 }] });
    expect(result.initialTargets).toEqual(['REGION']);

    // The default embedder knows nothing of zorblax.
    const offline = await (await GroundingIndex.build(smallSchemaGraph())).ground('Tell me about zorblax');
    expect(offline.enrichment.embedder).toBe('offline-lexical-v3');
    expect(offline.initialTargets).toEqual([]);
  });

  it('never adds a table its profile counted empty, and never enriches a question without a word', async () => {
    const data = smallSchemaGraph().toData();
    const profiledEmptyRegion = new ContextGraph({
      ...data,
      tables: data.tables.map((t) =>
        t.name === 'REGION'
          ? {
              ...t,
              rowCount: 0,
              columns: t.columns.map((c) => ({ ...c, stats: { rowCount: 0, count: 0, nulls: 0, distinct: 0, min: null, max: null } })),
            }
          : t,
      ),
    });
    const index = await GroundingIndex.build(profiledEmptyRegion, { embedder: new KeywordEmbedder() });
    const result = await index.ground('Tell me about zorblax');
    expect(result.enrichment.triggered).toBe(true);
    expect(result.enrichment.added).toEqual([]);
    expect(result.initialTargets).toEqual([]);

    const numbers = await (await GroundingIndex.build(smallSchemaGraph(), { embedder: new KeywordEmbedder() })).ground('1234');
    expect(numbers.enrichment).toMatchObject({ triggered: true, embedder: null, added: [] });
  });

  it('enriches only when fewer than k tables are grounded (the parameter k)', async () => {
    const embedder = new KeywordEmbedder();
    const index = await GroundingIndex.build(smallSchemaGraph(), { embedder, params: { k: 1 } });
    const built = embedder.calls.length;
    const one = await index.ground('List the suppliers');
    expect(one.grounded.map((g) => g.table)).toEqual(['SUPPLIER']);
    expect(one.enrichment).toEqual({ triggered: false, k: 1, embedder: null, added: [] });
    expect(embedder.calls).toHaveLength(built);

    const byDefault = new KeywordEmbedder();
    const indexByDefault = await GroundingIndex.build(smallSchemaGraph(), { embedder: byDefault });
    const builtByDefault = byDefault.calls.length;
    const three = await indexByDefault.ground('List the suppliers');
    expect(three.enrichment).toMatchObject({ triggered: true, k: 3, embedder: 'keyword-fake-v1' });
    expect(byDefault.calls).toHaveLength(builtByDefault + 1);
  });
});

describe('determinism', () => {
  it('grounds a question the same way on two separately built indexes', async () => {
    const [a, b] = await Promise.all([GroundingIndex.build(tpchSchemaGraph()), GroundingIndex.build(tpchSchemaGraph())]);
    expect(a.size).toBe(b.size);
    expect(a.size).toBeGreaterThan(0);
    for (const question of [
      'Which Indian suppliers are shipping the most to China?',
      'How are our sales trending?',
      'account balance of customers in the Middle East',
      'urgent orders shipped by truck after the ship date',
    ]) {
      const first = await a.ground(question);
      expect(first.question).toBe(question);
      expect(await b.ground(question)).toEqual(first);
    }
  });
});
