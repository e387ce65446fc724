/**
 * The export queries the README documents for PostgreSQL (and, in the standard INFORMATION_SCHEMA
 * form, for Redshift and Databricks), kept here so a test runs them on a real server.
 */
export const POSTGRES_COLUMNS_QUERY = `
SELECT c.table_catalog, c.table_schema, c.table_name, c.column_name, c.data_type, c.ordinal_position,
       col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int) AS comment,
       obj_description(format('%I.%I', c.table_schema, c.table_name)::regclass, 'pg_class') AS table_comment,
       'postgres' AS engine
FROM information_schema.columns c
WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
ORDER BY c.table_schema, c.table_name, c.ordinal_position`;

export const STANDARD_KEYS_QUERY = `
SELECT tc.constraint_type, tc.constraint_name, k.table_schema, k.table_name, k.column_name, k.ordinal_position,
       u.table_schema AS referenced_table_schema, u.table_name AS referenced_table_name, u.column_name AS referenced_column_name
FROM information_schema.table_constraints tc
JOIN information_schema.key_column_usage k
  ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name
LEFT JOIN information_schema.referential_constraints rc
  ON rc.constraint_schema = tc.constraint_schema AND rc.constraint_name = tc.constraint_name
LEFT JOIN information_schema.key_column_usage u
  ON u.constraint_schema = rc.unique_constraint_schema AND u.constraint_name = rc.unique_constraint_name
 AND u.ordinal_position = k.position_in_unique_constraint
WHERE tc.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
  AND tc.table_schema NOT IN ('pg_catalog', 'information_schema')`;
