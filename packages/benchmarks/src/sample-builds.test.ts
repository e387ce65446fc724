import { describe, expect, it } from 'vitest';
import { hasBuild, SAMPLE_DATABASES, scratchScript } from './sample-builds.js';

describe('scratchScript', () => {
  it("drops Chinook's database statements and \\c, keeping comments and COPY data", () => {
    const dump = [
      '/****',
      '   Drop database if it exists',
      '****/',
      'DROP DATABASE IF EXISTS chinook;',
      'create database chinook;',
      '\\c chinook;',
      '\\connect chinook',
      '-- CREATE DATABASE x',
      'CREATE TABLE a (x text);',
      'COPY a (x) FROM stdin;',
      'CREATE DATABASE is data',
      '\\c is data too',
      '\\.',
      'SELECT 1;',
    ].join('\n');
    expect(scratchScript(dump, 'x.sql').split('\n')).toEqual([
      '/****',
      '   Drop database if it exists',
      '****/',
      '-- CREATE DATABASE x',
      'CREATE TABLE a (x text);',
      'COPY a (x) FROM stdin;',
      'CREATE DATABASE is data',
      '\\c is data too',
      '\\.',
      'SELECT 1;',
    ]);
  });

  it('refuses a database statement over several lines rather than half remove it', () => {
    expect(() => scratchScript('CREATE DATABASE x\n  ENCODING UTF8;', 'x.sql')).toThrow(/x\.sql: a database statement spans lines/);
  });
});

it('has the five sample databases in the SQLite build, Chinook, Northwind, Sakila and three Defog ones in the PostgreSQL build', () => {
  expect(SAMPLE_DATABASES.filter((d) => hasBuild(d, 'sqlite')).map((d) => d.name)).toEqual([
    'chinook',
    'northwind',
    'sakila',
    'world',
    'adventureworks',
  ]);
  expect(SAMPLE_DATABASES.filter((d) => hasBuild(d, 'postgres')).map((d) => d.name)).toEqual([
    'chinook',
    'northwind',
    'sakila',
    'broker',
    'car_dealership',
    'yelp',
  ]);
});
