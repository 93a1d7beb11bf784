// An order's money rows (issue 36): every payment, refund and reversal is
// written here, inside the caller's transaction with the order locked. The
// database keeps the order's sums in step ("receivedAmount",
// "refundedAmount": trigger on "OrderPayment"); the rules (amount due, what
// a refund may be, who may void) are core's orderMoney.ts.
import {
  amountDueCents,
  bakeryToday,
  FULFILLMENT_STATES,
  fulfillmentOf,
  HAND_OVER_CONTEXT,
  isSettled,
  type FulfillmentStatus,
  type OrderPaymentView,
  type PaymentMethod,
} from '@bakery/core';
import type { Prisma } from '@bakery/prisma';
import { decimalOf, dollarsOf, orderMoneyOf } from '../../db/money.js';

import type { Actor, OrderRow } from './record.js';
import type { Tx } from '../../db/types.js';

/** A payment received now: `amountCents` by `method`. */
export async function recordPayment(
  tx: Tx,
  orderId: string,
  input: {
    method: PaymentMethod;
    amountCents: number;
    actor: Actor;
    context?: string;
    squarePaymentId?: string | null;
    at?: Date;
  },
) {
  return tx.orderPayment.create({
    data: {
      orderId,
      kind: 'payment',
      method: input.method,
      amount: decimalOf(input.amountCents),
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      context: input.context ?? null,
      squarePaymentId: input.squarePaymentId ?? null,
      ...(input.at ? { at: input.at } : {}),
    },
  });
}

/** Money given back: `amountCents` by `method`, with the reason. */
export async function recordRefundRow(
  tx: Tx,
  orderId: string,
  input: { method: string; amountCents: number; actor: Actor; reason: string },
) {
  return tx.orderPayment.create({
    data: {
      orderId,
      kind: 'refund',
      method: input.method,
      amount: decimalOf(-input.amountCents),
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      reason: input.reason,
    },
  });
}

/** Takes a payment back as recorded by mistake: a reversal row for its whole amount. */
export async function reversePayment(
  tx: Tx,
  payment: { id: string; orderId: string; method: string; amount: Prisma.Decimal },
  actor: Actor,
  reason: string,
) {
  return tx.orderPayment.create({
    data: {
      orderId: payment.orderId,
      kind: 'reversal',
      method: payment.method,
      amount: payment.amount.negated(),
      actorId: actor.id,
      actorEmail: actor.email,
      reason,
      reversesId: payment.id,
    },
  });
}

/** The payments taken in the order's last hand-over that no reversal took back yet. */
export async function handOverPayments(tx: Tx, orderId: string) {
  return tx.orderPayment.findMany({
    where: {
      orderId,
      kind: 'payment',
      context: HAND_OVER_CONTEXT,
      reversedBy: null,
    },
    orderBy: { at: 'asc' },
  });
}

/** The method of the last payment that still stands (null when none). */
export async function lastPaymentMethod(tx: Tx, orderId: string): Promise<string | null> {
  const row = await tx.orderPayment.findFirst({
    where: { orderId, kind: 'payment', reversedBy: null },
    orderBy: { at: 'desc' },
    select: { method: true },
  });
  return row?.method ?? null;
}

/**
 * The payment fields that follow the order's money (after rows were written):
 * settled is paid (completed once handed over), anything due is pending
 * (its paidAt and method cleared); a cancelled order stays cancelled.
 */
export async function paymentFieldsAfterMoney(
  tx: Tx,
  order: OrderRow,
  /** The state the order is moving to in the same step (an Undo), if not the stored one. */
  fulfillment?: FulfillmentStatus,
): Promise<Record<string, unknown>> {
  const fresh = await tx.order.findUniqueOrThrow({
    where: { id: order.id },
    select: {
      total: true,
      receivedAmount: true,
      refundedAmount: true,
      paymentStatus: true,
      fulfillmentStatus: true,
    },
  });
  if (fresh.paymentStatus === 'cancelled') return {};
  const money = orderMoneyOf(fresh);
  const handedOver = FULFILLMENT_STATES[fulfillment ?? fulfillmentOf(fresh)].handedOver;
  if (isSettled(money) || (money.totalCents === 0 && amountDueCents(money) === 0))
    return {
      paymentStatus: handedOver ? 'completed' : 'paid',
      paymentMethod: (await lastPaymentMethod(tx, order.id)) ?? order.paymentMethod,
    };
  if (money.receivedCents === 0)
    return { paymentStatus: 'pending', paidAt: null, paymentMethod: null };
  // Part paid (a dearer change): paid stays paid, completed only while handed over.
  return fresh.paymentStatus === 'completed' && !handedOver ? { paymentStatus: 'paid' } : {};
}

/** The rows of one order, oldest first, as the desk lists them. */
export async function paymentsOf(tx: Tx, orderId: string): Promise<OrderPaymentView[]> {
  const rows = await tx.orderPayment.findMany({
    where: { orderId },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
    take: 200,
    include: { reversedBy: { select: { id: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OrderPaymentView['kind'],
    method: row.method,
    amount: dollarsOf(row.amount),
    at: row.at.toISOString(),
    day: bakeryToday(row.at),
    actorEmail: row.actorEmail,
    reason: row.reason,
    context: row.context,
    reversesId: row.reversesId,
    reversed: Boolean(row.reversedBy),
  }));
}
