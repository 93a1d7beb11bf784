// The order's life at the desk: payment status, cancel and restore, the
// delivery fee, hand-over and its Undo, archive, delete and history; each in
// one transaction with the order locked (record.ts).
import { Prisma, type PrismaClient } from '@bakery/prisma';
import {
  adminActionChanges,
  bakeryToday,
  checkAdminAction,
  specFields,
  type PaymentMethod,
  checkPaymentChange,
  checkPaymentLinkRetry,
  dollarsToCents,
  isFulfilled,
  type OrderHistoryView,
  amountDueCents,
  HAND_OVER_CONTEXT,
  isSettled,
  refundableCents,
  ORDER_ACTION_RULES,
  isDeliveryFeeCorrection,
} from '@bakery/core';
import { conflict, notFound } from '../../errors.js';
import { storedLines } from '../kitchen/capacity.js';
import { bookStoredOrder } from '../kitchen/booking.js';
import { centsOf as cents, decimalOf, orderMoneyOf } from '../../db/money.js';
import { takeOrderAction } from './engine.js';
import {
  handOverPayments,
  paymentFieldsAfterMoney,
  recordPayment,
  reversePayment,
} from './payments.js';
import {
  type OrderAdminDeps,
  type Actor,
  type OrderRow,
  lockOrder,
  ensure,
  ensureAllowed,
  act,
  counterChanges,
  notify,
  ensureLink,
  reload,
  stateOf,
  orderName,
  type EngineDeps,
} from './record.js';

/** PATCH /status: 'paid' confirms the payment, 'cancelled' cancels, 'completed' settles it. */
export async function changePaymentStatus(
  deps: OrderAdminDeps,
  id: string,
  status: string,
  actor: Actor,
) {
  if (status === 'paid') return confirmPayment(deps, id, actor);
  if (status === 'cancelled') return cancelOrder(deps, id, actor);
  const order = await act(
    deps,
    id,
    (current) => checkPaymentChange(current, status),
    actor,
    () => ({ paymentStatus: status }),
  );
  if (status === 'completed')
    await notify(deps, 'payment received', () => deps.notifications.paymentReceived(id));
  return order;
}

/** Cancels the order and tells the customer (a paid order is refunded in Square by staff). */
export async function cancelOrder(deps: OrderAdminDeps, id: string, actor: Actor) {
  const { order } = await takeOrderAction(deps, id, 'cancel', actor, {
    specCheck: (current) => checkAdminAction(current, 'cancel'),
    work: (_tx, current) => ({ ...adminActionChanges(current, 'cancel') }),
  });
  return order;
}

/** Who the order history names for the unpaid-order release. */
export const RELEASE_ACTOR: Actor = { id: null, email: 'automatic release (unpaid)' };

/**
 * The unpaid-order job's cancellation (issue 27), with the same lifecycle
 * check and history as a staff cancel, plus a `cancelReason` history row.
 * In one transaction with the order locked: when `stillDue` says no (staff
 * confirmed the payment, the customer paid a moment ago), nothing changes and
 * null is returned. The caller mails the customer.
 */
export async function releaseUnpaidOrder(
  deps: EngineDeps,
  id: string,
  reason: string,
  stillDue: (order: OrderRow) => boolean,
): Promise<OrderRow | null> {
  const { order, changed } = await takeOrderAction(deps, id, 'cancel', RELEASE_ACTOR, {
    done: (current) => !stillDue(current) || !checkAdminAction(current, 'cancel').ok,
    quiet: true,
    work: async (tx, current) => {
      await tx.orderHistory.create({
        data: {
          orderId: id,
          actorId: null,
          actorEmail: RELEASE_ACTOR.email,
          field: 'cancelReason',
          from: null,
          to: reason,
        },
      });
      return { ...adminActionChanges(current, 'cancel') };
    },
  });
  return changed ? order : null;
}

/** Confirm Payment: the amount due recorded as received ("other": outside Square), then paid. */
export async function confirmPayment(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  method: PaymentMethod = 'other',
) {
  const { order } = await takeOrderAction(deps, id, 'confirmPayment', actor, {
    specCheck: (current) => checkAdminAction(current, 'confirmPayment'),
    work: async (tx, current) => {
      const due = amountDueCents(orderMoneyOf(current));
      if (due > 0) await recordPayment(tx, id, { method, amountCents: due, actor });
      return { ...adminActionChanges(current, 'confirmPayment'), paymentMethod: method };
    },
  });
  return order;
}

