/**
 * The words synthetic enterprise schemas are made of: business entities (facts, dimensions and
 * small lookups), the domains that prefix them, qualifiers that split a domain's tables further,
 * role names for role-playing foreign keys, and the sample values of text columns.
 *
 * Value pools are disjoint from each other and from the entity words, so that a value in a
 * question names one kind of table (its copies aside): "Germany" is a country, "Webinar" a
 * campaign type.
 */

export type EntityRole = 'fact' | 'dimension' | 'lookup' | 'bridge';

export interface EntityKind {
  name: string;
  role: EntityRole;
  /** A text column whose sample values questions may quote. */
  values?: { column: string; samples: readonly string[] };
  /** Numeric columns (facts: what questions total or average). */
  measures?: readonly string[];
  /** Lookups or dimensions a table of this kind typically references (snowflake arms). */
  refs?: readonly string[];
}

const kinds: EntityKind[] = [
  // lookups: small tables, each with a text column of quotable values
  {
    name: 'country',
    role: 'lookup',
    values: { column: 'country_name', samples: ['Germany', 'France', 'Japan', 'Brazil', 'Canada', 'India', 'Spain', 'Mexico'] },
    refs: ['region'],
  },
  {
    name: 'region',
    role: 'lookup',
    values: { column: 'region_name', samples: ['Western Europe', 'Southeast Asia', 'North America', 'South America', 'Middle East'] },
  },
  { name: 'currency', role: 'lookup', values: { column: 'currency_code', samples: ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'BRL'] } },
  {
    name: 'product_category',
    role: 'lookup',
    values: { column: 'category_name', samples: ['Electronics', 'Furniture', 'Apparel', 'Groceries', 'Toys', 'Sporting Goods'] },
  },
  {
    name: 'product_subcategory',
    role: 'lookup',
    values: { column: 'subcategory_name', samples: ['Laptops', 'Desks', 'Jackets', 'Snacks', 'Board Games'] },
    refs: ['product_category'],
  },
  {
    name: 'customer_segment',
    role: 'lookup',
    values: { column: 'segment_name', samples: ['Enterprise', 'Small Business', 'Mid-Market', 'Consumer', 'Public Sector'] },
  },
  {
    name: 'channel',
    role: 'lookup',
    values: { column: 'channel_name', samples: ['Online', 'Wholesale', 'Call Center', 'Marketplace', 'Direct Mail'] },
  },
  {
    name: 'payment_method',
    role: 'lookup',
    values: { column: 'method_name', samples: ['Credit Card', 'Wire Transfer', 'PayPal', 'Direct Debit', 'Cash'] },
  },
  {
    name: 'job_title',
    role: 'lookup',
    values: { column: 'title_name', samples: ['Accountant', 'Sales Manager', 'Engineer', 'Analyst', 'Recruiter'] },
  },
  {
    name: 'industry',
    role: 'lookup',
    values: { column: 'industry_name', samples: ['Banking', 'Healthcare', 'Manufacturing', 'Telecom', 'Utilities', 'Insurance'] },
  },
  {
    name: 'city',
    role: 'lookup',
    values: { column: 'city_name', samples: ['Berlin', 'Paris', 'Tokyo', 'Toronto', 'Madrid', 'Sydney'] },
    refs: ['country'],
  },
  { name: 'ship_mode', role: 'lookup', values: { column: 'mode_name', samples: ['Air', 'Rail', 'Truck', 'Sea Freight', 'Courier'] } },
  { name: 'priority_level', role: 'lookup', values: { column: 'priority_name', samples: ['Urgent', 'Critical', 'Normal', 'Deferred'] } },
  { name: 'unit_of_measure', role: 'lookup', values: { column: 'uom_name', samples: ['Kilogram', 'Liter', 'Piece', 'Pallet', 'Carton'] } },
  {
    name: 'account_type',
    role: 'lookup',
    values: { column: 'type_name', samples: ['Asset', 'Liability', 'Equity', 'Revenue', 'Expense'] },
  },
  {
    name: 'contract_type',
    role: 'lookup',
    values: { column: 'contract_type_name', samples: ['Fixed Price', 'Time and Materials', 'Retainer', 'Framework'] },
  },
  {
    name: 'campaign_type',
    role: 'lookup',
    values: { column: 'campaign_type_name', samples: ['Webinar', 'Trade Show', 'Social Media', 'Print', 'Radio'] },
  },
  {
    name: 'store_format',
    role: 'lookup',
    values: { column: 'format_name', samples: ['Flagship', 'Outlet', 'Kiosk', 'Superstore', 'Express'] },
  },
  { name: 'calendar_date', role: 'lookup', values: { column: 'fiscal_quarter', samples: ['Q1', 'Q2', 'Q3', 'Q4'] } },
  { name: 'fiscal_period', role: 'lookup', values: { column: 'period_name', samples: ['FY2022', 'FY2023', 'FY2024'] } },
  {
    name: 'tax_code',
    role: 'lookup',
    values: { column: 'tax_code_name', samples: ['Standard Rate', 'Reduced Rate', 'Zero Rated', 'Exempt'] },
  },
  {
    name: 'nation',
    role: 'lookup',
    values: { column: 'nation_name', samples: ['ALGERIA', 'ARGENTINA', 'EGYPT', 'KENYA', 'PERU', 'ROMANIA'] },
  },
  { name: 'incoterm', role: 'lookup', values: { column: 'incoterm_code', samples: ['FOB', 'CIF', 'EXW', 'DDP'] } },
  // dimensions: the things facts are about
  { name: 'customer', role: 'dimension', refs: ['customer_segment', 'country', 'industry'] },
  { name: 'account', role: 'dimension', refs: ['account_type', 'currency'] },
  { name: 'product', role: 'dimension', refs: ['product_subcategory', 'unit_of_measure'] },
  { name: 'supplier', role: 'dimension', refs: ['country', 'industry'] },
  { name: 'vendor', role: 'dimension', refs: ['city', 'payment_method'] },
  { name: 'warehouse', role: 'dimension', refs: ['city'] },
  { name: 'employee', role: 'dimension', refs: ['job_title', 'department'] },
  {
    name: 'department',
    role: 'dimension',
    values: { column: 'department_name', samples: ['Marketing', 'Engineering', 'Legal', 'Procurement', 'Human Resources'] },
  },
  { name: 'store', role: 'dimension', refs: ['store_format', 'city'] },
  { name: 'campaign', role: 'dimension', refs: ['campaign_type', 'channel'] },
  { name: 'contract', role: 'dimension', refs: ['contract_type', 'currency'] },
  { name: 'promotion', role: 'dimension', refs: ['channel'] },
  { name: 'cost_center', role: 'dimension', refs: ['department'] },
  { name: 'project', role: 'dimension', refs: ['cost_center', 'priority_level'] },
  {
    name: 'carrier',
    role: 'dimension',
    values: { column: 'carrier_name', samples: ['DHL', 'FedEx', 'UPS', 'Maersk', 'Kuehne Nagel'] },
    refs: ['ship_mode'],
  },
  {
    name: 'brand',
    role: 'dimension',
    values: { column: 'brand_name', samples: ['Contoso', 'Fabrikam', 'Northwind', 'Litware', 'Tailspin'] },
  },
  { name: 'contact', role: 'dimension', refs: ['city'] },
  { name: 'lead', role: 'dimension', refs: ['campaign', 'industry'] },
  { name: 'territory', role: 'dimension', refs: ['region'] },
  { name: 'asset', role: 'dimension', refs: ['cost_center'] },
  { name: 'vehicle', role: 'dimension', refs: ['carrier'] },
  { name: 'route', role: 'dimension', refs: ['ship_mode'] },
  { name: 'price_list', role: 'dimension', refs: ['currency'] },
  { name: 'bank_account', role: 'dimension', refs: ['currency'] },
  { name: 'subscription_plan', role: 'dimension', refs: ['currency'] },
  { name: 'site', role: 'dimension', refs: ['city'] },
  // bridges: many-to-many links between two tables (`crm_contact_territory_map`)
  { name: 'map', role: 'bridge' },
  // facts: events and documents, with amounts
  {
    name: 'invoice',
    role: 'fact',
    measures: ['total_amount', 'tax_amount', 'net_amount'],
    refs: ['customer', 'currency', 'payment_method'],
  },
  { name: 'invoice_line', role: 'fact', measures: ['quantity', 'unit_price', 'line_amount'], refs: ['invoice', 'product', 'tax_code'] },
  { name: 'sales_order', role: 'fact', measures: ['order_amount', 'discount_amount'], refs: ['customer', 'store', 'channel'] },
  { name: 'order_line', role: 'fact', measures: ['quantity', 'unit_price', 'line_amount'], refs: ['sales_order', 'product', 'promotion'] },
  { name: 'payment', role: 'fact', measures: ['payment_amount', 'fee_amount'], refs: ['invoice', 'payment_method', 'bank_account'] },
  { name: 'shipment', role: 'fact', measures: ['weight_kg', 'freight_cost'], refs: ['carrier', 'warehouse', 'ship_mode'] },
  { name: 'ledger_entry', role: 'fact', measures: ['debit_amount', 'credit_amount'], refs: ['account', 'cost_center', 'fiscal_period'] },
  { name: 'timesheet', role: 'fact', measures: ['hours_worked', 'billable_hours'], refs: ['employee', 'project'] },
  { name: 'payroll_run', role: 'fact', measures: ['gross_pay', 'net_pay', 'tax_withheld'], refs: ['employee', 'cost_center'] },
  { name: 'purchase_order', role: 'fact', measures: ['order_amount', 'freight_cost'], refs: ['supplier', 'warehouse', 'incoterm'] },
  { name: 'stock_movement', role: 'fact', measures: ['quantity', 'unit_cost'], refs: ['product', 'warehouse'] },
  { name: 'inventory_snapshot', role: 'fact', measures: ['on_hand_quantity', 'stock_value'], refs: ['product', 'warehouse'] },
  { name: 'sales_return', role: 'fact', measures: ['refund_amount', 'quantity'], refs: ['sales_order', 'product'] },
  { name: 'support_ticket', role: 'fact', measures: ['resolution_hours'], refs: ['customer', 'priority_level', 'employee'] },
  { name: 'opportunity', role: 'fact', measures: ['expected_revenue', 'probability_pct'], refs: ['account', 'lead', 'territory'] },
  { name: 'campaign_response', role: 'fact', measures: ['response_count', 'cost_amount'], refs: ['campaign', 'contact'] },
  { name: 'expense_claim', role: 'fact', measures: ['claim_amount'], refs: ['employee', 'cost_center', 'currency'] },
  { name: 'budget_line', role: 'fact', measures: ['budget_amount', 'forecast_amount'], refs: ['cost_center', 'fiscal_period', 'account'] },
  { name: 'delivery', role: 'fact', measures: ['delivered_quantity', 'delay_minutes'], refs: ['shipment', 'route', 'vehicle'] },
  { name: 'quote', role: 'fact', measures: ['quoted_amount'], refs: ['customer', 'price_list'] },
  { name: 'work_order', role: 'fact', measures: ['labor_hours', 'material_cost'], refs: ['asset', 'site', 'employee'] },
  { name: 'commission', role: 'fact', measures: ['commission_amount'], refs: ['employee', 'sales_order'] },
  { name: 'subscription_charge', role: 'fact', measures: ['charge_amount'], refs: ['customer', 'subscription_plan'] },
  { name: 'goods_receipt', role: 'fact', measures: ['received_quantity'], refs: ['purchase_order', 'warehouse'] },
];

