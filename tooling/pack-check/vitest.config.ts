import { packageTestConfig } from '../vitest.shared.ts';

// npm installs the packed packages and their dependencies from the registry (better-sqlite3 may compile).
export default packageTestConfig('pack-check', 900_000);
