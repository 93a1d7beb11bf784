// Money actions on an order (issue 36): a refund capped at what was
// received, a void of a payment recorded by mistake, a payment taken now,
// the list of rows. The rows themselves are payments.ts's.
import { type PrismaClient } from '@bakery/prisma';
import {
  bakeryToday,
  formatCents,
  type PaymentMethod,
  dollarsToCents,
  amountDueCents,
  checkVoid,
  refundEffect,
  refundTooLargeMessage,
} from '@bakery/core';
import { conflict, notFound } from '../../errors.js';
import { centsOf as cents, decimalOf, orderMoneyOf } from '../../db/money.js';
import {
  lastPaymentMethod,
  paymentFieldsAfterMoney,
  paymentsOf,
  recordPayment,
  recordRefundRow,
  reversePayment,
} from './payments.js';
import { type OrderAdminDeps, type Actor, lockOrder, applyChanges, notify } from './record.js';
import { takeOrderAction } from './engine.js';

/**
 * Records a refund (part or whole) with its reason: its own action, never a
 * cancel. It is capped at the money received less earlier refunds; the part
 * beyond what the customer overpaid is goodwill, a discount off the total, so
 * it leaves nothing due. Where Square took the payment, it is marked for
 * staff to refund there (refundPending) until Square's refund API is wired.
 */
export async function recordRefund(
  deps: OrderAdminDeps,
  id: string,
  input: { amount: number; reason: string; method?: string | undefined },
  actor: Actor,
) {
  const amountCents = dollarsToCents(input.amount);
  let method = 'other';
  const { order } = await takeOrderAction(deps, id, 'refund', actor, {
    work: async (tx, current) => {
      const money = orderMoneyOf(current);
      const effect = refundEffect(money, amountCents);
      if (!effect) throw conflict(refundTooLargeMessage(money, formatCents), 'refund_too_large');
      method = input.method ?? (await lastPaymentMethod(tx, id)) ?? 'other';
      await recordRefundRow(tx, id, { method, amountCents, actor, reason: input.reason });
      await tx.orderHistory.create({
        data: {
          orderId: id,
          actorId: actor.id,
          actorEmail: actor.email,
          field: 'refund',
          from: null,
          to: `${formatCents(amountCents)}: ${input.reason}`,
        },
      });
      return {
        refundedAmount: decimalOf(money.refundedCents + amountCents),
        ...(effect.discountCents > 0
          ? {
              discount: decimalOf(cents(current.discount) + effect.discountCents),
              total: decimalOf(money.totalCents - effect.discountCents),
            }
          : {}),
        refundPending:
          method === 'square' || (method === 'card' && Boolean(current.squarePaymentId)),
      };
    },
    messageDetail: () => ({ amountCents, method }),
  });
  return order;
}

/**
 * Voids a payment recorded by mistake (issue 36): a reversal row, the order's
 * payment fields recomputed, nothing mailed. Only the owner or whoever
 * recorded it, on the bakery day it was recorded, with a reason.
 */
export async function voidPayment(
  deps: OrderAdminDeps,
  input: { orderId: string; paymentId: string; reason: string; isOwner: boolean },
  actor: Actor,
  now = new Date(),
) {
  return deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, input.orderId);
    const payment = await tx.orderPayment.findFirst({
      where: { id: input.paymentId, orderId: input.orderId },
      include: { reversedBy: { select: { id: true } } },
    });
    if (!payment) throw notFound('Payment not found');
    const verdict = checkVoid({
      payment: {
        kind: payment.kind,
        recordedBy: payment.actorId,
        recordedDay: bakeryToday(payment.at),
        reversed: Boolean(payment.reversedBy),
        amountCents: cents(payment.amount),
      },
      order: orderMoneyOf(current),
      actor: { id: actor.id, isOwner: input.isOwner },
      today: bakeryToday(now),
      reason: input.reason,
    });
    if (!verdict.ok) throw conflict(verdict.message, 'void_refused');
    await reversePayment(tx, payment, actor, input.reason);
    await tx.orderHistory.create({
      data: {
        orderId: input.orderId,
        actorId: actor.id,
        actorEmail: actor.email,
        field: 'paymentVoided',
        from: formatCents(cents(payment.amount)),
        to: input.reason,
      },
    });
    return applyChanges(tx, current, await paymentFieldsAfterMoney(tx, current), actor);
  });
}

/** The order's money rows, oldest first (404 for an unknown order). */
export async function orderPayments(prisma: PrismaClient, id: string) {
  const order = await prisma.order.findUnique({ where: { id }, select: { id: true } });
  if (!order) throw notFound('Order not found');
  return prisma.$transaction((tx) => paymentsOf(tx, id));
}

/**
 * Takes the amount due now (a balance after a change, a payment at the
 * counter before pickup) as a payment row; the order becomes paid. 409
 * nothing_due-like refusal when nothing is due.
 */
export async function takePayment(
  deps: OrderAdminDeps,
  id: string,
  method: PaymentMethod,
  actor: Actor,
  now = new Date(),
) {
  const order = await deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (current.paymentStatus === 'cancelled')
      throw conflict('Cannot take payment: order is cancelled');
    if (current.deliveryFeeStatus === 'pending')
      throw conflict('Cannot take payment: the delivery fee is still pending');
    const due = amountDueCents(orderMoneyOf(current));
    if (due === 0) throw conflict('Nothing is due on this order');
    await recordPayment(tx, id, { method, amountCents: due, actor, at: now });
    return applyChanges(
      tx,
      current,
      { ...(await paymentFieldsAfterMoney(tx, current)), paidAt: current.paidAt ?? now },
      actor,
    );
  });
  await notify(deps, 'payment received', () => deps.notifications.paymentReceived(id));
  return order;
}
