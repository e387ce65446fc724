import { describe, expect, it } from 'vitest';
import { joinEdgeId } from './declared.js';
import { withoutShortcuts } from './shortcuts.js';
import type { JoinEdge } from './types.js';

const edge = (from: string, fromColumns: string[], to: string, toColumns: string[], role?: string): JoinEdge => ({
  id: joinEdgeId(from, fromColumns, to, toColumns),
  fromTable: from,
  fromColumns,
  toTable: to,
  toColumns,
  origin: 'inferred',
  confidence: 0.8,
  evidence: [],
  ...(role ? { role } : {}),
});

const city = edge('city', ['Country'], 'country', ['Code']);
const locatedIn = edge('city', ['Province', 'Country'], 'province', ['Name', 'Country']);

describe('shortcuts around a detail table’s parent', () => {
  it('drops a detail table’s reference that its parent reference already makes', () => {
    const detail = edge('citypops', ['City', 'Country', 'Province'], 'city', ['Name', 'Country', 'Province']);
    const shortcut = edge('citypops', ['Country'], 'country', ['Code']);
    expect(withoutShortcuts([city, locatedIn, detail, shortcut]).map((e) => e.id)).toEqual([city.id, locatedIn.id, detail.id]);
  });

  it('keeps it for a table that references something else too, is referenced, or whose parent reference plays a role', () => {
    const detail = edge('geo_river', ['Province', 'Country'], 'province', ['Name', 'Country']);
    const river = edge('geo_river', ['River'], 'river', ['Name']);
    const own = edge('geo_river', ['Country'], 'country', ['Code']);
    const provinceCountry = edge('province', ['Country'], 'country', ['Code']);
    expect(withoutShortcuts([detail, river, own, provinceCountry])).toHaveLength(4);
    const capital = edge('capitals', ['Capital', 'Country', 'Province'], 'city', ['Name', 'Country', 'Province'], 'capital');
    const capitalCountry = edge('capitals', ['Country'], 'country', ['Code']);
    expect(withoutShortcuts([city, capital, capitalCountry])).toHaveLength(3);
  });
});
