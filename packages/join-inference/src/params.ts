/**
 * Every number that tunes join inference, in one checked file: `params/join-inference.json`
 * (`defaultJoinParams`). `inferJoins(profile, { params })` takes some of them otherwise (the fit
 * and the benchmarks do). The thresholds marked *fitted* were chosen on the training databases
 * (`../shared/benchmarks/train-dbs`, cross-validated by database: `pnpm eval --bench fit-joins`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface JoinParams {
  // ─── Which edges are kept ────────────────────────────────────────────────────────────────────

  /** Inferred edges below this confidence are dropped unless an adjudicator confirms them (*fitted*). */
  minConfidence: number;
  /** The middle band an adjudicator is asked about, from this… */
  adjudicationLow: number;
  /** …up to (not including) this; an edge it confirms rises to it. */
  adjudicationHigh: number;
  /** Candidates within this much of a column's best are near ties: the tightest key wins among them. */
  nearTie: number;
  /** What each further equally fitting sibling key takes off the chosen one's confidence. */
  siblingPenalty: number;
  /** Candidates an adjudicator is asked about per model call: keeps each prompt small. */
  adjudicationBatchSize: number;
  /** Most sample values of a column an adjudicator is shown. */
  adjudicationSampleValues: number;

  // ─── Inclusion of values ─────────────────────────────────────────────────────────────────────

  /** Estimated containment below this is no inclusion dependency (slack for sketch error and dirty rows). */
  minContainment: number;
  /** Containment counted exactly (whole sketch, dense range, every value sampled) must be nearly total. */
  minExactContainment: number;
  /** Fewer coordinated hashes than this give no estimate from two bottom-k sketches. */
  minCoordinatedHashes: number;
  /** Integers probed to tell how densely a key fills a range (evenly spaced over it). */
  densityProbes: number;

  // ─── Confidence of a single-column reference (`combine`) ─────────────────────────────────────

  /** With values compared: the base, then times the name's score, plus for a reference-like name, times the key's score. */
  checkedBase: number;
  checkedName: number;
  checkedReferenceLike: number;
  checkedKey: number;
  /** Off a containment read from a dense range or the sampled values (weaker than a sketch). */
  weakContainmentPenalty: number;
  /** Off a referencing column that is unique itself, when the name does not say exactly this key. */
  uniqueFromPenalty: number;
  /** Without values to compare (names only): the same terms. */
  namesBase: number;
  namesName: number;
  namesReferenceLike: number;
  namesKey: number;
  /** A unique column that is not its table's best key needs this key score (an identifier name): else it is a value. */
  minTargetKeyScore: number;
  /** A referencing column's numbers must lie this much inside the key's range (dirty rows may stray a little). */
  minRangeInside: number;
  /** With exact counts, a referencing column may hold this many times the key's distinct values (plus one): a few dirty rows. */
  distinctSlack: number;

  // ─── Name evidence (`names.ts`, `nameMatch`) ─────────────────────────────────────────────────

  /**
   * What a name says of a key, below the 1 of a name that says exactly this key: a role or a
   * reference suffix around the key's or its table's name (`manager_staff_id`, `cust_id`), the
   * key's name without its suffix (`zip` → zip_code), one word of the table's name plus the key's…
   */
  nameScoreRole: number;
  /** …the same generic name (`ID` = `ID`), a column named after the table or mentioning it (`link_to_member`)… */
  nameScoreNamed: number;
  /** …a word in common with the table (`ShipVia` → Shippers). */
  nameScoreSharedWord: number;
  /** A word before an underscore of at most this many letters is a table's column prefix (`l_orderkey`)… */
  tablePrefixMaxLetters: number;
  /** …and one of this many that abbreviates a word (`inv_item_sk`); a word of that length else is none (`app_id`). */
  tablePrefixAbbreviationLetters: number;
  /** The fewest letters of a name, stem, role or word that names a thing (`id`, `no` name none). */
  nameMinLetters: number;
  /** The fewest letters of a word found glued to another or by its start (`commitdate` → date, `CapProv` → Province). */
  gluedMinLetters: number;
  /** The fewest letters of a word read as a plural (`subscriptions`: a list or a count, not one thing). */
  pluralMinLetters: number;
  /** Two columns spelt the very same are one name from this many letters, a short first word no prefix (`emp_no`). */
  sameNameMinLetters: number;
  /** A table's column prefix (`sbTx` of `sbTxId`, `sbTxCustId`) is looked for in tables of at least this many columns. */
  columnPrefixMinColumns: number;

  // ─── How much a single column looks like its table's key (`keys.ts`, `singleKeyScore`) ───────

  /** Text longer than this many characters is no key (a key holds codes, not prose). */
  keyMaxTextLength: number;
  /** The base of a unique column holding NULLs, and of one holding none. */
  keyBaseWithNulls: number;
  keyBase: number;
  /** Off a distinct count estimated from a sample. */
  keyEstimatedPenalty: number;
  /** For a name after its table (`customer_id` of customer), else an identifier name (`id`, `code`), else a reference-like one. */
  keyNamedAfterTable: number;
  keyIdentifierName: number;
  keyReferenceLikeName: number;
  /** For integers. */
  keyInteger: number;
  /** For text of one length up to `keyCodeMaxLength` characters (a fixed-length code). */
  keyFixedLengthCode: number;
  keyCodeMaxLength: number;
  /** For the table's first column. */
  keyFirstColumn: number;
  /** A table without values: its key read off a name naming its thing, else off a first reference-like column. */
  keyNamesOnlyNamed: number;
  keyNamesOnlyFirst: number;

  // ─── Composite keys and references (`composite.ts`) ──────────────────────────────────────────

  /** Columns of a table, from its first key-like ones, that a composite key is looked for among. */
  compositeLeadingColumns: number;
  /** Most columns in a composite key. */
  compositeMaxColumns: number;
  /** A table whose best single-column key scores at least this has no composite key looked for. */
  compositeOwnKeyScore: number;
  /** Each referencing column's values must lie this much inside its key column's, one by one, to be worth profiling as a set. */
  compositeColumnContainment: number;
  /** A referencing set's tuples must lie this much inside the key's, estimated from sketches (counted whole: `minExactContainment`). */
  compositeMinContainment: number;
  /** An estimated distinct count of tuples at least this share of the rows reads as unique (exact counts must be). */
  nearUniqueShare: number;
  /** Confidence of a composite reference whose every column's name agrees with its key column's. */
  compositeConfidence: number;
  /** What a column matched by values alone (its key column's name generic: `Name`) takes off. */
  compositeUnnamedPenalty: number;
  /** Most column sets profiled together for one database (the rest are left out, last tables first). */
  maxColumnSets: number;
  /** Most assignments of referencing columns tried per key and table: a table of many alike columns stops here. */
  compositeMaxAssignments: number;

  // ─── Columns that never join (`bookkeeping.ts`) ──────────────────────────────────────────────

  /** A name carried by at least this share of the tables (and `conventionMinTables`) is a convention. */
  conventionShare: number;
  conventionMinTables: number;
  /** A column holding one value over at least this many rows is a constant, not a reference. */
  constantMinRows: number;
  /** Two tables sharing at least this share of each one's column names are copies of one table, not references. */
  copyShare: number;
  /** …and at least this many columns: two tables of an `id` and a `name` are no copies. */
  copyMinShared: number;
  /** A column name more tables than this carry is a convention, and says nothing of copies. */
  copyMaxHolders: number;

  // ─── References by role and values (`roles.ts`) ──────────────────────────────────────────────

  /** Confidence of a reference found by role name and values: above the default floor, inside the adjudication band. */
  roleConfidence: number;
  /** A referenced key must be its table's own and at least this key-like (a declared key is 1). */
  roleMinKeyScore: number;
  /** Containment role references need: counted exactly, and estimated from sketches. */
  roleMinExactContainment: number;
  roleMinEstimatedContainment: number;
  /** Values that would all fall inside a key by chance at most this often tell it apart. */
  roleMaxChance: number;
  /** Most distinct values counted in that chance (each one more makes it smaller). */
  roleChanceMaxValues: number;

  // ─── References by a shared name alone (`shared.ts`: tables without values) ──────────────────

  /** Confidence of a reference read off a shared name alone. */
  sharedNameConfidence: number;
  /** A name carried by more tables than this share (and more than `sharedMinHolders`) is a convention (`created_at`), not a key. */
  sharedMaxHolderShare: number;
  sharedMinHolders: number;
}

