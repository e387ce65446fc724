/**
 * Every number and switch that tunes the deterministic heuristics of exploration, disambiguation
 * and merging, and what a model's prompt shows, in one place: each declared once, in
 * `HEURISTIC_SCHEMA`, from which the type `HeuristicParams` and the check of a file follow. The
 * defaults live in `params/heuristic.json` (`defaultHeuristicParams`); how far paths go, in
 * `params/limits.json` (`limits.ts`).
 */
import { type ParamsOf, type ParamsOverrideOf, type ParamsSchema, paramsFile } from '@guided-retrieval/grounding/internal';

/** Every parameter of `params/heuristic.json`, with its type and documentation. */
const HEURISTIC_SCHEMA = {
  // ─── The tree search's step costs (`weights.ts`) ────────────────────────────────────────────

  /** What walking a key backwards adds to a step's cost of 1. */
  reversedStepPenalty: 'number',
  /** Per doubling of a bridge's in-degree: a dimension many tables reference is a poor bridge (it joins everything to everything). */
  hubPenalty: 'number',
  /** What a bridge that is a look-alike copy of another table (`X_HIST`, `X_1`) adds. */
  lookAlikePenalty: 'number',
  /**
   * Times the bridge's grounding score (at most 1): a grounded bridge is a likelier route. No step
   * costs less than 1 minus this, which lets the searches aim (A*).
   */
  groundedBridgeCredit: 'number',
  /**
   * When no table reaches every target along the keys, what a backward step costs in place of the
   * reversed-step penalty while the source is chosen: backward steps dominate, the fewest first.
   */
  backwardStep: 'number',

  // ─── Target pruning and the result ──────────────────────────────────────────────────────────

  /**
   * More lone tables than this matched alike are a warehouse's copies (one per year, per level):
   * the question does not say which, so none comes along as unjoined (Spider 2.0-lite F1 +0.013).
   */
  maxUnjoined: 'number',
  /**
   * Words before a match on a surrogate foreign key in which a grouping word ("for each sales rep",
   * "per manager") says the question wants the referenced entity named (`roles.ts`).
   */
  groupingWordsBefore: 'number',

  // ─── The fitted choice's features (`choice/features.ts`) ─────────────────────────────────────

  /**
   * Words before a table's name in which a counting word ("how many films", "the number of
   * orders") says the table is counted, not listed: a feature the choice model is fitted on, so
   * changing it asks for a refit (`pnpm fit`). Set by hand.
   */
  countingWordsBefore: 'number',

  // ─── What a model's prompt shows (`llm-disambiguator.ts`, `prompts/`) ───────────────────────

  /** Candidate sources shown, best first (a warehouse may have hundreds); the model may choose only these. */
  promptCandidatesShown: 'number',
  /** Tables described; past it, only the initial targets, the candidates shown and their neighbours. */
  promptTablesShown: 'number',
  /** Names listed per candidate's reachability set. */
  promptReachableListed: 'number',
  /** Columns listed per table. */
  promptColumnsShown: 'number',
  /** Characters of a table's description, and of a column's. */
  promptTableDescriptionChars: 'number',
  promptColumnDescriptionChars: 'number',
  /** Paths shown per target in step 8, best first by the heuristic's ranking (`LlmDisambiguator`'s `maxPathsShown` sets it otherwise). */
  promptPathsShown: 'number',

  // ─── Switches ───────────────────────────────────────────────────────────────────────────────

  /**
   * A grounded foreign-key column whose words name a role (`manager_staff_id`, `ReportsTo`) brings
   * in the table it references, as a second node when it references its own table (true).
   */
  referencedEntities: 'boolean',
  /**
   * A table referenced along two or more keys of one table whose own words the question says
   * ("shipped … sold": `ship_date_sk`, `sold_date_sk` → the date dimension) is needed once per key (true).
   */
  keyWordRoles: 'boolean',
  /**
   * A target the question names only through its key ("for each business id") is left out when
   * another table of the tree references that key: the reference holds the same ids (true).
   */
  keysByReference: 'boolean',
  /**
   * A target a link-table source references is left out when the question only counts it ("how
   * many keyphrases") or groups by it ("each paper") by its table's name: the link table's
   * references hold its ids (true; Defog F1 +0.009, BIRD and Spider dev F1 unchanged).
   */
  countedThroughLink: 'boolean',
  /**
   * Return beside the tree the tables the question points at that join nothing at all (a table
   * alone in its island of the join graph, as in a warehouse that declares no keys), when matched
   * as strongly as anything in the tree (true); false only names them in `reason`.
   */
  unjoined: 'boolean',
} as const satisfies ParamsSchema;

/** Every number and switch of the heuristics. */
export type HeuristicParams = ParamsOf<typeof HEURISTIC_SCHEMA>;

/** What a model's prompt shows (`prompts/`). */
export type PromptParams = Pick<
  HeuristicParams,
  | 'promptCandidatesShown'
  | 'promptTablesShown'
  | 'promptReachableListed'
  | 'promptColumnsShown'
  | 'promptTableDescriptionChars'
  | 'promptColumnDescriptionChars'
>;

/** Some parameters over others. */
export type HeuristicParamsOverride = ParamsOverrideOf<typeof HEURISTIC_SCHEMA>;

const FILE = paramsFile(
  HEURISTIC_SCHEMA,
  { file: 'heuristic parameters', overrides: 'heuristic parameter overrides' },
  // The defaults' file, beside `src/` and `dist/` alike.
  new URL('../params/heuristic.json', import.meta.url),
);

/** The default parameters (`params/heuristic.json` of this package), read and checked once; frozen. */
export function defaultHeuristicParams(): HeuristicParams {
  return FILE.defaults();
}

/**
 * A whole parameters file, checked: an unknown key, a missing one or a value of the wrong type is
 * an error naming the key and the file. Start from a copy of `params/heuristic.json`.
 */
export function loadHeuristicParams(path: string | URL): HeuristicParams {
  return FILE.load(path);
}

/** `base` (the defaults unless given) with some parameters set otherwise, checked as a file is. */
export function withHeuristicParams(overrides: HeuristicParamsOverride, base: HeuristicParams = defaultHeuristicParams()): HeuristicParams {
  return FILE.with(overrides, base);
}

/** The parameters in use: `params` (whole, or overrides of the defaults; the defaults when not given). */
export function resolveHeuristicParams(params: HeuristicParams | HeuristicParamsOverride | undefined): HeuristicParams {
  return params === undefined ? defaultHeuristicParams() : withHeuristicParams(params);
}

/** No step costs less: a grounded bridge's credit is at most this much below 1. Lets searches aim (A*). */
export function minStepCost(params: Pick<HeuristicParams, 'groundedBridgeCredit'>): number {
  return 1 - params.groundedBridgeCredit;
}
