import { describe, expect, it } from 'vitest';
import { createChatModel, createEmbedder, ModelError, parseModelSpec } from './index.js';
import { openAiChat, startFakeServer } from './test-support/fake-server.js';

describe('parseModelSpec', () => {
  it('parses the documented forms', () => {
    expect(parseModelSpec('ollama:qwen2.5:7b@http://127.0.0.1:11434', {})).toEqual({
      provider: 'ollama',
      model: 'qwen2.5:7b',
      baseUrl: 'http://127.0.0.1:11434',
    });
    expect(parseModelSpec('ollama:qwen2.5:7b', {})).toEqual({ provider: 'ollama', model: 'qwen2.5:7b', baseUrl: 'http://127.0.0.1:11434' });
    expect(parseModelSpec('ollama:llama3.1', { OLLAMA_HOST: '10.0.0.5:11434' }).baseUrl).toBe('http://10.0.0.5:11434');
    expect(parseModelSpec('openai:gpt-4o-mini', {})).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com/v1',
    });
    expect(parseModelSpec('openai:gpt-4o-mini', { OPENAI_BASE_URL: 'http://localhost:8000/v1/' }).baseUrl).toBe('http://localhost:8000/v1');
    expect(parseModelSpec('openai:model@http://127.0.0.1:8000/v1', {})).toEqual({
      provider: 'openai',
      model: 'model',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
    expect(parseModelSpec('openai:org/model@v2@https://host/v1', {})).toMatchObject({ model: 'org/model@v2', baseUrl: 'https://host/v1' });
    expect(parseModelSpec('transformers:./models/all-MiniLM-L6-v2', {})).toEqual({
      provider: 'transformers',
      model: './models/all-MiniLM-L6-v2',
      baseUrl: null,
    });
  });

  it.each([
    ['', /expected provider:model/],
    ['qwen2.5', /expected provider:model/],
    ['claude:opus', /unknown provider "claude"/],
    ['ollama:', /the model name is empty/],
    ['ollama:@http://x', /the model name is empty/],
    ['openai:my model', /whitespace/],
    ['offline', /OfflineEmbedder in @guided-retrieval\/grounding/],
    ['offline:256', /OfflineEmbedder in @guided-retrieval\/grounding/],
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
    expect(createEmbedder('ollama:nomic-embed-text').id).toBe('ollama:nomic-embed-text');
    expect(createEmbedder('transformers:/models/all-MiniLM-L6-v2').id).toBe('transformers:all-MiniLM-L6-v2');
  });

  it('asks for OPENAI_API_KEY for api.openai.com, without a key in sight', () => {
    expect(() => createChatModel('openai:gpt-4o-mini', { env: {} })).toThrow(/needs an API key: set OPENAI_API_KEY/);
  });

  it('refuses chat from embedding-only providers', () => {
    expect(() => createChatModel('transformers:/m')).toThrow(/transformers has no chat models/);
  });
});

describe('a URL with credentials', () => {
  it('is parsed as the URL it is: the model, the host without credentials, the password as the key', () => {
    expect(parseModelSpec('openai:m@http://user:secret@host.example/v1', {})).toEqual({
      provider: 'openai',
      model: 'm',
      baseUrl: 'http://host.example/v1',
      urlSecret: 'secret',
    });
    expect(parseModelSpec('openai:org/m@v2@https://u:p%40ss@host/v1', {})).toMatchObject({
      model: 'org/m@v2',
      baseUrl: 'https://host/v1',
      urlSecret: 'p@ss',
    });
  });

  it('never prints the credentials, and refuses them on an ollama URL', () => {
    const message = (() => {
      try {
        createChatModel('ollama:qwen2.5:7b@http://user:secret@host:11434', { env: {} });
      } catch (error) {
        return (error as ModelError).message;
      }
      return '';
    })();
    expect(message).toMatch(/an ollama URL cannot carry credentials/);
    expect(message).toContain('http://user:***@host:11434');
    expect(message).not.toContain('secret');
  });

  it('sends the request to the given host, with the password as the API key, never to the public default', async () => {
    const server = await startFakeServer(() => openAiChat('{"paths":[1]}'));
    try {
      const url = new URL(server.url);
      const model = createChatModel(`openai:m@http://user:secret@${url.host}/v1`, { env: {}, backoffMs: 5 });
      await model.complete({ messages: [{ role: 'user', content: 'Paths?' }] });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.path).toBe('/v1/chat/completions');
      expect(server.received[0]!.headers.authorization).toBe('Bearer secret');
    } finally {
      await server.close();
    }
  });
});
