import { describe, expect, it } from 'vitest';
import { lexicalStems, splitCompound } from './lexical-stems.js';

describe('lexicalStems', () => {
  it('drops stop words and stems the rest', () => {
    expect(lexicalStems('How are our sales trending?')).toEqual(['sal', 'trend']);
  });

  it('splits snake_case, SCREAMING_CASE and camelCase identifiers', () => {
    expect(lexicalStems('order_date')).toEqual(['order', 'dat']);
    expect(lexicalStems('orderDate')).toEqual(['order', 'dat']);
    expect(lexicalStems('XMLParser')).toEqual(['xml', 'parser']);
    expect(lexicalStems('unit_price2')).toEqual(['unit', 'pric']);
  });

  it('splits glued identifier words and drops a short table prefix', () => {
    expect(lexicalStems('L_SHIPDATE')).toEqual(lexicalStems('ship date'));
    expect(lexicalStems('ps_partkey')).toEqual(['part', 'key']);
    expect(lexicalStems('L_RECEIPTDATE')).toEqual(['receipt', 'dat']);
  });

  it('expands abbreviations', () => {
    expect(lexicalStems('C_CUSTKEY')).toEqual(['customer', 'key']);
    expect(lexicalStems('cust_qty')).toEqual(lexicalStems('customer quantity'));
  });

  it('gives nothing for empty text, punctuation or stop words only', () => {
    expect(lexicalStems('')).toEqual([]);
    expect(lexicalStems('  ?! -- ')).toEqual([]);
    expect(lexicalStems('What is the most of it?')).toEqual([]);
  });
});

describe('splitCompound', () => {
  it('splits into known words only when they cover the whole word', () => {
    expect(splitCompound('orderdate', false)).toEqual(['order', 'date']);
    expect(splitCompound('partition', false)).toEqual(['partition']);
    expect(splitCompound('customer', false)).toEqual(['customer']);
    expect(splitCompound('shipping', false)).toEqual(['shipping']);
  });

  it('splits a head word off an unknown prefix in identifiers only', () => {
    expect(splitCompound('commitdate', true)).toEqual(['commit', 'date']);
    expect(splitCompound('arrivaldate', true)).toEqual(['arrival', 'date']);
    expect(splitCompound('arrivaldate', false)).toEqual(['arrivaldate']);
    expect(splitCompound('update', true)).toEqual(['update']);
  });
});
