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
  it('has no runtime dependency; every driver is an optional peer', () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const driver of ['better-sqlite3', 'pg', '@duckdb/node-api']) {
      expect(manifest.peerDependencies?.[driver], driver).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[driver]?.optional, driver).toBe(true);
    }
  });

  it('imports no workspace package from its sources', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from\s+['"]@guided-retrieval\//);
      expect(text, file).not.toMatch(/import\(\s*['"]@guided-retrieval\//);
    }
  });

  it.each(['better-sqlite3', 'pg', '@duckdb/node-api'])('loads %s only lazily (type imports aside)', (driver) => {
    for (const { file, text } of sources) {
      const valueImports = text.match(new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+['"]${driver}['"]`, 'gm')) ?? [];
      expect(valueImports, file).toEqual([]);
    }
    const lazy = sources.filter(({ text }) => text.includes(`import('${driver}')`));
    expect(lazy.map((s) => s.file)).toEqual(['driver.ts']);
  });
});
