import { describe, expect, it } from 'vitest';
import { isReferenceLike, mentionsTable, nameMatch, namedAfterTable, singular, stripPrefix, words } from './names.js';

describe('identifier words', () => {
  it('splits camelCase, snake_case and acronyms', () => {
    expect(words('SupportRepId')).toEqual(['support', 'rep', 'id']);
    expect(words('l_orderkey')).toEqual(['l', 'orderkey']);
    expect(words('HTTPServerID')).toEqual(['http', 'server', 'id']);
    expect(singular('categories')).toBe('category');
    expect(singular('addresses')).toBe('address');
    expect(singular('status')).toBe('status');
    expect(stripPrefix('ps_partkey')).toBe('partkey');
    expect(stripPrefix('customer_id')).toBe('customerid');
  });
});

describe('nameMatch', () => {
  const cases: [string, string, string, number][] = [
    ['AlbumId', 'Album', 'AlbumId', 1],
    ['l_orderkey', 'orders', 'o_orderkey', 1],
    ['customer_id', 'customer', 'id', 1],
    ['countrycode', 'country', 'code', 1],
    ['manager_staff_id', 'staff', 'staff_id', 0.8],
    ['cust_id', 'customers', 'id', 0.8],
    ['productassemblyid', 'production_product', 'productid', 0.8],
    ['region', 'regions', 'code', 0.6],
    ['ShipVia', 'Shippers', 'ShipperID', 0.3],
    ['SupportRepId', 'Employee', 'EmployeeId', 0],
    ['id', 'city', 'id', 0.6],
    ['uuid', 'cards', 'uuid', 0.6],
    ['atom_id2', 'atom', 'atom_id', 1],
    ['home_player_1', 'Player', 'player_api_id', 0.6],
    ['link_to_member', 'member', 'member_id', 0.6],
    ['hero_id', 'superhero', 'id', 0.6],
    ['cds', 'schools', 'CDSCode', 0.8],
    ['PostHistoryTypeId', 'posts', 'Id', 0.3],
    ['name', 'city', 'name', 0],
  ];
  it.each(cases)('%s → %s.%s scores %d', (from, table, to, score) => {
    expect(nameMatch(from, table, to).score).toBe(score);
  });
  it('does not read a schema prefix as an abbreviation', () => {
    expect(nameMatch('personid', 'person_emailaddress', 'businessentityid').score).toBeLessThan(0.8);
  });
});

describe('name predicates', () => {
  it('knows reference-like names, own-key names and mentions', () => {
    expect(isReferenceLike('o_custkey')).toBe(true);
    expect(isReferenceLike('id')).toBe(false);
    expect(isReferenceLike('quantity')).toBe(false);
    expect(namedAfterTable('AlbumId', 'Album')).toBe(true);
    expect(namedAfterTable('businessentityid', 'person_businessentity')).toBe(true);
    expect(namedAfterTable('businessentityid', 'humanresources_employee')).toBe(false);
    expect(mentionsTable('manager_staff_id', 'staff')).toBe(true);
    expect(mentionsTable('manager_staff_id', 'store')).toBe(false);
  });
});
