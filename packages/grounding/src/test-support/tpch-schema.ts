import { graphFromSchema, type ContextGraph, type SchemaColumnSpec } from '@guided-retrieval/context-graph';

const col = (name: string, type: string, sample?: string[]): SchemaColumnSpec => ({
  name,
  type,
  inferredType: type.startsWith('DEC') ? 'real' : type === 'INTEGER' ? 'integer' : type === 'DATE' ? 'date' : 'text',
  ...(sample ? { sample } : {}),
});

const NATIONS = ['ALGERIA', 'ARGENTINA', 'BRAZIL', 'CANADA', 'EGYPT', 'ETHIOPIA', 'FRANCE', 'GERMANY', 'INDIA', 'INDONESIA', 'IRAN', 'IRAQ', 'JAPAN', 'JORDAN', 'KENYA', 'MOROCCO', 'MOZAMBIQUE', 'PERU', 'CHINA', 'ROMANIA', 'SAUDI ARABIA', 'VIETNAM', 'RUSSIA', 'UNITED KINGDOM', 'UNITED STATES'];

/** TPC-H's schema with the spec's keys and value domains, without a database: for pure unit tests. */
export function tpchSchemaGraph(): ContextGraph {
  return graphFromSchema({
    database: 'tpch',
    tables: [
      { name: 'REGION', primaryKey: ['R_REGIONKEY'], columns: [col('R_REGIONKEY', 'INTEGER'), col('R_NAME', 'CHAR(25)', ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST']), col('R_COMMENT', 'VARCHAR(152)')] },
      { name: 'NATION', primaryKey: ['N_NATIONKEY'], columns: [col('N_NATIONKEY', 'INTEGER'), col('N_NAME', 'CHAR(25)', NATIONS), col('N_REGIONKEY', 'INTEGER'), col('N_COMMENT', 'VARCHAR(152)')] },
      { name: 'PART', primaryKey: ['P_PARTKEY'], columns: [col('P_PARTKEY', 'INTEGER'), col('P_NAME', 'VARCHAR(55)'), col('P_MFGR', 'CHAR(25)', ['Manufacturer#1']), col('P_BRAND', 'CHAR(10)', ['Brand#13']), col('P_TYPE', 'VARCHAR(25)', ['PROMO BURNISHED COPPER', 'STANDARD POLISHED TIN']), col('P_SIZE', 'INTEGER'), col('P_CONTAINER', 'CHAR(10)', ['SM CASE', 'LG BOX', 'JUMBO PKG']), col('P_RETAILPRICE', 'DECIMAL(15,2)'), col('P_COMMENT', 'VARCHAR(23)')] },
      { name: 'SUPPLIER', primaryKey: ['S_SUPPKEY'], columns: [col('S_SUPPKEY', 'INTEGER'), col('S_NAME', 'CHAR(25)', ['Supplier#000000001']), col('S_ADDRESS', 'VARCHAR(40)'), col('S_NATIONKEY', 'INTEGER'), col('S_PHONE', 'CHAR(15)'), col('S_ACCTBAL', 'DECIMAL(15,2)'), col('S_COMMENT', 'VARCHAR(101)')] },
      { name: 'PARTSUPP', primaryKey: ['PS_PARTKEY', 'PS_SUPPKEY'], columns: [col('PS_PARTKEY', 'INTEGER'), col('PS_SUPPKEY', 'INTEGER'), col('PS_AVAILQTY', 'INTEGER'), col('PS_SUPPLYCOST', 'DECIMAL(15,2)'), col('PS_COMMENT', 'VARCHAR(199)')] },
      { name: 'CUSTOMER', primaryKey: ['C_CUSTKEY'], columns: [col('C_CUSTKEY', 'INTEGER'), col('C_NAME', 'VARCHAR(25)', ['Customer#000000001']), col('C_ADDRESS', 'VARCHAR(40)'), col('C_NATIONKEY', 'INTEGER'), col('C_PHONE', 'CHAR(15)'), col('C_ACCTBAL', 'DECIMAL(15,2)'), col('C_MKTSEGMENT', 'CHAR(10)', ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'MACHINERY', 'HOUSEHOLD']), col('C_COMMENT', 'VARCHAR(117)')] },
      { name: 'ORDERS', primaryKey: ['O_ORDERKEY'], columns: [col('O_ORDERKEY', 'INTEGER'), col('O_CUSTKEY', 'INTEGER'), col('O_ORDERSTATUS', 'CHAR(1)', ['F', 'O', 'P']), col('O_TOTALPRICE', 'DECIMAL(15,2)'), col('O_ORDERDATE', 'DATE'), col('O_ORDERPRIORITY', 'CHAR(15)', ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW']), col('O_CLERK', 'CHAR(15)', ['Clerk#000000001']), col('O_SHIPPRIORITY', 'INTEGER'), col('O_COMMENT', 'VARCHAR(79)')] },
      { name: 'LINEITEM', primaryKey: ['L_ORDERKEY', 'L_LINENUMBER'], columns: [col('L_ORDERKEY', 'INTEGER'), col('L_PARTKEY', 'INTEGER'), col('L_SUPPKEY', 'INTEGER'), col('L_LINENUMBER', 'INTEGER'), col('L_QUANTITY', 'DECIMAL(15,2)'), col('L_EXTENDEDPRICE', 'DECIMAL(15,2)'), col('L_DISCOUNT', 'DECIMAL(15,2)'), col('L_TAX', 'DECIMAL(15,2)'), col('L_RETURNFLAG', 'CHAR(1)', ['R', 'A', 'N']), col('L_LINESTATUS', 'CHAR(1)', ['O', 'F']), col('L_SHIPDATE', 'DATE'), col('L_COMMITDATE', 'DATE'), col('L_RECEIPTDATE', 'DATE'), col('L_SHIPINSTRUCT', 'CHAR(25)', ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN']), col('L_SHIPMODE', 'CHAR(10)', ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB']), col('L_COMMENT', 'VARCHAR(44)')] },
    ],
    foreignKeys: [
      ['NATION', 'N_REGIONKEY', 'REGION', 'R_REGIONKEY'],
      ['SUPPLIER', 'S_NATIONKEY', 'NATION', 'N_NATIONKEY'],
      ['CUSTOMER', 'C_NATIONKEY', 'NATION', 'N_NATIONKEY'],
      ['PARTSUPP', 'PS_PARTKEY', 'PART', 'P_PARTKEY'],
      ['PARTSUPP', 'PS_SUPPKEY', 'SUPPLIER', 'S_SUPPKEY'],
      ['ORDERS', 'O_CUSTKEY', 'CUSTOMER', 'C_CUSTKEY'],
      ['LINEITEM', 'L_ORDERKEY', 'ORDERS', 'O_ORDERKEY'],
      ['LINEITEM', 'L_PARTKEY', 'PART', 'P_PARTKEY'],
      ['LINEITEM', 'L_SUPPKEY', 'SUPPLIER', 'S_SUPPKEY'],
      ['LINEITEM', 'L_PARTKEY,L_SUPPKEY', 'PARTSUPP', 'PS_PARTKEY,PS_SUPPKEY'],
    ].map(([fromTable, from, toTable, to]) => ({ fromTable: fromTable!, fromColumns: from!.split(','), toTable: toTable!, toColumns: to!.split(',') })),
  });
}
