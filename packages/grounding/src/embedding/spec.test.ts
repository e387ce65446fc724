import { ModelError } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { OFFLINE_EMBEDDER_ID } from './offline-embedder.js';
import { embedderFromSpec } from './spec.js';

describe('embedderFromSpec', () => {
  it('builds the offline embedder from `offline` and `offline:<dimensions>`', () => {
    expect(embedderFromSpec('offline').id).toBe(OFFLINE_EMBEDDER_ID);
    expect(embedderFromSpec('offline').dimensions).toBe(512);
    expect(embedderFromSpec(' offline:64 ').dimensions).toBe(64);
  });

  it('rejects offline dimensions that are not a positive integer, as a config error', () => {
    for (const spec of ['offline:big', 'offline:0', 'offline:1.5']) {
      const error = (() => {
        try {
          embedderFromSpec(spec);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error, spec).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ kind: 'config', message: expect.stringMatching(/offline takes a number of dimensions/) });
    }
  });

  it('hands every other spec to the model clients', () => {
    expect(embedderFromSpec('ollama:nomic-embed-text').id).toBe('ollama:nomic-embed-text');
    expect(embedderFromSpec('transformers:/models/all-MiniLM-L6-v2').id).toBe('transformers:all-MiniLM-L6-v2');
    expect(() => embedderFromSpec('claude:opus')).toThrow(/unknown provider "claude"/);
  });
});
