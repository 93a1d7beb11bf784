/** A typed quantity as a number: "1e3" is 1000 (was read as 1), "" and "abc" are NaN. */
function readNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return Number.NaN;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.parseInt(trimmed, 10);
}

/** Menu quantity rule (spec section 5): non-numeric becomes 1, then clamped to 1..max. */
export function clampQuantity(value: string | number, max: number): number {
  const n = readNumber(value);
  if (Number.isNaN(n)) return 1;
  if (!Number.isFinite(n)) return n > 0 ? max : 1;
  return Math.min(Math.max(Math.trunc(n), 1), max);
}

/** Order page rule: floor 0, ceiling the product's max. */
export function clampOrderQuantity(value: string | number, max: number): number {
  const n = readNumber(value);
  if (Number.isNaN(n)) return 0;
  if (!Number.isFinite(n)) return n > 0 ? max : 0;
  return Math.min(Math.max(Math.trunc(n), 0), max);
}
