// Staff actions on an order. Each one locks the order row, asks core's
// lifecycle whether the action is allowed in the order's current state (a
// refusal is a 409 whose message names the state), changes the order and
// writes one OrderHistory row per changed field (who, when, from, to) in the
// same transaction, so a refused or failed action changes nothing. Mail and
// Square calls happen after the commit and never undo it.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { randomInt } from 'node:crypto';
import {
  decodeCursor,
  encodeCursor,
  adminActionChanges,
  bakeryToday,
  BULK_READY_MAX,
  checkAdminAction,
  checkOrderAction,
  formatCents,
  fulfillmentAfterSpecAction,
  fulfillmentOf,
  isFulfillmentStatus,
  makePickupCode,
  orderNumber,
  PICKUP_CODE_ALPHABET,
  specFields,
  type OrderAction,
  type PaymentMethod,
  checkPaymentChange,
  checkPaymentLinkRetry,
  dollarsToCents,
  isFulfilled,
  normaliseSearch,
  type ActionCheck,
  type AdminAction,
  type DeskQuery,
  type OrderHistoryView,
  amountDueCents,
  checkVoid,
  addDays,
  formatLongDate,
  FULFILLMENT_STATES,
  HAND_OVER_CONTEXT,
  BEFORE_READY_STATUSES,
  READY_STATUSES,
  isSettled,
  refundEffect,
  refundableCents,
  refundTooLargeMessage,
} from '@bakery/core';
import type { Logger, Notifications, Payments } from './contracts.js';
import { conflict, notFound } from '../errors.js';
import { rangeBounds } from './stats.js';
import { reserveCapacity, storedLines } from './kitchen/capacity.js';
import { bookWindowAndDrops } from './kitchen/offer.js';
import { centsOf as cents, decimalOf, orderMoneyOf } from '../db/money.js';
import { BEFORE_READY_SQL, OPEN_SQL } from '../db/orderStates.js';
import {
  handOverPayments,
  lastPaymentMethod,
  paymentFieldsAfterMoney,
  paymentsOf,
  recordPayment,
  recordRefundRow,
  reversePayment,
} from './orders/payments.js';

export interface OrderAdminDeps {
  prisma: PrismaClient;
  payments: Payments;
  notifications: Notifications;
  log?: Logger;
}

export interface Actor {
  /** The staff member's account; null for the server's own jobs. */
  id: string | null;
  email: string;
}

type Tx = Prisma.TransactionClient;
export type OrderRow = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

export interface Change {
  field: string;
  from: string | null;
  to: string | null;
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Prisma.Decimal) return value.toFixed(2);
  // JSON (order lines, cake options) as JSON with sorted keys: the same value reads the same.
  if (typeof value === 'object') return JSON.stringify(sortedKeys(value));
  return String(value);
};

const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
        )
      : value;

/** Locks the order row for the rest of the transaction and reads it; 404 when unknown. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  await tx.$queryRaw`SELECT 1 FROM "Order" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const order = await tx.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
}

function ensure(verdict: ActionCheck) {
  if (!verdict.ok) throw conflict(verdict.message, verdict.code);
}

const ensureAllowed = (order: OrderRow, action: AdminAction) =>
  ensure(checkAdminAction(order, action));

/** Applies `data` to the order and records every field whose value changes. */
export async function applyChanges(
  tx: Tx,
  order: OrderRow,
  data: Record<string, unknown>,
  actor: Actor,
): Promise<OrderRow> {
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(data)) {
    const before = text((order as Record<string, unknown>)[field]);
    const after = text(value);
    if (before !== after) changes.push({ field, from: before, to: after });
  }
  if (changes.length === 0) return order;
  const updated = await tx.order.update({
    where: { id: order.id },
    data: data as Prisma.OrderUpdateInput,
  });
  await tx.orderHistory.createMany({
    data: changes.map((change) => ({
      orderId: order.id,
      actorId: actor.id,
      actorEmail: actor.email,
      field: change.field,
      from: change.from,
      to: change.to,
    })),
  });
  return updated;
}

