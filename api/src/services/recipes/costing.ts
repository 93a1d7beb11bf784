// Exact-decimal costing (Prisma.Decimal): costPerUnit has 4 places,
// quantities 4 places, and a recipe's totalCost is the exact sum of
// quantity x costPerUnit, rounded to cents only when it is put on the wire.
import { Prisma } from '@bakery/prisma';

export type Decimal = Prisma.Decimal;

export const dec = (value: number | string | Decimal): Decimal => new Prisma.Decimal(value);

/** A decimal as a number on the wire, rounded half-up to `places`. */
export const decimalToNumber = (value: Decimal, places: number): number =>
  Number(value.toDecimalPlaces(places, Prisma.Decimal.ROUND_HALF_UP).toFixed(places));

/** quantity x costPerUnit, exact. */
export const lineCost = (quantity: Decimal, costPerUnit: Decimal): Decimal =>
  quantity.mul(costPerUnit);

/** The exact sum of a recipe's line costs. */
export const totalCostOf = (
  lines: { quantity: Decimal; ingredient: { costPerUnit: Decimal } }[],
): Decimal =>
  lines.reduce(
    (sum, line) => sum.add(lineCost(line.quantity, line.ingredient.costPerUnit)),
    dec(0),
  );

/** An amount or quantity as stored: 4 decimals, rounded half-up. */
export const fourPlaces = (value: number | string | Decimal) =>
  dec(value).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP);
