/**
 * `@guided-retrieval/grounding/internal`: what grounding shares with the other `@guided-retrieval/*`
 * packages. Not public API: it is versioned with the package, but any release may change it (the
 * changeset says so).
 *
 * - `paramsFile`, `ParamsOf`, `ParamsOverrideOf`, `ParamsSchema`: one schema per parameters file,
 *   from which its type, its check and its defaults' loading follow — grounding's own (`params.ts`)
 *   and retrieval's (`params.ts`, `limits.ts`, `columns/params.ts`), so every file is read and its
 *   errors worded alike.
 * - `spelledAsName`: whether the words of a match are spelled as a name (`QuestionToken.name`),
 *   what retrieval's choice reads to class a value match as grounding's value evidence does.
 */
export { type ParamsOf, type ParamsOverrideOf, type ParamsSchema, paramsFile } from './params-file.js';
export { spelledAsName } from './value-evidence.js';
