import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page: web/ → dist/web, served by `guided serve` (src/server/serve.ts).
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: { outDir: fileURLToPath(new URL('./dist/web', import.meta.url)), emptyOutDir: true, sourcemap: true },
});