/**
 * In one transaction: lock the order, ask core whether `action` is allowed
 * (409 with core's message if not), apply core's status changes for it plus
 * `extra` fields, and record the history.
 */
async function act(
  deps: OrderAdminDeps,
  id: string,
  action: AdminAction | ((order: OrderRow) => ActionCheck),
  actor: Actor,
  change: (order: OrderRow) => Record<string, unknown>,
): Promise<OrderRow> {
  return deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (typeof action === 'function') ensure(action(order));
    else ensure(checkAdminAction(order, action));
    const statusChanges =
      typeof action === 'function'
        ? {}
        : { ...adminActionChanges(order, action), ...counterChanges(order, action) };
    return applyChanges(tx, order, { ...statusChanges, ...change(order) }, actor);
  });
}

/** The counter's fields (core's orderState.ts) that follow one of the spec's buttons. */
export function counterChanges(order: OrderRow, action: string, now = new Date()) {
  const next = fulfillmentAfterSpecAction(order, action);
  if (!next) return {};
  const changes: Record<string, unknown> = { fulfillmentStatus: next };
  if (next === 'cancelled') {
    changes.cancelledFrom = fulfillmentOf(order);
    changes.cancelledAt = now;
  }
  return changes;
}

/** Sends a notification without letting a mail failure reach the caller. */
export async function notify(deps: OrderAdminDeps, what: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    deps.log?.warn(`notification failed: ${what}`, { error: String(error) });
  }
}

/** The same for a notice the deps may leave out (nothing is sent then). */
async function notifyIfWired(
  deps: OrderAdminDeps,
  notice: 'orderCancelled' | 'orderRestored',
  what: string,
  id: string,
) {
  const send = deps.notifications[notice]?.bind(deps.notifications);
  if (send) await notify(deps, what, () => send(id));
}

/**
 * Asks Square (through deps.payments) for the order's link. The payments
 * service stores the link and mails the customer when it makes a new one; a
 * failure is logged there or here and never undoes the staff change before it.
 */
export async function ensureLink(
  deps: OrderAdminDeps,
  orderId: string,
  options?: { notifyCustomer?: boolean },
): Promise<string | null> {
  try {
    return await deps.payments.ensurePaymentLink(orderId, options);
  } catch (error) {
    deps.log?.error('payment link failed', { orderId, error: String(error) });
    return null;
  }
}

const reload = async (deps: OrderAdminDeps, id: string) => {
  const order = await deps.prisma.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
};

// ------------------------------------------------------------------- actions

// Which payment changes staff may make is core's checkPaymentChange.

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
  const order = await act(deps, id, 'cancel', actor, () => ({}));
  await notifyIfWired(deps, 'orderCancelled', 'order cancelled', id);
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
  deps: Pick<OrderAdminDeps, 'prisma'>,
  id: string,
  reason: string,
  stillDue: (order: OrderRow) => boolean,
): Promise<OrderRow | null> {
  return deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!stillDue(order) || !checkAdminAction(order, 'cancel').ok) return null;
    const updated = await applyChanges(
      tx,
      order,
      { ...adminActionChanges(order, 'cancel'), ...counterChanges(order, 'cancel') },
      RELEASE_ACTOR,
    );
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
    return updated;
  });
}

/** Confirm Payment: the amount due recorded as received ("other": outside Square), then paid. */
export async function confirmPayment(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  method: PaymentMethod = 'other',
) {
  const order = await deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    ensure(checkAdminAction(current, 'confirmPayment'));
    const due = amountDueCents(orderMoneyOf(current));
    if (due > 0) await recordPayment(tx, id, { method, amountCents: due, actor });
    return applyChanges(
      tx,
      current,
      {
        ...adminActionChanges(current, 'confirmPayment'),
        ...counterChanges(current, 'confirmPayment'),
        paymentMethod: method,
      },
      actor,
    );
  });
  await notify(deps, 'payment received', () => deps.notifications.paymentReceived(id));
  return order;
}

