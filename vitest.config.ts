import { defineConfig } from 'vitest/config';

// Lets `pnpm exec vitest` run every package's tests from the root; `pnpm test` runs them through turbo.
export default defineConfig({ test: { projects: ['packages/*', 'apps/*'] } });
