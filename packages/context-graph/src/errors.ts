/** Data that cannot make a graph: a duplicate table, an edge naming a table or column that is not there. */
export class GraphValidationError extends Error {
  override name = 'GraphValidationError';
}
