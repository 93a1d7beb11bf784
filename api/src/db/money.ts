// Money as the database stores it (Decimal columns, dollars) and as the rules
// compute it (integer cents): the one converter each way, half-up to the cent.
import { centsToDollars } from '@bakery/core';
import { Prisma } from '@bakery/prisma';

export type Amount = Prisma.Decimal | { toString(): string } | number | string | null | undefined;

/** A stored amount in integer cents (0 for none), rounded half-up. */
export function centsOf(value: Amount): number {
  if (value === null || value === undefined) return 0;
  const decimal = new Prisma.Decimal(typeof value === 'number' ? value : value.toString());
  return Number(decimal.mul(100).toDecimalPlaces(0, Prisma.Decimal.ROUND_HALF_UP).toFixed(0));
}

/** A stored amount as dollars on the wire (a number with at most 2 decimals; 0 for none). */
export const dollarsOf = (value: Amount): number => centsToDollars(centsOf(value));

/** Integer cents as the Decimal a money column takes. */
export const decimalOf = (cents: number): Prisma.Decimal => new Prisma.Decimal(cents).div(100);

/** A stored order's money as core's orderMoney.ts reads it (issue 36). */
export function orderMoneyOf(order: {
  total: Amount;
  receivedAmount: Amount;
  refundedAmount: Amount;
  fulfillmentStatus?: string | null;
  paymentStatus?: string;
}) {
  return {
    totalCents: centsOf(order.total),
    receivedCents: centsOf(order.receivedAmount),
    refundedCents: centsOf(order.refundedAmount),
    fulfillmentStatus: order.fulfillmentStatus ?? null,
    paymentStatus: order.paymentStatus,
  };
}