export const ENTITY_KINDS: readonly EntityKind[] = kinds;
export const KIND_BY_NAME: ReadonlyMap<string, EntityKind> = new Map(kinds.map((k) => [k.name, k]));
export const kindsWithRole = (role: EntityRole): EntityKind[] => kinds.filter((k) => k.role === role);

export function kind(name: string): EntityKind {
  const k = KIND_BY_NAME.get(name);
  if (!k) throw new Error(`unknown entity kind ${name}`);
  return k;
}

/** Subject areas; each prefixes its tables (`sales_invoice`, `fin_ledger_entry`). */
export const DOMAINS: readonly { prefix: string; kinds: readonly string[] }[] = [
  {
    prefix: 'sales',
    kinds: [
      'invoice',
      'invoice_line',
      'sales_order',
      'order_line',
      'sales_return',
      'quote',
      'customer',
      'product',
      'store',
      'promotion',
      'territory',
      'price_list',
    ],
  },
  {
    prefix: 'fin',
    kinds: ['ledger_entry', 'payment', 'budget_line', 'expense_claim', 'invoice', 'account', 'cost_center', 'bank_account', 'contract'],
  },
  { prefix: 'hr', kinds: ['timesheet', 'payroll_run', 'expense_claim', 'employee', 'department', 'cost_center', 'site'] },
  {
    prefix: 'crm',
    kinds: ['opportunity', 'campaign_response', 'support_ticket', 'customer', 'account', 'contact', 'lead', 'campaign', 'territory'],
  },
  { prefix: 'inv', kinds: ['stock_movement', 'inventory_snapshot', 'goods_receipt', 'product', 'warehouse', 'brand', 'supplier'] },
  {
    prefix: 'scm',
    kinds: ['purchase_order', 'shipment', 'delivery', 'goods_receipt', 'supplier', 'vendor', 'carrier', 'route', 'vehicle', 'warehouse'],
  },
  { prefix: 'mkt', kinds: ['campaign_response', 'opportunity', 'campaign', 'promotion', 'brand', 'lead', 'contact'] },
  { prefix: 'ops', kinds: ['work_order', 'delivery', 'timesheet', 'asset', 'site', 'vehicle', 'project'] },
  { prefix: 'proc', kinds: ['purchase_order', 'invoice', 'payment', 'supplier', 'vendor', 'contract'] },
  {
    prefix: 'svc',
    kinds: ['support_ticket', 'work_order', 'subscription_charge', 'customer', 'subscription_plan', 'contract', 'employee'],
  },
  { prefix: 'log', kinds: ['shipment', 'delivery', 'stock_movement', 'carrier', 'route', 'warehouse', 'vehicle'] },
  { prefix: 'prj', kinds: ['timesheet', 'expense_claim', 'budget_line', 'project', 'employee', 'cost_center'] },
];

