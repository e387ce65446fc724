/** The progress lines a build reports (`guided build` prints them on stderr, as does `guided profile`). */
import type { ProfileProgress, TableDone } from '@guided-retrieval/profiler';

/** `1 table`, `3 tables`. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const tableStarted = (e: ProfileProgress) => `profiling [${e.index + 1}/${e.total}] ${e.table}…`;

export const tableDone = (e: TableDone) =>
  `profiled [${e.index + 1}/${e.total}] ${e.table}: ${plural(e.rowCount, 'row')}, ${e.sampledRows} sampled, ${e.ms} ms`;

export const profiledAll = (tables: number, source: string, ms: number) =>
  `profiled ${plural(tables, 'table')} of ${source} in ${(ms / 1000).toFixed(1)} s`;
