import { cosineSimilarity } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { rankBySimilarity, tableVector } from './enrich.js';

/** A vector of `dims` places, `filled` of them not zero, from a seeded sequence. */
function vector(seed: number, dims: number, filled: number): Float32Array {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const v = new Float32Array(dims);
  for (let n = 0; n < filled; n++) v[Math.floor(next() * dims)] = next() * 2 - 1;
  return v;
}

describe('rankBySimilarity', () => {
  it('gives each table the cosine cosineSimilarity gives, bit for bit, sparse question or dense', () => {
    const tables = Array.from({ length: 60 }, (_, i) => tableVector(`t${i}`, vector(i + 1, 512, i % 3 === 0 ? 512 : 40)));
    tables.push(tableVector('zero', new Float32Array(512)));
    for (const question of [vector(7, 512, 12), vector(8, 512, 512), new Float32Array(512), vector(9, 512, 1)]) {
      const ranked = rankBySimilarity(question, tables);
      const expected = tables
        .map((t) => ({ table: t.table, similarity: Math.round(cosineSimilarity(question, t.vector) * 1e6) / 1e6 }))
        .sort((a, b) => b.similarity - a.similarity || (a.table < b.table ? -1 : 1));
      expect(ranked).toEqual(expected);
    }
  });
});
