import { cosineSimilarity } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { closest, similaritiesTo, tableVector } from './similarity.js';

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

describe('similarity to the tables', () => {
  const tables = Array.from({ length: 60 }, (_, i) => tableVector(`t${i}`, vector(i + 1, 512, i % 3 === 0 ? 512 : 40)));
  tables.push(tableVector('zero', new Float32Array(512)), tableVector('t1 again', tables[1]!.vector));
  const questions = [vector(7, 512, 12), vector(8, 512, 512), new Float32Array(512), vector(9, 512, 1)];

  it('gives each table the cosine cosineSimilarity gives, bit for bit, sparse question or dense', () => {
    for (const question of questions) {
      const expected = tables.map((t) => ({ table: t.table, similarity: Math.round(cosineSimilarity(question, t.vector) * 1e6) / 1e6 }));
      expect(similaritiesTo(question, tables, () => true)).toEqual(expected);
      expect(similaritiesTo(question, tables, (t) => t !== 'zero')).toEqual(expected.filter((e) => e.table !== 'zero'));
    }
  });

  it('puts the closest n in the order a whole sort would, ties by name', () => {
    for (const question of questions) {
      const found = similaritiesTo(question, tables, () => true);
      const sorted = [...found].sort((a, b) => b.similarity - a.similarity || (a.table < b.table ? -1 : 1));
      for (const n of [0, 1, 3, 10, 62, 100]) expect(closest(found, n)).toEqual(sorted.slice(0, n));
    }
  });
});
