/**
 * Every README example compiles, and the runnable ones run: each ```ts block of
 * `packages/*\/README.md` is typechecked as a module of its own against the built packages (as a
 * user's project sees them: their `exports` and `.d.ts`), strict; each ```ts run block is run
 * with Node in a folder holding the files the READMEs name.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { generateTpch } from '@guided-retrieval/tpch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atReadmeLine, type ReadmeExample, readmeExamples } from './readme-examples.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const examples = readdirSync(join(root, 'packages'))
  .sort()
  .flatMap((pkg) => readmeExamples(readFileSync(join(root, 'packages', pkg, 'README.md'), 'utf8'), pkg));

let dir: string;
/** What `tsc` said of the examples (empty when they all typecheck), and its exit status. */
let compiled: { said: string; status: number | null };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'guided-readme-examples-'));
  // The examples resolve the packages as a project depending on them does: through node_modules.
  symlinkSync(join(root, 'tooling', 'pack-check', 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'readme-examples', private: true, type: 'module' })}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          outDir: 'out',
          rootDir: '.',
          types: ['node'],
          typeRoots: [join(root, 'node_modules', '@types')],
        },
        include: ['*.ts'],
      },
      null,
      2,
    )}\n`,
  );
  for (const e of examples) writeFileSync(join(dir, e.file), e.code);
  // The files the examples name: a TPC-H database, its graph, parameter files of one's own.
  generateTpch({ path: join(dir, 'tpch.sqlite'), scaleFactor: 0.01 });
  await saveGraph(await buildGraph(join(dir, 'tpch.sqlite'), { name: 'tpch' }), join(dir, 'tpch.graph.json'));
  copyFileSync(join(root, 'packages', 'grounding', 'params', 'grounding.json'), join(dir, 'my-grounding.json'));
  copyFileSync(join(root, 'packages', 'retrieval', 'params', 'heuristic.json'), join(dir, 'my-heuristic.json'));
  mkdirSync(join(dir, 'out'));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
  compiled = { said: atReadmeLine(`${tsc.stdout}${tsc.stderr}`, examples), status: tsc.status };
}, 300_000);

/** Runs a compiled example in the folder of files. */
const runExample = (e: ReadmeExample) =>
  spawnSync(process.execPath, [join('out', e.file.replace(/\.ts$/, '.js'))], { cwd: dir, encoding: 'utf8' });

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the README examples', () => {
  it('are found in the packages that document a call', () => {
    const packages = new Set(examples.map((e) => e.pkg));
    for (const pkg of ['profiler', 'join-inference', 'context-graph', 'grounding', 'retrieval', 'text']) expect(packages).toContain(pkg);
    expect(examples.filter((e) => e.run).length).toBeGreaterThanOrEqual(6);
  });

  it('typecheck, each a module of its own, strict', () => {
    expect(compiled.said).toBe('');
    expect(compiled.status).toBe(0);
  });

  it.each(examples.filter((e) => e.run).map((e) => [`packages/${e.pkg}/README.md:${e.line}`, e] as const))(
    '%s runs',
    (_, e: ReadmeExample) => {
      const run = runExample(e);
      expect(run.stderr.split('\n').filter((l) => /Error|error:/.test(l))).toEqual([]);
      expect(run.status).toBe(0);
    },
  );

  it('builds a graph from a SQLite file with a dictionary and answers a question, no app code (retrieval README)', () => {
    const example = examples.find((e) => e.pkg === 'retrieval' && e.run && e.code.includes("from '@guided-retrieval/context-graph/build'"));
    expect(example?.code).toMatch(/dictionary/);
    const run = runExample(example!);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/FROM LINEITEM AS lineitem/);
    // the dictionary's description reaches the prompt context
    expect(run.stdout).toContain('account balance');
  });
});
