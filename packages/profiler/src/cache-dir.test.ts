import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guidedCacheDir } from './cache-dir.js';

afterEach(() => vi.unstubAllEnvs());

describe('guidedCacheDir', () => {
  it('is $GUIDED_CACHE_DIR, else under $XDG_CACHE_HOME, else under ~/.cache', () => {
    vi.stubEnv('GUIDED_CACHE_DIR', '/tmp/guided');
    vi.stubEnv('XDG_CACHE_HOME', '/tmp/xdg');
    expect(guidedCacheDir()).toBe('/tmp/guided');
    vi.stubEnv('GUIDED_CACHE_DIR', undefined);
    expect(guidedCacheDir()).toBe('/tmp/xdg/guided-retrieval');
    vi.stubEnv('XDG_CACHE_HOME', undefined);
    expect(guidedCacheDir()).toBe(join(homedir(), '.cache', 'guided-retrieval'));
  });
});
