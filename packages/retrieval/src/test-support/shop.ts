import { graphFromSchema } from '@guided-retrieval/context-graph';

/** A small shop with values to ground on: customers, their orders, and the products ordered. */
export const shop = graphFromSchema({
  database: 'shop',
  tables: [
    {
      name: 'customer',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'name', type: 'TEXT', description: 'full name', sample: ['Ada Lovelace', 'Alan Turing'] },
        { name: 'city', type: 'TEXT', sample: ['Paris', 'Lyon', 'Nantes'] },
        { name: 'phone', type: 'TEXT' },
        { name: 'fax', type: 'TEXT' },
        { name: 'joined_on', type: 'DATE' },
      ],
    },
    {
      name: 'orders',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'customer_id', type: 'INTEGER' },
        { name: 'total', type: 'REAL' },
        { name: 'placed_on', type: 'DATE' },
        { name: 'channel', type: 'TEXT', sample: ['web', 'phone'] },
      ],
    },
    {
      name: 'product',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'title', type: 'TEXT', sample: ['Lamp', 'Desk'] },
        { name: 'price', type: 'REAL' },
      ],
    },
    { name: 'order_item', primaryKey: ['order_id', 'product_id'], columns: ['order_id', 'product_id', 'quantity'] },
  ],
  foreignKeys: [
    { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] },
    { fromTable: 'order_item', fromColumns: ['order_id'], toTable: 'orders', toColumns: ['id'] },
    { fromTable: 'order_item', fromColumns: ['product_id'], toTable: 'product', toColumns: ['id'] },
  ],
});
