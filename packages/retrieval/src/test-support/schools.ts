import { graphFromSchema } from '@guided-retrieval/context-graph';

/** Two fact tables that share a dimension, as BIRD's california_schools does. */
export const SCHOOLS = graphFromSchema({
  database: 'schools',
  tables: [
    {
      name: 'schools',
      primaryKey: ['CDSCode'],
      columns: ['CDSCode', { name: 'County', inferredType: 'text', sample: ['Alameda', 'Fresno'] }],
    },
    { name: 'frpm', columns: ['CDSCode', { name: 'Free Meal Count', inferredType: 'integer' }] },
    { name: 'satscores', columns: ['cds', { name: 'NumTstTakr', inferredType: 'integer', aliases: ['number of test takers'] }] },
  ],
  foreignKeys: [
    { fromTable: 'frpm', fromColumns: ['CDSCode'], toTable: 'schools', toColumns: ['CDSCode'] },
    { fromTable: 'satscores', fromColumns: ['cds'], toTable: 'schools', toColumns: ['CDSCode'] },
  ],
});
