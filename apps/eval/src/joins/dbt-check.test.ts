import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DBT_HAND_CHECKED } from './databases.js';
import { checkDbtJoins, drawSample, isAuditColumn, parseHandChecked } from './dbt-check.js';

const MANIFEST = new URL('../../../../../shared/benchmarks/dbt-hubspot/manifest.json', import.meta.url).pathname;

describe('the dbt project check', () => {
  it('tells audit and sync columns by a rule of its own', () => {
    expect(isAuditColumn('_fivetran_synced', 'timestamp')).toBe(true);
    expect(isAuditColumn('source_relation', 'text')).toBe(true);
    expect(isAuditColumn('_airbyte_ab_id', 'text')).toBe(true);
    expect(isAuditColumn('created_at', 'timestamp without time zone')).toBe(true);
    expect(isAuditColumn('deal_id', 'bigint')).toBe(false);
  });

  it('draws the same sample for the same seed, whatever the order of the edges', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `t${i}(a)->u(b)`);
    const sample = drawSample(ids, 30, 41);
    expect(sample).toHaveLength(30);
    expect(new Set(sample).size).toBe(30);
    expect(drawSample([...ids].reverse(), 30, 41)).toEqual(sample);
    expect(drawSample(ids, 30, 42)).not.toEqual(sample);
    expect(drawSample(ids.slice(0, 5), 30, 41)).toHaveLength(5);
  });

  it('refuses a hand-check file of another shape, naming it', () => {
    expect(() => parseHandChecked('{"edges": []}', 'x.json')).toThrow(/^x\.json: expected \{ manifest, drawn/);
    expect(() =>
      parseHandChecked(
        JSON.stringify({ manifest: 'm', drawn: { seed: 1, size: 1 }, edges: [{ id: 'a', right: 'yes', why: '' }] }),
        'x.json',
      ),
    ).toThrow('x.json: edges[0] must be { id, right: true|false, why }');
  });

  it.skipIf(!existsSync(MANIFEST))(
    'finds no edge on audit or sync columns in dbt-hubspot, and the committed sample judged',
    async () => {
      const check = await checkDbtJoins(MANIFEST, DBT_HAND_CHECKED);
      expect(check.auditEdges).toEqual([]);
      expect(check.edges).toBeGreaterThan(100);
      expect(check.handChecked?.judged).toBe(30);
      expect(check.handChecked!.right).toBeGreaterThanOrEqual(27);
    },
    60_000,
  );
});
