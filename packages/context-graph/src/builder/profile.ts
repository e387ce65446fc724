import { columnSetsToProfile } from '@guided-retrieval/join-inference';
import { type Connector, type DatabaseProfile, type ProfileOptions, profileDatabase } from '@guided-retrieval/profiler';

/**
 * Profiles a database for its graph, read-only: `profileDatabase` with the column sets join
 * inference checks as composite keys (`columnSetsToProfile`).
 */
export function profileForGraph(connector: Connector, options: Omit<ProfileOptions, 'columnSets'> = {}): Promise<DatabaseProfile> {
  return profileDatabase(connector, { ...options, columnSets: columnSetsToProfile });
}
