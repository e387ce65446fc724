import { type ContextGraph, graphFromSchema, type SchemaColumnSpec, type SchemaForeignKeySpec } from '@guided-retrieval/context-graph';

const text = (name: string, sample?: string[]): SchemaColumnSpec => ({ name, inferredType: 'text', ...(sample ? { sample } : {}) });
const int = (name: string): SchemaColumnSpec => ({ name, inferredType: 'integer' });
const real = (name: string): SchemaColumnSpec => ({ name, inferredType: 'real' });
const date = (name: string): SchemaColumnSpec => ({ name, inferredType: 'date' });

const FOREIGN_KEYS: SchemaForeignKeySpec[] = [
  ['NATION', 'N_REGIONKEY', 'REGION', 'R_REGIONKEY'],
  ['SUPPLIER', 'S_NATIONKEY', 'NATION', 'N_NATIONKEY'],
  ['CUSTOMER', 'C_NATIONKEY', 'NATION', 'N_NATIONKEY'],
  ['PARTSUPP', 'PS_PARTKEY', 'PART', 'P_PARTKEY'],
  ['PARTSUPP', 'PS_SUPPKEY', 'SUPPLIER', 'S_SUPPKEY'],
  ['ORDERS', 'O_CUSTKEY', 'CUSTOMER', 'C_CUSTKEY'],
  ['LINEITEM', 'L_ORDERKEY', 'ORDERS', 'O_ORDERKEY'],
  ['LINEITEM', 'L_SUPPKEY', 'SUPPLIER', 'S_SUPPKEY'],
].map(([fromTable, from, toTable, to]) => ({ fromTable: fromTable!, fromColumns: [from!], toTable: toTable!, toColumns: [to!] }));

/**
 * A hand-made cut of TPC-H, small enough to reason about match by match: prefixed columns, glued
 * names, abbreviations, multi-word and partial values, foreign keys. `withForeignKeys: false`
 * gives the same tables with no join edges.
 */
export function smallSchemaGraph(options: { withForeignKeys?: boolean } = {}): ContextGraph {
  return graphFromSchema({
    database: 'small',
    tables: [
      { name: 'REGION', primaryKey: ['R_REGIONKEY'], columns: [int('R_REGIONKEY'), text('R_NAME', ['AFRICA', 'EUROPE', 'MIDDLE EAST'])] },
      {
        name: 'NATION',
        primaryKey: ['N_NATIONKEY'],
        columns: [int('N_NATIONKEY'), text('N_NAME', ['CHINA', 'INDIA', 'UNITED KINGDOM', 'UNITED STATES']), int('N_REGIONKEY')],
      },
      { name: 'SUPPLIER', primaryKey: ['S_SUPPKEY'], columns: [int('S_SUPPKEY'), text('S_NAME'), int('S_NATIONKEY'), real('S_ACCTBAL')] },
      { name: 'PART', primaryKey: ['P_PARTKEY'], columns: [int('P_PARTKEY'), text('P_NAME'), real('P_RETAILPRICE')] },
      { name: 'PARTSUPP', primaryKey: ['PS_PARTKEY', 'PS_SUPPKEY'], columns: [int('PS_PARTKEY'), int('PS_SUPPKEY'), int('PS_AVAILQTY')] },
      {
        name: 'CUSTOMER',
        primaryKey: ['C_CUSTKEY'],
        columns: [int('C_CUSTKEY'), text('C_NAME'), int('C_NATIONKEY'), real('C_ACCTBAL'), text('C_MKTSEGMENT', ['BUILDING', 'OTHER'])],
      },
      {
        name: 'ORDERS',
        primaryKey: ['O_ORDERKEY'],
        columns: [int('O_ORDERKEY'), int('O_CUSTKEY'), real('O_TOTALPRICE'), text('O_ORDERPRIORITY', ['1-URGENT', '2-HIGH', '5-LOW'])],
      },
      {
        name: 'LINEITEM',
        primaryKey: ['L_ORDERKEY', 'L_LINENUMBER'],
        columns: [int('L_ORDERKEY'), int('L_LINENUMBER'), int('L_SUPPKEY'), real('L_QUANTITY'), date('L_SHIPDATE'), date('L_RECEIPTDATE')],
      },
    ],
    foreignKeys: options.withForeignKeys === false ? [] : FOREIGN_KEYS,
  });
}