/** Adds the delivery fee to the total (untaxed) and asks Square for the link the customer can now pay. */
export async function setDeliveryFee(
  deps: OrderAdminDeps,
  id: string,
  input: { deliveryFee: number; deliveryDistance?: number | null },
  actor: Actor,
) {
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
  return { order: await reload(deps, id), paymentUrl: link };
}

export async function setFulfillment(
  deps: OrderAdminDeps,
  id: string,
  orderStatus: string,
  actor: Actor,
) {
  if (orderStatus !== 'complete') return undoHandOver(deps, id, actor);
  // Mark Complete hands the order over: refused while money is due (payment_due).
  return act(
    deps,
    id,
    (current) => {
      const verdict = checkAdminAction(current, 'markComplete');
      if (!verdict.ok) return verdict;
      return checkOrderAction(stateOf(current), 'handOver');
    },
    actor,
    (current) => ({
      ...adminActionChanges(current, 'markComplete'),
      ...counterChanges(current, 'markComplete'),
    }),
  );
}

/**
 * Mark In Progress, the Undo of a hand-over: the order goes back to ready (or
 * out for delivery) and any payment taken in that hand-over is reversed, so
 * the money it never received leaves the takings; nothing is mailed.
 */
export async function undoHandOver(deps: OrderAdminDeps, id: string, actor: Actor) {
  return deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    ensure(checkAdminAction(current, 'markInProgress'));
    const taken = await handOverPayments(tx, id);
    const takenCents = taken.reduce((sum, payment) => sum + cents(payment.amount), 0);
    // Money refunded since cannot be taken back as well: refund the rest instead.
    if (takenCents > refundableCents(orderMoneyOf(current)))
      throw conflict(
        'Cannot undo the hand-over: part of its payment was refunded since; record a refund instead',
      );
    for (const payment of taken) await reversePayment(tx, payment, actor, 'Hand-over undone');
    const changes = {
      ...adminActionChanges(current, 'markInProgress'),
      ...counterChanges(current, 'markInProgress'),
      fulfilledAt: null,
    };
    const moved = await applyChanges(tx, current, changes, actor);
    // The spec's Mark In Progress moves orderStatus back; the payment fields
    // change only when the hand-over's own payment was taken back.
    if (taken.length === 0) return moved;
    return applyChanges(tx, moved, await paymentFieldsAfterMoney(tx, moved), actor);
  });
}

/**
 * Hands the order over (Fulfill, Hand Over): picked up or delivered, complete,
 * a paid payment completed, the time stamped. An unpaid order is refused
 * (409 payment_due, naming the amount) unless the payment is taken in the same
 * step (`payment`: cash, card elsewhere or the Square link). Nothing is mailed:
 * the customer is at the counter (Mark Ready is what tells them). Refused on a
 * cancelled order; idempotent on an order already handed over.
 */
export async function fulfill(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  payment: { method: PaymentMethod } | null = null,
  now = new Date(),
) {
  let already = false;
  const order = await deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (isFulfilled(current)) {
      already = true;
      return current;
    }
    ensure(checkAdminAction(current, 'fulfill'));
    ensureCounter(current, 'handOver', { takingPayment: payment !== null });
    // The amount due (core), taken in this step as a payment row its Undo can reverse.
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
    const next = fulfillmentAfterSpecAction(current, 'fulfill') ?? fulfillmentOf(current);
    return applyChanges(
      tx,
      current,
      {
        ...adminActionChanges(current, 'fulfill'),
        ...specFields(next, settled),
        fulfillmentStatus: next,
        fulfilledAt: now,
        ...(taking ? { paymentMethod: payment.method, paidAt: current.paidAt ?? now } : {}),
      },
      actor,
    );
  });
  return { order, alreadyFulfilled: already };
}

type CounterContext = Parameters<typeof checkOrderAction>[2];

/** Asks core's order-state table; a refusal is a 409 with its code. */
function ensureCounter(order: OrderRow, action: OrderAction, context: CounterContext = {}) {
  const verdict = checkOrderAction(stateOf(order), action, context);
  if (!verdict.ok) throw conflict(verdict.message, verdict.code);
}

/**
 * One counter action on one order, in one transaction: the order locked,
 * the action checked against core's order-state table (409 if refused, with
 * `context` read from the locked order), then `work` done.
 */
