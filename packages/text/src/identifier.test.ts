import { describe, expect, it } from 'vitest';
import { identifierWords } from './identifier.js';

// name, words with digits joined (join inference's `words`), words with digits split (grounding's `splitIdentifier`)
const TABLE: [string, string[], string[]][] = [
  ['SupportRepId', ['support', 'rep', 'id'], ['support', 'rep', 'id']],
  ['l_orderkey', ['l', 'orderkey'], ['l', 'orderkey']],
  ['L_SHIPDATE', ['l', 'shipdate'], ['l', 'shipdate']],
  ['orderDate', ['order', 'date'], ['order', 'date']],
  ['CDSCode', ['cds', 'code'], ['cds', 'code']],
  ['sbTxCustId', ['sb', 'tx', 'cust', 'id'], ['sb', 'tx', 'cust', 'id']],
  ['Customer_ID', ['customer', 'id'], ['customer', 'id']],
  ['ID', ['id'], ['id']],
  ['contract_1', ['contract1'], ['contract', '1']],
  ['HTTPCode2', ['http', 'code2'], ['http', 'code', '2']],
  ['b2b_order', ['b2b', 'order'], ['b2b', 'order']],
  ['2fa_code', ['2fa', 'code'], ['2fa', 'code']],
  ['atom_id2', ['atom', 'id2'], ['atom', 'id', '2']],
  ['address2', ['address2'], ['address', '2']],
  ['home_player_1', ['home', 'player1'], ['home', 'player', '1']],
  ['version_2_1', ['version21'], ['version', '2', '1']],
  ['ABC123def', ['abc123def'], ['abc123def']],
  ['col1Name', ['col1', 'name'], ['col', '1', 'name']],
  ['IPv4Address', ['ipv4', 'address'], ['ipv', '4', 'address']],
  // An acronym's plural `s` stays with it.
  ['CustomerIDs', ['customer', 'ids'], ['customer', 'ids']],
  ['x__y', ['x', 'y'], ['x', 'y']],
  ['', [], []],
  ['___', [], []],
  ['Zo\u00eb12', ['zo12'], ['zo', '12']],
  ['\u01302', ['i2'], ['i', '2']],
  // The Kelvin sign lower-cases to k: digits are split before lower-casing, so it keeps its 2.
  ['\u212a2', ['k2'], ['k2']],
  ['K2', ['k2'], ['k', '2']],
  ['a2K\u212a', ['a2', 'kk'], ['a', '2', 'kk']],
];

describe('identifierWords', () => {
  it.each(TABLE)('%j: digits joined and split', (name, joined, split) => {
    expect(identifierWords(name, { digits: 'join' })).toEqual(joined);
    expect(identifierWords(name, { digits: 'split' })).toEqual(split);
  });
});

describe('identifierWords options', () => {
  it('cuts every change between letters and digits with `apart`', () => {
    expect(identifierWords('b2b_order', { digits: 'apart' })).toEqual(['b', '2', 'b', 'order']);
    expect(identifierWords('unit_price2', { digits: 'apart' })).toEqual(['unit', 'price', '2']);
  });

  it('cuts a count from its unit with `units`, not an ordinal', () => {
    expect(identifierWords('county_2017_5yr', { digits: 'split', units: true })).toEqual(['county', '2017', '5', 'yr']);
    expect(identifierWords('rank_1st', { digits: 'split', units: true })).toEqual(['rank', '1st']);
    expect(identifierWords('county_2017_5yr', { digits: 'split' })).toEqual(['county', '2017', '5yr']);
  });

  it('keeps letters of every script with `any`', () => {
    expect(identifierWords('Zürich_Straße', { digits: 'split', letters: 'any' })).toEqual(['zürich', 'straße']);
    expect(identifierWords('Zürich', { digits: 'split' })).toEqual(['z', 'rich']);
    expect(identifierWords('prénomClient', { digits: 'split', letters: 'any' })).toEqual(['prénom', 'client']);
  });
});
