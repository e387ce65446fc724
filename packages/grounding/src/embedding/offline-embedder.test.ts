import { cosineSimilarity } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { CONCEPT_WEIGHT, extractLexicalFeatures, fnv1a32, OfflineEmbedder } from './offline-embedder.js';

const embedder = new OfflineEmbedder();

async function similarity(a: string, b: string): Promise<number> {
  const [x, y] = await embedder.embed([a, b]);
  if (x === undefined || y === undefined) throw new Error('embed returned too few vectors');
  return cosineSimilarity(x, y);
}

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
}

describe('OfflineEmbedder', () => {
  it('has a stable id and 512 dimensions by default', () => {
    expect(embedder.id).toBe('offline-lexical-v3');
    expect(embedder.dimensions).toBe(512);
    expect(new OfflineEmbedder({ dimensions: 64 }).dimensions).toBe(64);
  });

  it('rejects dimensions that are not positive integers', () => {
    for (const dimensions of [0, -3, 1.5, Number.NaN]) {
      expect(() => new OfflineEmbedder({ dimensions })).toThrow(/positive integer/);
    }
  });

  it('is deterministic: same input, identical vectors, across instances', async () => {
    const texts = ['How are our sales trending?', 'L_SHIPDATE', 'supplier account balance'];
    const first = await new OfflineEmbedder().embed(texts);
    const second = await new OfflineEmbedder().embed([...texts].reverse());
    expect(first).toHaveLength(3);
    expect(first).toEqual(second.reverse());
  });

  it('gives one unit-length vector of the configured length per text', async () => {
    const small = new OfflineEmbedder({ dimensions: 64 });
    const vectors = await small.embed(['total revenue by nation', 'orderDate', 'weather in Paris']);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(64);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(await small.embed([])).toEqual([]);
  });

  it('hashes with FNV-1a 32-bit (reference values)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('keeps producing the same vector (else bump the embedder id)', async () => {
    const [v] = await new OfflineEmbedder({ dimensions: 64 }).embed(['Total revenue by customer nation']);
    const nonZero = [...(v ?? [])].map((x, i) => [i, Math.round(x * 1e4) / 1e4] as const).filter(([, x]) => x !== 0);
    expect(nonZero).toEqual([
      [9, 0.3947],
      [11, -0.1973],
      [20, -0.1184],
      [25, -0.3947],
      [30, -0.1973],
      [36, -0.1184],
      [40, -0.3947],
      [47, 0.1973],
      [58, 0.2763],
      [60, 0.3947],
      [61, -0.3947],
    ]);
  });

  it('splits identifiers: L_SHIPDATE shares its features with "ship date"', async () => {
    const features = extractLexicalFeatures('L_SHIPDATE');
    for (const feature of extractLexicalFeatures('ship date').keys()) {
      expect(features.has(feature), feature).toBe(true);
    }
    expect(await similarity('L_SHIPDATE', 'ship date')).toBeGreaterThan(0.9);
    expect(await similarity('orderDate', 'order date')).toBeGreaterThan(0.9);
  });

  it('stems: "suppliers" and "supplier" embed (nearly) identically', async () => {
    expect(await similarity('suppliers', 'supplier')).toBeGreaterThan(0.99);
    expect(await similarity('shipping prices', 'shipped price')).toBeGreaterThan(0.99);
  });

  it('expands concepts: sales trends are nearer order prices and dates than part sizes', async () => {
    const question = 'How are our sales trending?';
    const related = await similarity(question, 'order total price by order date');
    const unrelated = await similarity(question, 'part size container brand');
    expect(related).toBeGreaterThan(0.2);
    expect(related).toBeGreaterThan(unrelated + 0.2);
    expect(await similarity('customers', 'client')).toBeGreaterThan(0.3);
    expect(extractLexicalFeatures('sales').get('revenu')).toBe(CONCEPT_WEIGHT);
  });

  it('scores unrelated texts near 0', async () => {
    expect(await similarity('weather in Paris', 'order total price')).toBeLessThan(0.1);
    expect(await similarity('football match results', 'supplier account balance')).toBeLessThan(0.1);
  });

  it('gives a zero vector for text without features, with cosine 0 to anything', async () => {
    const [empty, stopWordsOnly, other] = await embedder.embed(['', 'what is the most?', 'order']);
    for (const v of [empty, stopWordsOnly]) {
      expect(v?.every((x) => x === 0)).toBe(true);
      expect(cosineSimilarity(v ?? [], other ?? [])).toBe(0);
    }
    expect(extractLexicalFeatures('').size).toBe(0);
  });

  it('throws when comparing vectors of embedders with different dimensions', async () => {
    const [a] = await new OfflineEmbedder({ dimensions: 64 }).embed(['order']);
    const [b] = await embedder.embed(['order']);
    expect(() => cosineSimilarity(a ?? [], b ?? [])).toThrow(/lengths differ \(64 vs 512\)/);
  });
});
