import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { Retriever } from './index.js';

const support = (repType: string) =>
  graphFromSchema({
    database: 'support',
    tables: [
      {
        name: 'Employee',
        primaryKey: ['EmployeeId'],
        columns: [
          { name: 'EmployeeId', type: 'INTEGER' },
          { name: 'LastName', type: 'TEXT' },
        ],
      },
      {
        name: 'Customer',
        primaryKey: ['CustomerId'],
        columns: [
          { name: 'CustomerId', type: 'INTEGER' },
          { name: 'Company', type: 'TEXT' },
          { name: 'SupportRepId', type: repType },
        ],
      },
    ],
    foreignKeys: [{ fromTable: 'Customer', fromColumns: ['SupportRepId'], toTable: 'Employee', toColumns: ['EmployeeId'] }],
  });

describe('a reference the question groups by', () => {
  it('brings in the referenced table when the key is a surrogate id: "each sales rep" wants the reps named', async () => {
    const retriever = await Retriever.create(support('INTEGER'));
    const result = await retriever.retrieve('How many customers does each rep look after?');
    expect([...result.tables].sort()).toEqual(['Customer', 'Employee']);
  });

  it('leaves it out when the key itself reads as the answer', async () => {
    const retriever = await Retriever.create(support('TEXT'));
    const result = await retriever.retrieve('How many customers does each rep look after?');
    expect(result.tables).toEqual(['Customer']);
  });
});
