import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { PROFILE_FORMAT_VERSION } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { inferJoins } from './infer.js';
import { defaultJoinParams } from './params.js';
import { defaultJoinEdges } from './policy.js';
import { sharedNameEdges } from './shared.js';

/** A catalog column: a name and a type, no values (what a warehouse catalog gives). */
function column(name: string, inferredType: ColumnProfile['inferredType'] = 'text', sample: (string | number)[] = []): ColumnProfile {
  return {
    name,
    declaredType: '',
    inferredType,
    rowCount: 0,
    count: 0,
    nulls: 0,
    distinct: sample.length,
    distinctExact: false,
    min: null,
    max: null,
    sample: sample.map((value) => ({ value, count: 1 })),
  };
}

function table(name: string, columns: ColumnProfile[]): TableProfile {
  return { name, rowCount: 0, columns, primaryKey: [], foreignKeys: [] };
}

function catalog(tables: TableProfile[]): DatabaseProfile {
  return { formatVersion: PROFILE_FORMAT_VERSION, engine: 'sqlite', database: 'catalog', tables };
}

const GITHUB = catalog([
  table('LANGUAGES', [column('repo_name'), column('language')]),
  table('LICENSES', [column('repo_name'), column('license')]),
  table('SAMPLE_FILES', [column('id'), column('path'), column('repo_name')]),
  table('SAMPLE_COMMITS', [column('commit'), column('message'), column('repo_name'), column('created_at', 'date')]),
  table('SAMPLE_REPOS', [column('watch_count', 'integer'), column('repo_name'), column('created_at', 'date')]),
]);

describe('sharedNameEdges', () => {
  it('reads a name several tables carry as a reference to the holder that owns it (first column, then narrowest)', () => {
    const edges = sharedNameEdges(GITHUB, new Set(), defaultJoinParams());
    expect(edges.map((e) => e.id).sort()).toEqual([
      'LICENSES(repo_name)->LANGUAGES(repo_name)',
      'SAMPLE_COMMITS(repo_name)->LANGUAGES(repo_name)',
      'SAMPLE_FILES(repo_name)->LANGUAGES(repo_name)',
      'SAMPLE_REPOS(repo_name)->LANGUAGES(repo_name)',
    ]);
    expect(edges[0]).toMatchObject({ origin: 'inferred', confidence: 0.62 });
    expect(edges[0]!.evidence[0]).toMatch(/5 tables carry repo_name; LANGUAGES reads as its owner \(its first column\)/);
  });

  it('leaves out generic names, dates, names no holder keys, and names an edge already joins', () => {
    const edges = sharedNameEdges(GITHUB, new Set(), defaultJoinParams());
    expect(edges.some((e) => e.fromColumns[0] === 'id' || e.fromColumns[0] === 'created_at')).toBe(false);
    const notKeyed = catalog([table('A', [column('x'), column('colour')]), table('B', [column('y'), column('colour')])]);
    expect(sharedNameEdges(notKeyed, new Set(), defaultJoinParams())).toEqual([]);
    expect(sharedNameEdges(GITHUB, new Set(['licenses\u0000repo_name']), defaultJoinParams())).toEqual([]);
  });

  it('prefers the table the name reads as the key of, and keeps identifier names that are nobody’s first column', () => {
    const edges = sharedNameEdges(
      catalog([
        table('trips', [column('trip_id'), column('station_code')]),
        table('stations', [column('name'), column('station_code')]),
        table('readings', [column('value', 'real'), column('station_code')]),
      ]),
      new Set(),
      defaultJoinParams(),
    );
    expect(edges.map((e) => e.id).sort()).toEqual(
      ['readings(station_code)->stations(station_code)', 'trips(station_code)->stations(station_code)'].sort(),
    );
  });

  it('takes no part when the columns hold values: containment speaks for them', () => {
    const withValues = catalog(
      GITHUB.tables.map((t) => ({ ...t, rowCount: 3, columns: t.columns.map((c) => ({ ...c, rowCount: 3, count: 3, distinct: 3 })) })),
    );
    expect(sharedNameEdges(withValues, new Set(), defaultJoinParams())).toEqual([]);
  });
});

describe('inferJoins on a catalog', () => {
  it('prefers the key its name reads as over a sample-less column of the same name', async () => {
    const { edges } = await inferJoins(
      catalog([
        table('USERS', [column('id', 'integer', [11, 12, 13]), column('email')]),
        table('ORDERS', [column('order_id', 'integer', [1, 2]), column('user_id', 'integer', [11, 12])]),
        table('EVENTS', [column('user_id', 'unknown'), column('event_name')]),
      ]),
    );
    expect(edges.map((e) => e.id)).toContain('ORDERS(user_id)->USERS(id)');
    expect(edges.map((e) => e.id)).not.toContain('ORDERS(user_id)->EVENTS(user_id)');
  });
});

describe('defaultJoinEdges', () => {
  it('keeps declared keys as they are, and infers only when a schema of two or more tables declares none', async () => {
    const declared = catalog([
      { ...table('a', [column('id', 'integer')]), primaryKey: ['id'] },
      {
        ...table('b', [column('a_id', 'integer'), column('repo_name')]),
        foreignKeys: [{ columns: ['a_id'], referencedTable: 'a', referencedColumns: ['id'] }],
      },
    ]);
    const kept = await defaultJoinEdges(declared);
    expect(kept.inference).toBeNull();
    expect(kept.edges.map((e) => [e.id, e.origin])).toEqual([['b(a_id)->a(id)', 'declared']]);

    const inferred = await defaultJoinEdges(GITHUB);
    expect(inferred.inference).not.toBeNull();
    expect(inferred.edges.length).toBeGreaterThan(0);
    expect((await defaultJoinEdges(catalog([table('only', [column('id')])]))).inference).toBeNull();
  });
});
