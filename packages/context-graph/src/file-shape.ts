/** A field of a graph file as a JSON path (`tables[3].columns[5][2]`), worked out only when something is wrong there. */
export type Path = () => string;

/** A field of the wrong type or shape: the message starts with its JSON path. */
export class FileShapeError extends Error {
  override name = 'FileShapeError';

  constructor(at: Path, problem: string) {
    super(`${at()}: ${problem}`);
  }
}

/** The list itself when it holds only strings (it is the parsed file's own, so no copy is needed). */
export function stringList(value: unknown, at: Path): string[] {
  if (!Array.isArray(value)) throw new FileShapeError(at, 'expected a list of strings');
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') throw new FileShapeError(() => `${at()}[${i}]`, 'expected a string');
  }
  return value as string[];
}
