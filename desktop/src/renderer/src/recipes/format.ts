import { formatDollars } from '@bakery/core';

/** Dollars as the recipe screens show them ($3.45); nothing known reads $0.00. */
export const money = (d: number | string | null | undefined) => formatDollars(d ?? 0);

/** A cost per unit keeps its 4 decimal places ($0.0045 per g) but drops
 * trailing zeros past the cents ($1.38, not $1.3800). */
export function unitCost(d: number | string | null | undefined): string {
  const fixed = Number(d ?? 0)
    .toFixed(4)
    .replace(/(\.\d\d\d*?)0+$/, '$1');
  const [whole = '0', frac = '00'] = fixed.split('.');
  return `$${Number(whole).toLocaleString('en-US')}.${frac}`;
}
