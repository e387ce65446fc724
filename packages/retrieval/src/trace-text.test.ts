import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATH_LIMITS, formatTrace, Retriever } from './index.js';
import { formatPath } from './internal.js';
import { tracePath } from './paths.js';
import { SCHOOLS } from './test-support/schools.js';

const schools = SCHOOLS;

describe('formatTrace.path (formatPath)', () => {
  it('renders a path for people: along the key →, against it ←', () => {
    const path = schools.shortestPath('frpm', 'satscores', { ...DEFAULT_PATH_LIMITS, reverse: true })!;
    expect(formatTrace.path(tracePath(path))).toBe('frpm → schools ← satscores');
    expect(formatPath(path)).toBe('frpm → schools ← satscores');
    expect(formatPath({ tables: ['schools'], edges: [] })).toBe('schools');
    expect(formatTrace.path).toBe(formatPath);
  });

  it('reads parallel edges alike, which the trace keeps apart by their ids', () => {
    const graph = graphFromSchema({
      database: 'org',
      tables: [
        { name: 'department', columns: ['id', 'head_id', 'deputy_id'] },
        { name: 'employee', primaryKey: ['id'], columns: ['id'] },
      ],
      foreignKeys: ['head_id', 'deputy_id'].map((c) => ({
        fromTable: 'department',
        fromColumns: [c],
        toTable: 'employee',
        toColumns: ['id'],
      })),
    });
    const [head, deputy] = graph.pathsByLastEdge('department', 'employee', 2, DEFAULT_PATH_LIMITS).map(tracePath);
    expect(formatPath(head!)).toBe(formatPath(deputy!));
    expect(head!.edges.map((e) => e.id)).toEqual(['department(deputy_id)->employee(id)']);
    expect(deputy!.edges.map((e) => e.id)).toEqual(['department(head_id)->employee(id)']);
  });
});

describe('the trace records paths as data', () => {
  it('offered and chosen paths as tables and edge ids; the chosen one is among the offered by its edges', async () => {
    const result = await (await Retriever.create(schools)).retrieve(
      'What is the free meal count in Fresno where the number of test takers is over 500?',
    );
    const { pathEnumeration, pathSelection } = result.trace;
    expect(pathSelection.length).toBeGreaterThan(0);
    expect(pathSelection.some((s) => s.path.edges.some((e) => e.direction === 'reverse'))).toBe(true);
    for (const chosen of pathSelection) {
      expect(chosen.path.tables).toHaveLength(chosen.path.edges.length + 1);
      for (const e of chosen.path.edges) expect(schools.edges.map((g) => g.id)).toContain(e.id);
      const offered = pathEnumeration.find((p) => p.target === chosen.target)!.paths;
      expect(offered).toContainEqual(chosen.path);
    }
    expect(JSON.parse(JSON.stringify(result.trace.pathSelection))).toEqual(result.trace.pathSelection);
  });
});
