import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared/benchmarks/dbt-hubspot` beside the repository (or `$GUIDED_DBT_HUBSPOT`): a real dbt project's artifacts. */
export const DBT_HUBSPOT =
  process.env.GUIDED_DBT_HUBSPOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/benchmarks/dbt-hubspot');

/** Whether the artifacts are there; says so on stderr when they are not (the tests that need them are skipped). */
export function hasDbtHubspot(): boolean {
  const present = existsSync(join(DBT_HUBSPOT, 'manifest.json'));
  if (!present) process.stderr.write(`dbt-hubspot tests skipped: ${DBT_HUBSPOT}/manifest.json not found (set GUIDED_DBT_HUBSPOT)\n`);
  return present;
}
