export { readSql } from './read-statement.js';