/** Split a domain further (`sales_b2b_invoice`, `fin_legacy_ledger_entry`) once its plain names are used. */
export const QUALIFIERS: readonly string[] = [
  'b2b',
  'b2c',
  'daily',
  'weekly',
  'monthly',
  'legacy',
  'intl',
  'domestic',
  'core',
  'ext',
  'corp',
  'field',
];

/** Copies of a table with the same columns: the look-alikes every warehouse accumulates. */
export const COPY_SUFFIXES: readonly string[] = ['hist', '1', 'bak'];

/** Role names for a second (third) foreign key to the same kind of table. */
export const ROLES: Readonly<Record<string, readonly string[]>> = {
  country: ['ship', 'bill', 'origin', 'destination'],
  calendar_date: ['order', 'ship', 'due', 'posting'],
  employee: ['sales_rep', 'approver', 'manager'],
  currency: ['local', 'reporting'],
  warehouse: ['from', 'to'],
  customer: ['bill_to', 'ship_to'],
  account: ['debit', 'credit'],
  city: ['pickup', 'dropoff'],
};
export const GENERIC_ROLES: readonly string[] = ['primary', 'secondary', 'alternate', 'previous'];

export const STATUS_VALUES: readonly string[] = ['Active', 'Pending', 'Closed', 'Cancelled', 'On Hold'];