/**
 * Adds the delivery fee to the total (untaxed) and asks Square for the link
 * the customer can now pay. `correction`: the order had a fee already (as it
 * was read before the change), so the answer says "corrected".
 */
export async function setDeliveryFee(
  deps: OrderAdminDeps,
  id: string,
  input: { deliveryFee: number; deliveryDistance?: number | null },
  actor: Actor,
) {
  const before = await deps.prisma.order.findUnique({ where: { id } });
  const correction = before ? isDeliveryFeeCorrection(before) : false;
  const feeCents = dollarsToCents(input.deliveryFee);
  // Also a correction while payment is pending (core); the link below is
  // then re-issued by the payments service for the new total.
  await act(deps, id, 'calculateDeliveryFee', actor, (order) => ({
    deliveryFee: decimalOf(feeCents),
    deliveryDistance:
      input.deliveryDistance === undefined || input.deliveryDistance === null
        ? null
        : new Prisma.Decimal(input.deliveryDistance).toDecimalPlaces(2),
    // The total so far holds any earlier fee; replace it rather than add twice.
    total: decimalOf(cents(order.total) - cents(order.deliveryFee) + feeCents),
  }));
  // One mail tells the fee, the new total and the link (when there is one).
  const send = deps.notifications.deliveryFeeSet?.bind(deps.notifications);
  const link = await ensureLink(deps, id, send ? { notifyCustomer: false } : undefined);
  if (send) await notify(deps, 'delivery fee', () => send(id));
  return { order: await reload(deps, id), paymentUrl: link, correction };
}

export async function setFulfillment(
  deps: OrderAdminDeps,
  id: string,
  orderStatus: string,
  actor: Actor,
) {
  if (orderStatus !== 'complete') return undoHandOver(deps, id, actor);
  // Mark Complete hands the order over: refused while money is due (payment_due).
  const { order } = await takeOrderAction(deps, id, 'handOver', actor, {
    specCheck: (current) => checkAdminAction(current, 'markComplete'),
    work: (_tx, current) => ({ ...adminActionChanges(current, 'markComplete') }),
  });
  return order;
}

/**
 * Mark In Progress, the Undo of a hand-over, through the engine's
 * `undoHandOver`: the order goes back to ready (or out for delivery) and any
 * payment taken in that hand-over is reversed, so the money it never
 * received leaves the takings; nothing is mailed.
 */
export async function undoHandOver(deps: OrderAdminDeps, id: string, actor: Actor) {
  const { order } = await takeOrderAction(deps, id, 'undoHandOver', actor, {
    specCheck: (current) => checkAdminAction(current, 'markInProgress'),
    work: async (tx, current) => {
      const taken = await handOverPayments(tx, id);
      const takenCents = taken.reduce((sum, payment) => sum + cents(payment.amount), 0);
      // Money refunded since cannot be taken back as well: refund the rest instead.
      if (takenCents > refundableCents(orderMoneyOf(current)))
        throw conflict(
          'Cannot undo the hand-over: part of its payment was refunded since; record a refund instead',
        );
      for (const payment of taken) await reversePayment(tx, payment, actor, 'Hand-over undone');
      const back = ORDER_ACTION_RULES.undoHandOver.to(stateOf(current))!;
      return {
        ...adminActionChanges(current, 'markInProgress'),
        ...counterChanges(current, 'markInProgress'),
        fulfilledAt: null,
        // The payment fields change only when the hand-over's own payment was taken back.
        ...(taken.length ? await paymentFieldsAfterMoney(tx, current, back) : {}),
      };
    },
  });
  return order;
}

/**
 * Hands the order over (Fulfill, Hand Over) through the engine's `handOver`:
 * picked up or delivered, complete, a paid payment completed, the time
 * stamped. An unpaid order is refused (409 payment_due, naming the amount)
 * unless the payment is taken in the same step (`payment`: cash, card
 * elsewhere or the Square link), as a row its Undo can reverse. Nothing is
 * mailed: the customer is at the counter (Mark Ready is what tells them).
 * Refused on a cancelled order; idempotent on an order already handed over.
 */
