import { describe, expect, it } from 'vitest';
import { ModelError, OFFLINE_EMBEDDER_ID, createChatModel, createEmbedder, parseModelSpec } from './index.js';

describe('parseModelSpec', () => {
  it('parses the documented forms', () => {
    expect(parseModelSpec('ollama:qwen2.5:7b@http://127.0.0.1:11434', {})).toEqual({ provider: 'ollama', model: 'qwen2.5:7b', baseUrl: 'http://127.0.0.1:11434' });
    expect(parseModelSpec('ollama:qwen2.5:7b', {})).toEqual({ provider: 'ollama', model: 'qwen2.5:7b', baseUrl: 'http://127.0.0.1:11434' });
    expect(parseModelSpec('ollama:llama3.1', { OLLAMA_HOST: '10.0.0.5:11434' }).baseUrl).toBe('http://10.0.0.5:11434');
    expect(parseModelSpec('openai:gpt-4o-mini', {})).toEqual({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' });
    expect(parseModelSpec('openai:gpt-4o-mini', { OPENAI_BASE_URL: 'http://localhost:8000/v1/' }).baseUrl).toBe('http://localhost:8000/v1');
    expect(parseModelSpec('openai:model@http://127.0.0.1:8000/v1', {})).toEqual({ provider: 'openai', model: 'model', baseUrl: 'http://127.0.0.1:8000/v1' });
    expect(parseModelSpec('openai:org/model@v2@https://host/v1', {})).toMatchObject({ model: 'org/model@v2', baseUrl: 'https://host/v1' });
    expect(parseModelSpec('transformers:./models/all-MiniLM-L6-v2', {})).toEqual({ provider: 'transformers', model: './models/all-MiniLM-L6-v2', baseUrl: null });
    expect(parseModelSpec('offline', {})).toEqual({ provider: 'offline', model: '', baseUrl: null });
    expect(parseModelSpec('offline:256', {})).toEqual({ provider: 'offline', model: '256', baseUrl: null });
  });

  it.each([
    ['', /expected provider:model/],
    ['qwen2.5', /expected provider:model/],
    ['claude:opus', /unknown provider "claude"/],
    ['ollama:', /the model name is empty/],
    ['ollama:@http://x', /the model name is empty/],
    ['openai:my model', /whitespace/],
    ['offline:big', /number of dimensions/],
    ['transformers:m@http://x', /local folder, not a URL/],
  ])('rejects %j clearly', (spec, why) => {
    const error = (() => {
      try {
        parseModelSpec(spec, {});
      } catch (e) {
        return e;
      }
      return null;
    })() as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(why);
    expect(error.message).toContain(`bad model spec "${spec}"`);
    expect(error.message).toContain('examples: ollama:qwen2.5:7b@http://127.0.0.1:11434');
  });

  it('rejects a URL from the environment that is not http(s)', () => {
    expect(() => parseModelSpec('openai:m', { OPENAI_BASE_URL: 'ftp://x' })).toThrow(/"ftp:\/\/x" is not an http\(s\) URL/);
  });
});

describe('createChatModel / createEmbedder', () => {
  it('creates the right adapters', () => {
    expect(createChatModel('ollama:qwen2.5:7b').id).toBe('ollama:qwen2.5:7b');
    expect(createChatModel('openai:m@http://127.0.0.1:1/v1', { env: {} }).id).toBe('openai:m');
    expect(createEmbedder('offline').id).toBe(OFFLINE_EMBEDDER_ID);
    expect(createEmbedder('offline:64').dimensions).toBe(64);
    expect(createEmbedder('ollama:nomic-embed-text').id).toBe('ollama:nomic-embed-text');
    expect(createEmbedder('transformers:/models/all-MiniLM-L6-v2').id).toBe('transformers:all-MiniLM-L6-v2');
  });

  it('asks for OPENAI_API_KEY for api.openai.com, without a key in sight', () => {
    expect(() => createChatModel('openai:gpt-4o-mini', { env: {} })).toThrow(/needs an API key: set OPENAI_API_KEY/);
  });

  it('refuses chat from embedding-only providers', () => {
    expect(() => createChatModel('offline')).toThrow(/offline has no chat models/);
    expect(() => createChatModel('transformers:/m')).toThrow(/transformers has no chat models/);
  });
});
