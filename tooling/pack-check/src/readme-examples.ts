/**
 * The code examples of the packages' READMEs, as the tests compile and run them: every ```ts
 * block is a whole module that must typecheck against the built packages; a block whose fence
 * says ```ts run is also run (in a folder holding the files the READMEs name: `tpch.sqlite`,
 * `tpch.graph.json`, `my-grounding.json`, `my-heuristic.json`).
 */
export interface ReadmeExample {
  /** The package folder's name (`profiler`). */
  pkg: string;
  /** The file it is written to: `<pkg>-<n>.ts`, n counting from 1 in the README's order. */
  file: string;
  /** The README line of the block's first line of code. */
  line: number;
  code: string;
  run: boolean;
}

/** The ```ts blocks of one README. */
export function readmeExamples(readme: string, pkg: string): ReadmeExample[] {
  const out: ReadmeExample[] = [];
  for (const block of readme.matchAll(/^```ts( run)?[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)) {
    const line = readme.slice(0, block.index).split('\n').length + 1;
    out.push({ pkg, file: `${pkg}-${out.length + 1}.ts`, line, code: block[2]!, run: block[1] !== undefined });
  }
  return out;
}

/** A compiler message about `<pkg>-<n>.ts(line,col)` said about the README line it comes from. */
export function atReadmeLine(message: string, examples: readonly ReadmeExample[]): string {
  return message.replace(/(?:[^\s(]*[\\/])?([\w-]+\.ts)\((\d+),(\d+)\)/g, (whole, file: string, line: string, column: string) => {
    const example = examples.find((e) => e.file === file);
    return example ? `packages/${example.pkg}/README.md:${example.line + Number(line) - 1}:${column}` : whole;
  });
}
