/** Menu quantity rule (spec section 5): non-numeric becomes 1, then clamped to 1..max. */
export function clampQuantity(value: string | number, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(Math.trunc(n), 1), max);
}

/** Order page rule: floor 0, ceiling the product's max. */
export function clampOrderQuantity(value: string | number, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(Math.trunc(n), 0), max);
}
