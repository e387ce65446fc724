/** Reading a benchmark's JSON files, with one-line errors that say which file and what to do. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A benchmark folder or file that is missing or does not have the expected shape. */
export class BenchmarkDataError extends Error {
  override name = 'BenchmarkDataError';
}

/** How a loader names its benchmark in errors, and what its folder must hold. */
export interface DataFolder {
  /** 'BIRD dev', 'Spider dev'. */
  label: string;
  dir: string;
  /** The files the folder must hold, for the hint: 'dev.json and dev_tables.json'. */
  required: string;
}

function hint(folder: DataFolder): string {
  return `point --data at the folder that holds ${folder.required}`;
}

/** Throws unless `folder.dir` is an existing directory. */
export function requireDirectory(folder: DataFolder): void {
  if (!existsSync(folder.dir))
    throw new BenchmarkDataError(`${folder.label} data not found: ${folder.dir} does not exist (${hint(folder)})`);
  if (!statSync(folder.dir).isDirectory())
    throw new BenchmarkDataError(`${folder.label} data not found: ${folder.dir} is not a directory (${hint(folder)})`);
}

/** Parses `<dir>/<file>`; a missing file or malformed JSON is a one-line BenchmarkDataError. */
export function readJson(folder: DataFolder, file: string): unknown {
  const path = join(folder.dir, file);
  if (!existsSync(path)) throw new BenchmarkDataError(`${folder.label} data not found: ${path} (${hint(folder)})`);
  return parseJsonFile(folder, path);
}

/** Parses `<dir>/<file>` when it exists, else returns undefined. */
export function readOptionalJson(folder: DataFolder, file: string): unknown {
  const path = join(folder.dir, file);
  return existsSync(path) ? parseJsonFile(folder, path) : undefined;
}

function parseJsonFile(folder: DataFolder, path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new BenchmarkDataError(`${folder.label} data unreadable: ${path}: ${oneLine(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BenchmarkDataError(`${folder.label} data is not valid JSON: ${path}: ${oneLine(error)}`);
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

/** A shape error in `path`, one line. */
export function malformed(folder: DataFolder, file: string, what: string): BenchmarkDataError {
  return new BenchmarkDataError(`${folder.label} data is malformed: ${join(folder.dir, file)}: ${what}`);
}
