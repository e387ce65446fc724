import { describe, expect, it } from 'vitest';
import { parseBirdStats } from './bird-stats.js';

const stats = parseBirdStats(
  [
    {
      name: 'Shop',
      tables: [
        {
          name: 'customer',
          row_count: 200,
          columns: [
            { name: 'ID', null_fraction: 0, unique_count: 200, min_value: 1, max_value: 200 },
            { name: 'city', null_fraction: 0.25, unique_count: 40, min_value: 'Aix', max_value: 'Zug' },
          ],
        },
        { name: 'orders', row_count: 'many', columns: [{ name: 'id', null_fraction: 2, unique_count: 'x' }, 'junk'] },
      ],
    },
  ],
  (what) => new Error(what),
);

describe('parseBirdStats', () => {
  it('keys databases, tables and columns by lower-cased name and leaves malformed values out', () => {
    expect(stats.get('shop')?.get('customer')).toEqual({
      rowCount: 200,
      columns: new Map([
        ['id', { nullFraction: 0, uniqueCount: 200, min: 1, max: 200 }],
        ['city', { nullFraction: 0.25, uniqueCount: 40, min: 'Aix', max: 'Zug' }],
      ]),
    });
    expect(stats.get('shop')?.get('orders')).toEqual({ columns: new Map([['id', {}]]) });
  });

  it('names what is wrong with the file shape', () => {
    expect(() => parseBirdStats({}, (what) => new Error(what))).toThrow('expected a JSON array of databases');
    expect(() => parseBirdStats([{ name: 'x' }], (what) => new Error(what))).toThrow('database 0: expected {name, tables: [...]}');
  });
});
