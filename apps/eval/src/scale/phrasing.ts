/** Plain-English forms of table and column names, for the generated questions. */
import { plural } from '@guided-retrieval/text';

/** `invoice_line` → `invoice lines`, `product_category` → `product categories`, `unit_of_measure` → `units of measure`. */
export function pluralName(name: string): string {
  const words = name.split('_').filter((w) => w !== '');
  const of = words.indexOf('of');
  const at = of > 0 ? of - 1 : words.length - 1;
  words[at] = plural(words[at]!);
  return words.join(' ');
}

/** `sales_invoice_line` → `sales invoice line`. */
export function singularName(name: string): string {
  return name
    .split('_')
    .filter((w) => w !== '')
    .join(' ');
}

/** `a`, `a and b`, `a, b and c`. */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
