import { singular } from '@guided-retrieval/text';
import { describe, expect, it } from 'vitest';
import { fromName, nameMatch, preparedNameMatch, toName } from './name-match.js';
import { columnPrefixes, namedThings, roleName, sameUnprefixed } from './name-roles.js';
import { isReferenceLike, mentionsTable, namedAfterTable, stripPrefix, words } from './names.js';
import { defaultJoinParams } from './params.js';

const P = defaultJoinParams();

describe('identifier words', () => {
  it('splits camelCase, snake_case and acronyms', () => {
    expect(words('SupportRepId')).toEqual(['support', 'rep', 'id']);
    expect(words('l_orderkey')).toEqual(['l', 'orderkey']);
    expect(words('HTTPServerID')).toEqual(['http', 'server', 'id']);
    expect(singular('categories')).toBe('category');
    expect(singular('addresses')).toBe('address');
    expect(singular('status')).toBe('status');
    expect(stripPrefix('ps_partkey', P)).toBe('partkey');
    expect(stripPrefix('customer_id', P)).toBe('customerid');
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
    ['emp_no', 'employees', 'emp_no', 1],
    ['year.key', 'Teams', 'yearID', 1],
    ['teamIDwinner', 'Teams', 'teamID', 0.8],
    ['account_parent', 'account', 'account_id', 0.8],
    ['lo_orderdate', 'date', 'd_datekey', 0.6],
    ['subscriptions', 'email_subscription', 'id', 0],
  ];
  it.each(cases)('%s → %s.%s scores %d', (from, table, to, score) => {
    expect(nameMatch(from, table, to, P).score).toBe(score);
  });
  it('says which role a reference plays beside the key it names', () => {
    expect(nameMatch('teamIDloser', 'Teams', 'teamID', P).role).toBe('loser');
    expect(nameMatch('manager_staff_id', 'staff', 'staff_id', P).role).toBe('manager');
    expect(nameMatch('lo_commitdate', 'date', 'd_datekey', P).role).toBe('commit');
    expect(nameMatch('category_parent', 'category', 'category_id', P).role).toBe('parent');
    expect(nameMatch('customer_id', 'customer', 'id', P).role).toBeUndefined();
  });

  it('does not read a schema prefix as an abbreviation', () => {
    expect(nameMatch('personid', 'person_emailaddress', 'businessentityid', P).score).toBeLessThan(0.8);
  });
});

describe('names prepared once', () => {
  it('match every pair as nameMatch does, whichever rule decides', () => {
    const columns = [
      'customer_id',
      'CustId',
      'manager_staff_id',
      'num_orders',
      'cares_for_students',
      'region',
      'ShipVia',
      'atom_id2',
      'id',
      'l_orderkey',
      'zip',
      'link_to_member',
      'PostHistoryTypeId',
      'hero_id',
    ];
    const keys: [string, string][] = [
      ['customer', 'id'],
      ['customers', 'CustomerId'],
      ['staff', 'staff_id'],
      ['orders', 'o_orderkey'],
      ['regions', 'code'],
      ['Shippers', 'ShipperID'],
      ['atom', 'atom_id'],
      ['zip_code', 'zip_code'],
      ['member', 'member_id'],
      ['PostHistoryTypes', 'Id'],
      ['superhero', 'id'],
    ];
    const kinds = new Set<string>();
    for (const column of columns) {
      for (const [table, key] of keys) {
        const plain = nameMatch(column, table, key, P);
        expect(preparedNameMatch(fromName(column, P), toName(table, key, P), P)).toEqual(plain);
        kinds.add(plain.kind);
      }
    }
    // The pairs reach most rules, so that each branch is compared.
    expect(kinds.size).toBeGreaterThanOrEqual(7);
  });
});

describe('name predicates', () => {
  it('knows reference-like names, own-key names and mentions', () => {
    expect(isReferenceLike('o_custkey')).toBe(true);
    expect(isReferenceLike('id')).toBe(false);
    expect(isReferenceLike('quantity')).toBe(false);
    expect(namedAfterTable('AlbumId', 'Album', P)).toBe(true);
    expect(namedAfterTable('businessentityid', 'person_businessentity', P)).toBe(true);
    expect(namedAfterTable('businessentityid', 'humanresources_employee', P)).toBe(false);
    expect(mentionsTable('manager_staff_id', 'staff', P)).toBe(true);
    expect(mentionsTable('manager_staff_id', 'store', P)).toBe(false);
  });
});

describe('column prefixes', () => {
  // Defog's broker schema as PostgreSQL stores it: unquoted camelCase folded to lower case.
  const tables = [
    { name: 'sbcustomer', columns: ['sbcustid', 'sbcustname', 'sbcustemail'].map((name) => ({ name })) },
    { name: 'sbticker', columns: ['sbtickerid', 'sbtickersymbol', 'sbtickername'].map((name) => ({ name })) },
    { name: 'sbtransaction', columns: ['sbtxid', 'sbtxcustid', 'sbtxtickerid', 'sbtxamount'].map((name) => ({ name })) },
  ];

  it("finds each table's prefix and the schema's", () => {
    const prefixes = columnPrefixes(tables, P);
    expect(prefixes.table.get('sbtransaction')).toBe('sbtx');
    expect(prefixes.table.get('sbcustomer')).toBe('sbcust');
    expect(prefixes.schema).toBe('sb');
  });

  it('matches a key spelled with another prefix, and nothing generic', () => {
    const prefixes = columnPrefixes(tables, P);
    expect(sameUnprefixed('sbtxcustid', 'sbtransaction', 'sbcustid', prefixes, P)).toBe(true);
    expect(sameUnprefixed('sbtxtickerid', 'sbtransaction', 'sbtickerid', prefixes, P)).toBe(true);
    expect(sameUnprefixed('sbtxcustid', 'sbtransaction', 'sbtickerid', prefixes, P)).toBe(false);
    expect(sameUnprefixed('sbtxid', 'sbtransaction', 'sbid', prefixes, P)).toBe(false);
  });

  it('finds no schema prefix when one table has none (TPC-H style prefixes differ per table)', () => {
    const tpch = [
      { name: 'orders', columns: ['o_orderkey', 'o_custkey', 'o_totalprice'].map((name) => ({ name })) },
      { name: 'customer', columns: ['c_custkey', 'c_name', 'c_address'].map((name) => ({ name })) },
    ];
    const prefixes = columnPrefixes(tpch, P);
    expect(prefixes.schema).toBe('');
    expect(sameUnprefixed('o_custkey', 'orders', 'c_custkey', prefixes, P)).toBe(false);
  });
});

describe('counts are not references', () => {
  it('reads a count word first or a plural last as a count of rows', () => {
    expect(nameMatch('num_semesters', 'semester', 'semester_id', P).score).toBe(0);
    expect(nameMatch('cares_for_students', 'student', 'student_id', P).score).toBe(0);
    expect(nameMatch('total_orders', 'orders', 'order_id', P).score).toBe(0);
  });

  it('still reads references with an id suffix or a singular last word', () => {
    expect(nameMatch('home_player_1', 'Player', 'player_api_id', P).score).toBeGreaterThan(0);
    expect(nameMatch('student_id', 'student', 'student_id', P).score).toBe(1);
    expect(nameMatch('num_customer_id', 'customer', 'customer_id', P).score).toBeGreaterThan(0);
  });
});

describe('abbreviations of a compound table name', () => {
  it('read `cust_id` as customer, but not `personid` as the personcreditcard table whose key says creditcard', () => {
    expect(nameMatch('cust_id', 'customer', 'customer_id', P)).toMatchObject({ score: 0.8, kind: 'owner-suffix' });
    expect(nameMatch('cust_id', 'customers', 'id', P)).toMatchObject({ score: 0.8, kind: 'owner-suffix' });
    expect(nameMatch('personid', 'sales_personcreditcard', 'creditcardid', P).score).toBeLessThan(0.8);
    expect(nameMatch('personid', 'person_personphone', 'businessentityid', P).score).toBeLessThan(0.8);
  });
});

describe('roleName', () => {
  it('reads role words and relations as roles, a bare reference suffix as a suffix, anything else as no reference', () => {
    for (const name of ['owner', 'sender_id', 'receiverId', 'manager_id', 'parent', 'ReportsTo', 'created_by', 'Owners'])
      expect(roleName(name, P), name).toBe('role');
    for (const name of ['SupportRepId', 'componentid', 'cust_no']) expect(roleName(name, P), name).toBe('suffix');
    for (const name of ['id', 'uid', 'amount', 'name', 'to']) expect(roleName(name, P), name).toBeUndefined();
  });

  it('lists the things a name speaks of, with and without its reference suffix', () => {
    expect(namedThings('personid', P)).toEqual(['personid', 'person']);
    expect(namedThings('SupportRepId', P)).toEqual(['support', 'rep']);
    expect(namedThings('sender_id', P)).toEqual(['sender']);
  });
});

describe('the name parameters', () => {
  it('reads scores and letter counts from the parameters passed, each set of them cached apart', () => {
    expect(nameMatch('manager_staff_id', 'staff', 'staff_id', P).score).toBe(P.nameScoreRole);
    const other = { ...P, nameScoreRole: 0.7, tablePrefixMaxLetters: 1 };
    expect(nameMatch('manager_staff_id', 'staff', 'staff_id', other).score).toBe(0.7);
    expect(stripPrefix('ps_partkey', other)).toBe('pspartkey');
    expect(stripPrefix('ps_partkey', P)).toBe('partkey');
    expect(nameMatch('ShipVia', 'Shippers', 'ShipperID', { ...P, nameScoreSharedWord: 0.25 }).score).toBe(0.25);
    expect(namedThings('personid', { ...P, nameMinLetters: 7 })).toEqual(['personid']);
  });
});

describe('the things tables are', () => {
  it('reads a dbt model or a loaded copy as its thing, and a link table as neither of its two', async () => {
    const { entityNames, linksEntities, namedForEntity, tableNames } = await import('./names.js');
    expect(tableNames('stg_hubspot__deal_pipeline', P)).toContain('dealpipeline');
    expect(entityNames('deal_pipeline_data', P)).toContain('dealpipeline');
    expect(entityNames('hubspot__contacts', P)).toContain('contact');
    expect(namedForEntity('contact_id', 'hubspot__contacts', P)).toBe(true);
    expect(namedForEntity('contact_id', 'deal_contact_data', P)).toBe(false);
    const entities = new Set(['deal', 'contact', 'emailevent']);
    expect(linksEntities('deal_contact_data', entities)).toBe(true);
    expect(linksEntities('stg_hubspot__email_event', entities)).toBe(false);
  });
});