export async function fulfill(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  payment: { method: PaymentMethod } | null = null,
  now = new Date(),
) {
  const { order, changed } = await takeOrderAction(deps, id, 'handOver', actor, {
    now,
    done: (current) => isFulfilled(current),
    specCheck: (current) => checkAdminAction(current, 'fulfill'),
    context: () => ({ takingPayment: payment !== null }),
    work: async (tx, current) => {
      const money = orderMoneyOf(current);
      const due = amountDueCents(money);
      const taking = payment !== null && due > 0;
      if (taking)
        await recordPayment(tx, id, {
          method: payment.method,
          amountCents: due,
          actor,
          context: HAND_OVER_CONTEXT,
          at: now,
        });
      const settled =
        isSettled({ ...money, receivedCents: money.receivedCents + (taking ? due : 0) }) ||
        (money.totalCents === 0 && !taking);
      const next = ORDER_ACTION_RULES.handOver.to(stateOf(current))!;
      return {
        ...adminActionChanges(current, 'fulfill'),
        ...specFields(next, settled),
        fulfilledAt: now,
        ...(taking ? { paymentMethod: payment.method, paidAt: current.paidAt ?? now } : {}),
      };
    },
  });
  return { order, alreadyFulfilled: !changed };
}

/**
 * Restores a cancelled order to the state it was cancelled from, on the day
 * it was cancelled (the bakery's day). Its units are booked again through the
 * kitchen's counters (409 capacity_full when the day filled up since), its
 * payment is what it was (paid when money came in), the customer is told.
 */
export async function restoreOrder(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  now = new Date(),
) {
  const today = bakeryToday(now);
  const { order } = await takeOrderAction(deps, id, 'restore', actor, {
    // The New York day of the cancel (a UTC date is the next day after 7 or 8 pm).
    context: (current) => ({
      today,
      cancelledDay: current.cancelledAt ? bakeryToday(current.cancelledAt) : null,
    }),
    work: async (tx, current) => {
      if (current.pickupDate)
        // The one booking, as a new order's (a drop that closed since refuses).
        await bookStoredOrder(tx, {
          orderId: current.id,
          date: current.pickupDate,
          pickupTime: current.pickupTime,
          deliveryMethod: current.deliveryMethod,
          lines: storedLines(current.items),
          holder: null,
          userId: null,
          today,
          holds: 'units',
        });
      // Its payment is what it was: paid when the money it received settles it.
      const back = ORDER_ACTION_RULES.restore.to(stateOf(current)) ?? 'received';
      const settled = isSettled(
        orderMoneyOf({ ...current, paymentStatus: 'paid', fulfillmentStatus: back }),
      );
      return { paymentStatus: specFields(back, settled).paymentStatus };
    },
    now,
  });
  return order;
}

/** Archive: the order leaves the desk's lists but keeps its history and money (a paid order is never deleted). */
export async function archiveOrder(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  now = new Date(),
) {
  const { order } = await takeOrderAction(deps, id, 'archive', actor, {
    work: () => ({ archivedAt: now }),
    now,
  });
  return order;
}

/** Staff retry of the Square link (for instance after Square was down). */
export async function retryPaymentLink(deps: OrderAdminDeps, id: string) {
  ensure(checkPaymentLinkRetry(await reload(deps, id)));
  const link = await ensureLink(deps, id);
  return { order: await reload(deps, id), paymentUrl: link };
}

/** Deletes an unpaid order with its history (a paid one is refused: archive it); returns its name. */
export async function deleteOrder(deps: OrderAdminDeps, id: string, actor: Actor) {
  const name = await deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    ensureAllowed(order, 'delete');
    await tx.orderHistory.deleteMany({ where: { orderId: id } });
    await tx.order.delete({ where: { id } });
    return orderName(order);
  });
  deps.log?.info('order deleted', { orderId: id, by: actor.email });
  return name;
}

export async function orderHistory(prisma: PrismaClient, id: string): Promise<OrderHistoryView[]> {
  const order = await prisma.order.findUnique({ where: { id }, select: { id: true } });
  if (!order) throw notFound('Order not found');
  const rows = await prisma.orderHistory.findMany({
    where: { orderId: id },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
  });
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    field: row.field,
    from: row.from,
    to: row.to,
  }));
}

// ---------------------------------------------------------------- listing
