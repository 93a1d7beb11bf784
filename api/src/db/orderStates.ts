// The order states as SQL conditions, derived from core's sets (issue 36):
// no query names a state by hand, so adding a state to core's table reaches
// every aggregate (pinned by api/test/contract/stateLiterals.test.ts).
import { Prisma } from '@bakery/prisma';
import {
  BEFORE_READY_STATUSES,
  HANDED_OVER_STATUSES,
  OPEN_FULFILLMENT_STATUSES,
  PAID_STATUSES,
  type FulfillmentStatus,
  type PaymentStatus,
} from '@bakery/core';

const inStates = (column: string, states: readonly string[]) =>
  Prisma.sql`${Prisma.raw(`"${column}"`)} IN (${Prisma.join([...states])})`;

/** The payment is paid or completed. */
export const PAID_SQL = inStates('paymentStatus', PAID_STATUSES);
/** Picked up or delivered. */
export const HANDED_OVER_SQL = inStates('fulfillmentStatus', HANDED_OVER_STATUSES);
/** Still in the kitchen (what Mark Ready starts from). */
export const BEFORE_READY_SQL = inStates('fulfillmentStatus', BEFORE_READY_STATUSES);
/** The customer is still expected: neither handed over nor cancelled. */
export const OPEN_SQL = inStates('fulfillmentStatus', OPEN_FULFILLMENT_STATUSES);
const CANCELLED: FulfillmentStatus = 'cancelled';
/** Not cancelled (the counter's state). */
export const NOT_CANCELLED_SQL = Prisma.sql`"fulfillmentStatus" <> ${CANCELLED}`;
/** A cancelled order's payment status (the spec's field, which the daily summary keys on). */
export const CANCELLED_PAYMENT: PaymentStatus = 'cancelled';
/** The payment is cancelled. */
export const PAYMENT_CANCELLED_SQL = Prisma.sql`"paymentStatus" = ${CANCELLED_PAYMENT}`;