function counterStep<T>(
  deps: OrderAdminDeps,
  id: string,
  action: OrderAction,
  work: (tx: Tx, current: OrderRow) => Promise<T>,
  context?: (current: OrderRow) => CounterContext,
) {
  return deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    ensureCounter(current, action, context?.(current));
    return work(tx, current);
  });
}

/** A stored order as core's order-state table reads it. */
const stateOf = (order: OrderRow) => {
  const { totalCents, receivedCents, refundedCents } = orderMoneyOf(order);
  return { ...order, totalCents, receivedCents, refundedCents };
};

/** A pickup code no other order holds (the column is unique; a clash is retried by the caller). */
const newPickupCode = () =>
  makePickupCode(() => randomInt(PICKUP_CODE_ALPHABET.length) / PICKUP_CODE_ALPHABET.length);

/**
 * Mark Ready (pickup) or Out for Delivery: the order gets its pickup code and
 * the customer is mailed (with the code, the address, a map link and the
 * time). Idempotent: an order already ready changes and sends nothing.
 */
export async function markReady(deps: OrderAdminDeps, id: string, actor: Actor, now = new Date()) {
  let changed = false;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const order = await deps.prisma.$transaction(async (tx) => {
        const current = await lockOrder(tx, id);
        const state = fulfillmentOf(current);
        if (READY_STATUSES.includes(state)) return current;
        const action = current.deliveryMethod === 'delivery' ? 'sendOut' : 'markReady';
        ensureCounter(current, action);
        changed = true;
        return applyChanges(
          tx,
          current,
          {
            fulfillmentStatus: action === 'sendOut' ? 'out_for_delivery' : 'ready',
            readyAt: now,
            pickupCode: current.pickupCode ?? newPickupCode(),
          },
          actor,
        );
      });
      if (changed) {
        const send =
          order.deliveryMethod === 'delivery'
            ? deps.notifications.outForDelivery?.bind(deps.notifications)
            : deps.notifications.orderReady.bind(deps.notifications);
        if (send) await notify(deps, 'order ready', () => send(id));
      }
      return { order, changed };
    } catch (error) {
      // Two orders drew the same code (1 in 148 million): draw again.
      if ((error as { code?: string }).code === 'P2002' && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Mark Ready for several orders: the given ids, or every open order due on
 * `pickupDate` (between `fromTime` and `toTime`, half-hour slots as stored).
 * Each order is its own transaction; one refusal does not stop the others.
 */
/**
 * Issue 36: marking ready mails the customers "ready for pickup" now, so
 * orders due on a day other than today or tomorrow need a second yes
 * (`confirmed`): 409 confirmation_required names the days and the customers.
 */
async function ensureSoonEnough(prisma: PrismaClient, ids: string[], now: Date) {
  const today = bakeryToday(now);
  const soon = [today, addDays(today, 1)];
  const later = await prisma.order.findMany({
    where: {
      id: { in: ids },
      pickupDate: { notIn: soon },
      fulfillmentStatus: { in: [...BEFORE_READY_STATUSES] },
    },
    select: { pickupDate: true, customerName: true },
    orderBy: [{ pickupDate: 'asc' }, { customerName: 'asc' }],
  });
  const dated = later.filter((row) => row.pickupDate);
  if (dated.length === 0) return;
  const days = [...new Set(dated.map((row) => formatLongDate(row.pickupDate!)))];
  const names = [...new Set(dated.map((row) => row.customerName))];
  const named =
    names.length > 5
      ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`
      : names.join(', ');
  throw conflict(
    `${dated.length === 1 ? 'This order is' : `${dated.length} of these orders are`} due ${days.join(', ')}, not today or tomorrow. Marking ${dated.length === 1 ? 'it' : 'them'} ready e-mails ${names.length === 1 ? 'the customer' : `${names.length} customers`} (${named}) that ${dated.length === 1 ? 'the order is' : 'their orders are'} ready now. Confirm to go on.`,
    'confirmation_required',
  );
}

export async function markReadyBulk(
  deps: OrderAdminDeps,
  selection: { ids?: string[]; pickupDate?: string; times?: string[]; confirmed?: boolean },
  actor: Actor,
  now = new Date(),
) {
  const ids = selection.ids?.length
    ? selection.ids.slice(0, BULK_READY_MAX)
    : (
        await deps.prisma.order.findMany({
          where: {
            pickupDate: selection.pickupDate,
            ...(selection.times?.length ? { pickupTime: { in: selection.times } } : {}),
            fulfillmentStatus: { in: [...BEFORE_READY_STATUSES] },
            archivedAt: null,
          },
          select: { id: true },
          orderBy: [{ pickupTime: 'asc' }, { id: 'asc' }],
          take: BULK_READY_MAX,
        })
      ).map((row) => row.id);
  if (!selection.confirmed) await ensureSoonEnough(deps.prisma, ids, now);
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids) {
    try {
      const { changed } = await markReady(deps, id, actor);
      results.push({ id, ok: true, ...(changed ? {} : { message: 'Already ready' }) });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/**
 * The Undo of Mark Ready (bulk or one): each order still ready (or out for
 * delivery) goes back to the state it was marked ready from; its pickup code
 * stays. Nothing is mailed (the ready mail may already be out).
 */
export async function undoReadyBulk(deps: OrderAdminDeps, ids: string[], actor: Actor) {
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids.slice(0, BULK_READY_MAX)) {
    try {
      await deps.prisma.$transaction(async (tx) => {
        const current = await lockOrder(tx, id);
        const state = fulfillmentOf(current);
        if (!READY_STATUSES.includes(state))
          throw conflict(
            `Cannot undo: order is ${FULFILLMENT_STATES[state].customerLabel.toLowerCase()}`,
          );
        const marked = await tx.orderHistory.findFirst({
          where: { orderId: id, field: 'fulfillmentStatus', to: state },
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
        });
        const back = isFulfillmentStatus(marked?.from) ? marked.from : 'received';
        await applyChanges(tx, current, { fulfillmentStatus: back, readyAt: null }, actor);
      });
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/**
 * Hand Over for ticked orders, each on its own: a paid order leaves the
 * counter; an unpaid one is refused (payment_due, naming the amount) and left
 * as it was, since its money must be taken with it one at a time.
 */
export async function handOverBulk(deps: OrderAdminDeps, ids: string[], actor: Actor) {
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids.slice(0, BULK_READY_MAX)) {
    try {
      const { alreadyFulfilled } = await fulfill(deps, id, actor, null);
      results.push({
        id,
        ok: true,
        ...(alreadyFulfilled ? { message: 'Already handed over' } : {}),
      });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/** Confirm Order / Start Baking: a step of the kitchen's progress, nothing mailed. */
export async function advanceStage(
  deps: OrderAdminDeps,
  id: string,
  action: 'confirm' | 'startBaking',
  actor: Actor,
) {
  return counterStep(deps, id, action, (tx, current) =>
    applyChanges(
      tx,
      current,
      { fulfillmentStatus: action === 'confirm' ? 'confirmed' : 'baking' },
      actor,
    ),
  );
}

/** The order whose pickup code was typed or scanned at the counter (404 otherwise). */
export async function findByPickupCode(prisma: PrismaClient, code: string) {
  const order = await prisma.order.findUnique({ where: { pickupCode: code } });
  if (!order) throw notFound('No order has this pickup code');
  return order;
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
  const order = await counterStep(
    deps,
    id,
    'restore',
    async (tx, current) => {
      if (current.pickupDate) {
        // Issue 25: its window and drop units (a drop that closed since refuses), then
        // the day's, in the order the submission and a cancellation take them.
        await bookWindowAndDrops(tx, {
          orderId: current.id,
          date: current.pickupDate,
          pickupTime: current.pickupTime,
          deliveryMethod: current.deliveryMethod,
          lines: storedLines(current.items),
          holder: null,
          rebook: true,
        });
        await reserveCapacity(tx, current.pickupDate, storedLines(current.items), {
          userId: null,
          today,
        });
      }
      const back =
        current.cancelledFrom && current.cancelledFrom !== 'cancelled'
          ? fulfillmentOf({ fulfillmentStatus: current.cancelledFrom })
          : 'received';
      return applyChanges(
        tx,
        current,
        {
          fulfillmentStatus: back,
          paymentStatus: specFields(
            back,
            isSettled(orderMoneyOf({ ...current, paymentStatus: 'paid', fulfillmentStatus: back })),
          ).paymentStatus,
          cancelledAt: null,
          cancelledFrom: null,
        },
        actor,
      );
    },
    // The New York day of the cancel (a UTC date is the next day after 7 or 8 pm).
    (current) => ({
      today,
      cancelledDay: current.cancelledAt ? bakeryToday(current.cancelledAt) : null,
    }),
  );
  await notifyIfWired(deps, 'orderRestored', 'order restored', id);
  return order;
}

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
  const order = await counterStep(deps, id, 'refund', async (tx, current) => {
    const money = orderMoneyOf(current);
    const effect = refundEffect(money, amountCents);
    if (!effect) throw conflict(refundTooLargeMessage(money, formatCents), 'refund_too_large');
    method = input.method ?? (await lastPaymentMethod(tx, id)) ?? 'other';
    await recordRefundRow(tx, id, { method, amountCents, actor, reason: input.reason });
    const updated = await applyChanges(
      tx,
      current,
      {
        refundedAmount: decimalOf(money.refundedCents + amountCents),
        ...(effect.discountCents > 0
          ? {
              discount: decimalOf(cents(current.discount) + effect.discountCents),
              total: decimalOf(money.totalCents - effect.discountCents),
            }
          : {}),
        refundPending:
          method === 'square' || (method === 'card' && Boolean(current.squarePaymentId)),
      },
      actor,
    );
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
    return updated;
  });
  const send = deps.notifications.refundRecorded?.bind(deps.notifications);
  if (send) await notify(deps, 'refund recorded', () => send(id, { amountCents, method }));
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

/** Archive: the order leaves the desk's lists but keeps its history and money (a paid order is never deleted). */
export async function archiveOrder(
  deps: OrderAdminDeps,
  id: string,
  actor: Actor,
  now = new Date(),
) {
  return counterStep(deps, id, 'archive', (tx, current) =>
    applyChanges(tx, current, { archivedAt: now }, actor),
  );
}

/** "#8C522CC7 (Ann Lee)": how refusals and logs name an order. */
export const orderName = (order: Pick<OrderRow, 'id' | 'customerName'>) =>
  `#${orderNumber(order.id)} (${order.customerName})`;

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

export interface OrderListQuery {
  fromDate?: string;
  toDate?: string;
  /** A payment status (pending, paid, completed, cancelled) or an order status ('in progress', complete). */
  status?: string;
  limit?: number;
  cursor?: string;
}

/**
 * Orders of the range, newest first. With `limit`, one page plus the cursor
 * of the next one (keyset on createdAt, id: stable while orders arrive).
 */
export async function listOrders(
  prisma: PrismaClient,
  query: OrderListQuery,
  statusField: (status: string) => 'paymentStatus' | 'orderStatus',
) {
  const { start, end } = rangeBounds(query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.OrderWhereInput = {
    createdAt: { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) },
    ...(query.status ? { [statusField(query.status)]: query.status } : {}),
    ...(after
      ? {
          OR: [
            { createdAt: { lt: after.createdAt } },
            { createdAt: after.createdAt, id: { lt: after.id } },
          ],
        }
      : {}),
  };
  const rows = await prisma.order.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...(query.limit ? { take: query.limit + 1 } : {}),
  });
  if (query.limit && rows.length > query.limit) {
    const page = rows.slice(0, query.limit);
    return { orders: page, nextCursor: encodeCursor(page[page.length - 1]!) };
  }
  return { orders: rows, nextCursor: null };
}

// ------------------------------------------------------------ the order desk

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL conditions of the desk's filters (every one backed by an index or cheap on its rows). */
function deskWhere(query: DeskQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (query.dueFrom) parts.push(Prisma.sql`"pickupDate" >= ${query.dueFrom}`);
  if (query.dueTo) parts.push(Prisma.sql`"pickupDate" <= ${query.dueTo}`);
  const { start, end } = rangeBounds(query);
  if (start) parts.push(Prisma.sql`"createdAt" >= ${start}`);
  if (end) parts.push(Prisma.sql`"createdAt" < ${end}`);
  const q = query.q ? normaliseSearch(query.q) : '';
  if (q) parts.push(Prisma.sql`"searchText" LIKE ${likePattern(q)}`);
  if (query.method) parts.push(Prisma.sql`"deliveryMethod" = ${query.method}`);
  // Archived orders leave the desk (they keep their money and history) unless asked for.
  if (query.status !== 'archived') parts.push(Prisma.sql`"archivedAt" IS NULL`);
  switch (query.status) {
    case 'open':
      parts.push(OPEN_SQL);
      break;
    case 'unfulfilled':
      parts.push(BEFORE_READY_SQL);
      break;
    case 'archived':
      parts.push(Prisma.sql`"archivedAt" IS NOT NULL`);
      break;
    case undefined:
      break;
    default:
      parts.push(
        isFulfillmentStatus(query.status)
          ? Prisma.sql`"fulfillmentStatus" = ${query.status}`
          : Prisma.sql`"paymentStatus" = ${query.status}`,
      );
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

function deskOrder(query: DeskQuery): Prisma.Sql {
  const desc = query.dir === 'desc';
  const d = Prisma.raw(desc ? 'DESC' : 'ASC');
  // Null dues last going forward, first going back: the index read either way.
  const n = Prisma.raw(desc ? 'NULLS FIRST' : 'NULLS LAST');
  switch (query.sort) {
    case 'placed':
      return Prisma.sql`"createdAt" ${d}, "id" ${d}`;
    case 'customer':
      return Prisma.sql`"customerName" ${d}, "id" ${d}`;
    case 'total':
      return Prisma.sql`"total" ${d}, "id" ${d}`;
    default:
      return Prisma.sql`"pickupDate" ${d} ${n}, "dueMinutes" ${d} ${n}, "id" ${d}`;
  }
}

/**
 * One page of the desk: filtered, searched and sorted in PostgreSQL, `limit`
 * rows from `offset`, and the number of matching rows counted up to `cap`.
 */
export async function deskPage(prisma: PrismaClient, query: DeskQuery, cap: number) {
  const where = deskWhere(query);
  const [ids, counted, clock] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT "id"::text AS id FROM "Order" WHERE ${where} ORDER BY ${deskOrder(query)} LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    prisma.$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM "Order" WHERE ${where} LIMIT ${cap + 1}) t`,
    ),
    prisma.$queryRaw<{ now: Date }[]>`SELECT now() AS now`,
  ]);
  const rows = ids.length
    ? await prisma.order.findMany({ where: { id: { in: ids.map((r) => r.id) } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const n = counted[0]?.n ?? 0;
  return {
    orders: ids.map((r) => byId.get(r.id)).filter((row): row is OrderRow => Boolean(row)),
    count: Math.min(n, cap),
    countCapped: n > cap,
    asOf: new Date(clock[0]!.now).toISOString(),
  };
}

/** How far back a poll looks before `since`: a transaction may commit a moment after its updatedAt. */
const CHANGE_MARGIN_MS = 2_000;

/** Orders created or changed since `since` (at most 200), for the desk's poll. */
export async function deskChanges(prisma: PrismaClient, since: Date) {
  const from = new Date(since.getTime() - CHANGE_MARGIN_MS);
  const [rows, clock] = await Promise.all([
    prisma.order.findMany({
      where: { updatedAt: { gt: from } },
      orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
      take: 200,
    }),
    prisma.$queryRaw<{ now: Date }[]>`SELECT now() AS now`,
  ]);
  return {
    orders: rows,
    created: rows.filter((row) => row.createdAt > since).map((row) => row.id),
    asOf: new Date(clock[0]!.now).toISOString(),
  };
}
