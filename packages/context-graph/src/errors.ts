/** Data that cannot make a graph: a duplicate table, an edge naming a table or column that is not there. */
export class GraphValidationError extends Error {
  override name = 'GraphValidationError';
}

/**
 * A source that cannot be built into a graph, said in one line naming it: a file that is not
 * there or not a database, an unreachable server (its URL with the password as `***`), a data
 * dictionary that is no table, an option that does not apply to the source.
 */
export class GraphBuildError extends Error {
  override name = 'GraphBuildError';
}