/** What reading names takes of the parameters (`names.ts`). */
export type NameParams = Pick<
  JoinParams,
  | 'nameScoreRole'
  | 'nameScoreNamed'
  | 'nameScoreSharedWord'
  | 'tablePrefixMaxLetters'
  | 'tablePrefixAbbreviationLetters'
  | 'nameMinLetters'
  | 'gluedMinLetters'
  | 'pluralMinLetters'
  | 'sameNameMinLetters'
  | 'columnPrefixMinColumns'
>;

const KEYS: readonly (keyof JoinParams)[] = [
  'minConfidence',
  'adjudicationLow',
  'adjudicationHigh',
  'nearTie',
  'siblingPenalty',
  'adjudicationBatchSize',
  'adjudicationSampleValues',
  'minContainment',
  'minExactContainment',
  'minCoordinatedHashes',
  'densityProbes',
  'checkedBase',
  'checkedName',
  'checkedReferenceLike',
  'checkedKey',
  'weakContainmentPenalty',
  'uniqueFromPenalty',
  'namesBase',
  'namesName',
  'namesReferenceLike',
  'namesKey',
  'minTargetKeyScore',
  'minRangeInside',
  'distinctSlack',
  'nameScoreRole',
  'nameScoreNamed',
  'nameScoreSharedWord',
  'tablePrefixMaxLetters',
  'tablePrefixAbbreviationLetters',
  'nameMinLetters',
  'gluedMinLetters',
  'pluralMinLetters',
  'sameNameMinLetters',
  'columnPrefixMinColumns',
  'keyMaxTextLength',
  'keyBaseWithNulls',
  'keyBase',
  'keyEstimatedPenalty',
  'keyNamedAfterTable',
  'keyIdentifierName',
  'keyReferenceLikeName',
  'keyInteger',
  'keyFixedLengthCode',
  'keyCodeMaxLength',
  'keyFirstColumn',
  'keyNamesOnlyNamed',
  'keyNamesOnlyFirst',
  'compositeLeadingColumns',
  'compositeMaxColumns',
  'compositeOwnKeyScore',
  'compositeColumnContainment',
  'compositeMinContainment',
  'nearUniqueShare',
  'compositeConfidence',
  'compositeUnnamedPenalty',
  'maxColumnSets',
  'compositeMaxAssignments',
  'conventionShare',
  'conventionMinTables',
  'constantMinRows',
  'copyShare',
  'copyMinShared',
  'copyMaxHolders',
  'roleConfidence',
  'roleMinKeyScore',
  'roleMinExactContainment',
  'roleMinEstimatedContainment',
  'roleMaxChance',
  'roleChanceMaxValues',
  'sharedNameConfidence',
  'sharedMaxHolderShare',
  'sharedMinHolders',
];

