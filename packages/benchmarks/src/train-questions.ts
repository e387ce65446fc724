/**
 * `train-questions`: the training questions (`train-questions/questions-*.jsonl`) over the
 * training databases (`train-dbs/`), asked as the sample questions are, from the SQLite build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BenchmarkDataError } from './files.js';
import type { SampleBuild, SampleDatabase } from './sample-builds.js';

export interface TrainingQuestions {
  /** The question files, `questions*.jsonl` in name order. */
  questionsFile: string[];
  /** The training databases the questions ask about. */
  sampleDatabases: readonly SampleDatabase[];
  bench: 'train-questions';
  /** They are asked of the SQLite files only. */
  build: SampleBuild;
}

/** The files and databases of the training questions under `dataDir` (the folder holding train-dbs/ and train-questions/). */
export function trainingQuestions(dataDir: string): TrainingQuestions {
  const folder = join(dataDir, 'train-questions');
  if (!existsSync(folder))
    throw new BenchmarkDataError(
      `train-questions: ${folder} not found (point --data at the folder holding train-dbs/ and train-questions/)`,
    );
  const files = readdirSync(folder)
    .filter((f) => /^questions.*\.jsonl$/.test(f))
    .sort()
    .map((f) => join(folder, f));
  if (files.length === 0) throw new BenchmarkDataError(`train-questions: no questions*.jsonl in ${folder}`);
  return { questionsFile: files, sampleDatabases: trainingDatabases(dataDir), bench: 'train-questions', build: 'sqlite' };
}

/**
 * The training databases (`train-dbs/<name>/<name>.sqlite`, real rows, keys declared) that
 * `train-questions` asks about, every folder that holds one, in name order: built from their
 * SQLite files only. Retrieval is fitted on them, never measured.
 */
export function trainingDatabases(dataDir: string): SampleDatabase[] {
  const folder = join(dataDir, 'train-dbs');
  if (!existsSync(folder)) throw new BenchmarkDataError(`train-questions: ${folder} not found (the training databases)`);
  return readdirSync(folder, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(folder, d.name, `${d.name}.sqlite`)))
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, sqlite: `train-dbs/${name}/${name}.sqlite` }));
}
