export { ContextGraph, DEFAULT_MAX_PATH_LENGTH, GraphValidationError, isReversed, reverseEdge } from './graph.js';
export { graphFromEdgeList, graphFromSchema, type SchemaColumnSpec, type SchemaForeignKeySpec, type SchemaSpec, type SchemaTableSpec } from './schema.js';
export { buildContextGraph, type Annotation, type Annotations } from './build.js';
export { GraphFileError, loadGraph, MAX_GRAPH_FILE_BYTES, parseGraph, saveGraph, serializeGraph } from './io.js';
export {
  GRAPH_FORMAT_VERSION,
  type ColumnStats,
  type ContextGraphData,
  type GraphColumn,
  type GraphEngine,
  type GraphTable,
  type JoinPath,
  type PathOptions,
} from './types.js';
export type { JoinEdge } from '@guided-retrieval/join-inference';
export { DESCRIBE_PROMPT_VERSION, describeGraph, describePrompt, type DescribeChatModel, type DescribeOptions } from './describe.js';
// How a column's values are found by a question's words (`GraphColumn.values`): grounding indexes
// listed values and probes filters through these, so both sides derive keys the same way.
export {
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  normalizeValue,
  readValueFilter,
  valueKeys,
  VALUE_MAX_WORDS,
  type ColumnValues,
  type ValueFilter,
  type ValueFilterReader,
  type ValueKey,
} from '@guided-retrieval/profiler';