const DEFAULTS_FILE = new URL('../params/join-inference.json', import.meta.url);

let defaults: JoinParams | undefined;

/** The parameters of `params/join-inference.json`, read and checked once; frozen. */
export function defaultJoinParams(): JoinParams {
  defaults ??= loadJoinParams(DEFAULTS_FILE);
  return defaults;
}

/**
 * A parameters file, checked: an unknown key, a missing one or a value that is not a number is an
 * error naming the key and the file.
 */
export function loadJoinParams(file: string | URL): JoinParams {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`join-inference parameters file ${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  return Object.freeze(checkJoinParams(raw, `join-inference parameters ${path}`, false) as unknown as JoinParams);
}

/**
 * Writes fitted values into a parameters file (the package's own by default: what `pnpm eval
 * --bench fit-joins --write` calls), checked as a file is read, its other values and their order
 * kept; the defaults are read anew after.
 */
export function writeJoinParams(values: Partial<JoinParams>, file: string | URL = DEFAULTS_FILE): JoinParams {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  const written = withJoinParams(values, loadJoinParams(path));
  writeFileSync(path, `${JSON.stringify(written, null, 2)}\n`);
  if (path === fileURLToPath(DEFAULTS_FILE)) defaults = undefined;
  return written;
}

/** `base` (the defaults unless given) with some parameters set otherwise, checked as a file is. */
export function withJoinParams(overrides: Partial<JoinParams> | undefined, base: JoinParams = defaultJoinParams()): JoinParams {
  if (overrides === undefined || Object.keys(overrides).length === 0) return base;
  checkJoinParams(overrides, 'join-inference parameter overrides', true);
  return Object.freeze({ ...base, ...overrides });
}

function checkJoinParams(raw: unknown, where: string, partial: boolean): Record<string, number> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where}: expected a JSON object of parameters`);
  const given = raw as Record<string, unknown>;
  const known = new Set<string>(KEYS);
  for (const [key, value] of Object.entries(given)) {
    if (!known.has(key)) throw new Error(`${where}: unknown parameter "${key}"`);
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`${where}: parameter "${key}" must be a number, not ${JSON.stringify(value)}`);
  }
  if (!partial) for (const key of KEYS) if (!Object.hasOwn(given, key)) throw new Error(`${where}: missing parameter "${key}"`);
  return given as Record<string, number>;
}
