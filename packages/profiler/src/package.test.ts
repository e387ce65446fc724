import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const sources = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(here, f), 'utf8') }));

describe('the package stands alone', () => {
  it('has no runtime dependencies; better-sqlite3 is an optional peer', () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies?.['better-sqlite3']).toBeDefined();
    expect(manifest.peerDependenciesMeta?.['better-sqlite3']?.optional).toBe(true);
  });

  it('imports no workspace package from its sources', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from\s+['"]@guided-retrieval\//);
      expect(text, file).not.toMatch(/import\(\s*['"]@guided-retrieval\//);
    }
  });

  it('loads better-sqlite3 only lazily (type imports aside)', () => {
    for (const { file, text } of sources) {
      const valueImports = text.match(/^import\s+(?!type\b)[^;]*from\s+['"]better-sqlite3['"]/gm) ?? [];
      expect(valueImports, file).toEqual([]);
    }
    const lazy = sources.filter(({ text }) => text.includes("import('better-sqlite3')"));
    expect(lazy.map((s) => s.file)).toEqual(['driver.ts']);
  });
});
