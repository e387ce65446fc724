export type { JoinEdge } from '@guided-retrieval/join-inference';
// A column's values (`GraphColumn.values`), listed or as a filter; grounding reads them through the
// profiler's value keys (`@guided-retrieval/profiler/values`), so both sides derive keys alike.
export type { ColumnValues, ValueFilter } from '@guided-retrieval/profiler';
export { type Annotation, type Annotations, buildContextGraph } from './build.js';
export { type DescribeChatModel, type DescribeOptions, describeGraph } from './describe.js';
export { GraphValidationError } from './errors.js';
export { ContextGraph } from './graph.js';
export { GraphFileError, loadGraph, parseGraph, saveGraph, serializeGraph } from './io.js';
export {
  graphFromSchema,
  type SchemaColumnSpec,
  type SchemaForeignKeySpec,
  type SchemaSpec,
  type SchemaTableSpec,
} from './schema.js';
export {
  type ColumnStats,
  type ContextGraphData,
  GRAPH_FORMAT_VERSION,
  type GraphColumn,
  type GraphEngine,
  type GraphTable,
  type JoinDirection,
  type JoinPath,
  type JoinTreeOptions,
  type PathEdge,
  type PathOptions,
  type ShortestPathTree,
} from './types.js';
