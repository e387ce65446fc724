import { describe, expect, it } from 'vitest';
import { goldColumns } from './gold-columns.js';

const schema = [
  { name: 'frpm', columns: ['CDSCode', 'District Name', 'Charter School (Y/N)', 'Enrollment (K-12)'] },
  { name: 'schools', columns: ['CDSCode', 'Zip', 'City', 'County'] },
  { name: 'singer', columns: ['Singer_ID', 'Name', 'Age', 'Country'] },
  { name: 'concert', columns: ['concert_ID', 'Singer_ID', 'Year'] },
];

const columns = (sql: string) => {
  const gold = goldColumns(sql, schema);
  if (!gold.ok) throw new Error(gold.error);
  return gold.columns;
};

describe('goldColumns', () => {
  it('reads SELECT, WHERE and JOIN keys through aliases, as the schema spells them', () => {
    expect(
      columns(
        "SELECT T2.Zip FROM frpm AS T1 INNER JOIN schools AS T2 ON T1.CDSCode = T2.CDSCode WHERE T1.`District Name` = 'Fresno' AND T1.`Charter School (Y/N)` = 1",
      ),
    ).toEqual(['frpm.CDSCode', 'frpm.Charter School (Y/N)', 'frpm.District Name', 'schools.CDSCode', 'schools.Zip']);
  });

  it('resolves an unqualified name to the table in scope that has it, GROUP BY and ORDER BY included; a select alias is none', () => {
    expect(columns('SELECT country, count(*) AS n FROM singer GROUP BY country ORDER BY n DESC')).toEqual(['singer.Country']);
    expect(columns('SELECT name FROM singer ORDER BY age')).toEqual(['singer.Age', 'singer.Name']);
  });

  it('reads subqueries with their own scope, and correlated names from the outer one', () => {
    expect(columns('SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM concert WHERE year = 2014)')).toEqual([
      'concert.Singer_ID',
      'concert.Year',
      'singer.Name',
      'singer.Singer_ID',
    ]);
    expect(columns('SELECT name FROM singer AS s WHERE EXISTS (SELECT 1 FROM concert AS c WHERE c.singer_id = s.singer_id)')).toEqual([
      'concert.Singer_ID',
      'singer.Name',
      'singer.Singer_ID',
    ]);
  });

  it('reads both sides of a set operation, and no column for count(*) or *', () => {
    expect(columns('SELECT name FROM singer WHERE age > 40 INTERSECT SELECT name FROM singer WHERE age < 20')).toEqual([
      'singer.Age',
      'singer.Name',
    ]);
    expect(columns('SELECT count(*) FROM singer')).toEqual([]);
    expect(columns('SELECT * FROM concert')).toEqual([]);
  });

  it('is not ok, never a throw, for SQL no dialect reads', () => {
    expect(goldColumns('SELEC name FROM', schema).ok).toBe(false);
  });
});
