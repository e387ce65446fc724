import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './index.js';

const titles = ['Sales Representative', 'Sales Manager', 'Owner', 'Marketing Manager'];
const title = (name: string) => ({ name, inferredType: 'text' as const, sample: titles });
const fk = (fromTable: string, from: string, toTable: string, to: string) => ({ fromTable, fromColumns: [from], toTable, toColumns: [to] });

/** Northwind's shape: one job title in three tables; the territories reach one of them. */
const trade = graphFromSchema({
  database: 'trade',
  tables: [
    { name: 'Territories', primaryKey: ['TerritoryID'], columns: ['TerritoryID', 'TerritoryDescription'] },
    { name: 'EmployeeTerritories', columns: ['EmployeeID', 'TerritoryID'] },
    { name: 'Employees', primaryKey: ['EmployeeID'], columns: ['EmployeeID', 'LastName', title('Title')] },
    { name: 'Customers', primaryKey: ['CustomerID'], columns: ['CustomerID', 'CompanyName', title('ContactTitle')] },
    { name: 'Suppliers', primaryKey: ['SupplierID'], columns: ['SupplierID', 'CompanyName', title('ContactTitle')] },
    { name: 'Products', primaryKey: ['ProductID'], columns: ['ProductID', 'ProductName', 'SupplierID'] },
    { name: 'Orders', primaryKey: ['OrderID'], columns: ['OrderID', 'CustomerID', 'EmployeeID', 'ProductID'] },
  ],
  foreignKeys: [
    fk('EmployeeTerritories', 'EmployeeID', 'Employees', 'EmployeeID'),
    fk('EmployeeTerritories', 'TerritoryID', 'Territories', 'TerritoryID'),
    fk('Orders', 'CustomerID', 'Customers', 'CustomerID'),
    fk('Orders', 'EmployeeID', 'Employees', 'EmployeeID'),
    fk('Orders', 'ProductID', 'Products', 'ProductID'),
    fk('Products', 'SupplierID', 'Suppliers', 'SupplierID'),
  ],
});

describe('a value tied across tables', () => {
  it('is weak in each of them alone', async () => {
    const index = await GroundingIndex.build(trade, { levers: { similarWords: false } });
    const values = index.valueMatches('Which territories does each sales representative cover?').filter((m) => m.words === 2);
    expect(values.map((m) => m.table).sort()).toEqual(['Customers', 'Employees', 'Suppliers']);
  });

  it('is meant in the table nearest the tables the question names, at its whole weight', async () => {
    const index = await GroundingIndex.build(trade, { levers: { similarWords: false } });
    const result = await index.ground('Which territories does each sales representative cover?');
    expect(result.initialTargets).toContain('Employees');
    expect(result.initialTargets).not.toContain('Customers');
    expect(result.initialTargets).not.toContain('Suppliers');
  });
});
