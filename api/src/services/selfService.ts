// Customer self-service (issue 24): the signed-in customer changes or cancels
// her own order until its lock time (core's selfService.ts). A change is
// priced with core's rules as a new order would be (the rush fee for the new
// date), its kitchen units checked like a new booking of the day with the
// order's own units freed first, and each changed field written to the
// order's history with the customer as actor, all in one transaction with
// the order locked. Mail and Square come after the commit and never undo it.
import {
  bakeryToday,
  checkOrderAction,
  customerChangeCheck,
  formatCents,
  formatLongDate,
  isPaidStatus,
  isPickupDateAllowed,
  ORDER_MESSAGES,
  orderLines,
  orderRefusal,
  priceOrder,
  pickupTimeProblem,
  PricingError,
  type CartLine,
  type CustomerOrderChange,
  type PricedOrder,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { badRequest, conflict, notFound } from '../errors.js';
import { reserveCapacity, storedLines } from './kitchen/capacity.js';
import { bookWindowAndDrops } from './kitchen/offer.js';
import { rebookWindow } from './kitchen/windows.js';
import {
  applyChanges,
  counterChanges,
  ensureLink,
  lockOrder,
  notify,
  type Actor,
  type OrderAdminDeps,
  type OrderRow,
} from './orderAdmin.js';
import { centsOf as cents, decimalOf } from '../db/money.js';
import { linesWithAllergens } from './allergens/orderLines.js';
import { assertAvailableOn } from './menu/orders.js';
import { currentAllergens } from './allergens/statements.js';

type Tx = Prisma.TransactionClient;

export interface Customer {
  id: string;
  email: string;
}

const fieldError = (path: string, message: string) =>
  badRequest(message, { errors: [{ path, message }] }, 'validation_failed');

/** The customer's own order, locked, or 404 (another customer's order is not found either). */
async function ownOrder(tx: Tx, id: string, customer: Customer): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (order.userId !== customer.id) throw notFound('Order not found');
  return order;
}

/** 409 once the lock time passed (order_locked) or in a state the customer cannot change. */
function ensureChangeable(order: OrderRow, now: Date) {
  const check = customerChangeCheck(order, now);
  if (!check.ok) throw conflict(check.message, check.code);
}

const actorOf = (customer: Customer): Actor => ({ id: customer.id, email: customer.email });

/** A stored order's lines as cart lines (to re-price them when only the date changes). */
function cartLinesOf(items: Prisma.JsonValue): CartLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw) => {
    const item = raw as Record<string, unknown> | null;
    if (!item || typeof item.productId !== 'string') return [];
    const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return [
      {
        productId: item.productId,
        quantity: Number(item.quantity ?? 0),
        variantId: textOf(item.variant),
        filling: textOf(item.filling),
        addIn: textOf(item.addIn),
      },
    ];
  });
}

async function recordNote(tx: Tx, orderId: string, actor: Actor, field: string, to: string) {
  await tx.orderHistory.create({
    data: { orderId, actorId: actor.id, actorEmail: actor.email, field, from: null, to },
  });
}

export interface ChangeResult {
  order: OrderRow;
  /** What changed, in the customer's words (the mail lists them); empty when nothing did. */
  changes: string[];
}

/**
 * PATCH /api/my-orders/{id}: moves the date or time, changes the lines or the
 * cake options, re-priced by core. A paid order that gets cheaper is marked
 * for a refund (refundPending, the difference in the history); a dearer one
 * is pending again and gets a new payment link.
 */
export async function changeMyOrder(
  deps: OrderAdminDeps,
  input: { id: string; customer: Customer; change: CustomerOrderChange; now?: Date },
): Promise<ChangeResult> {
  const now = input.now ?? new Date();
  const today = bakeryToday(now);
  const { change } = input;
  const actor = actorOf(input.customer);
  const kitchen = await currentAllergens(deps.prisma);
  const result = await deps.prisma.$transaction(async (tx) => {
    const order = await ownOrder(tx, input.id, input.customer);
    ensureChangeable(order, now);

    const pickupDate = change.pickupDate ?? order.pickupDate!;
    const pickupTime = change.pickupTime ?? order.pickupTime ?? undefined;
    const dateChanged = pickupDate !== order.pickupDate;
    if (dateChanged && !isPickupDateAllowed(pickupDate, today))
      throw fieldError('pickupDate', ORDER_MESSAGES.pickupDateLead);
    // The owner's hours for that weekday (a closed day, a time outside them).
    const timeChanged = change.pickupTime !== undefined && change.pickupTime !== order.pickupTime;
    const hoursProblem =
      (dateChanged || timeChanged) && pickupTime ? pickupTimeProblem(pickupDate, pickupTime) : null;
    if (hoursProblem) throw fieldError(dateChanged ? 'pickupDate' : 'pickupTime', hoursProblem);

    const stored = order.cakeOptions as { hasWriting?: boolean; hasBows?: boolean } | null;
    const hasWriting = change.hasWriting ?? Boolean(stored?.hasWriting);
    const hasBows = change.hasBows ?? Boolean(stored?.hasBows);
    const writing = change.cakeWriting !== undefined ? change.cakeWriting : order.cakeWriting;
    const lines: CartLine[] = change.items
      ? change.items.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          variantId: line.variant ?? undefined,
          filling: line.filling ?? undefined,
          addIn: line.addIn ?? undefined,
        }))
      : cartLinesOf(order.items);

    // A new date is priced as a new order of today would be (the rush fee for
    // that date); on the same date the rush fee stays as it was booked.
    const pricingDay = dateChanged ? today : bakeryToday(order.orderDate);
    let priced: PricedOrder;
    try {
      priced = priceOrder(
        lines,
        {
          pickupDate,
          hasWriting,
          hasBows,
          deliveryFeeCents: cents(order.deliveryFee),
        },
        pricingDay,
      );
    } catch (error) {
      if (error instanceof PricingError) throw fieldError('items', error.message);
      throw error;
    }
    // Issue 22: a new day or new lines must be ones the bakery can make.
    if (dateChanged || change.items)
      assertAvailableOn(
        lines.map((line) => line.productId),
        pickupDate,
      );
    const refusal = orderRefusal({
      hasCakeItems: priced.hasCakeItems,
      hasWriting,
      cakeWriting: writing,
      deliveryMethod: order.deliveryMethod,
      deliveryState: order.deliveryState,
      deliveryZip: order.deliveryZip,
    });
    if (refusal)
      throw badRequest(
        refusal.message,
        { errors: [{ path: refusal.field, message: refusal.message }] },
        refusal.code,
      );

    // Issue 26: the changed lines keep their allergens as of now.
    const items = linesWithAllergens(kitchen.byProduct, orderLines(priced));
    const oldTotal = cents(order.total);
    const newTotal = priced.totalCents;
    const data: Record<string, unknown> = {
      pickupDate,
      pickupTime: pickupTime ?? null,
      items,
      subtotal: decimalOf(priced.subtotalCents),
      cakeOptionsFee: decimalOf(priced.cakeOptionsFeeCents),
      rushFee: decimalOf(priced.rushFeeCents),
      tax: decimalOf(priced.taxCents),
      total: decimalOf(newTotal),
      isRushOrder: priced.isRushOrder,
      hasCakeItems: priced.hasCakeItems,
      cakeOptions: priced.hasCakeItems ? { hasWriting, hasBows } : Prisma.DbNull,
      cakeWriting: priced.hasCakeItems && hasWriting ? writing : null,
    };
    // Prisma.DbNull reads as an object; the stored null is the same value.
    if (data.cakeOptions === Prisma.DbNull && order.cakeOptions === null) delete data.cakeOptions;

    const linesChanged =
      JSON.stringify(cartLinesOf(order.items)) !==
      JSON.stringify(cartLinesOf(items as unknown as Prisma.JsonValue));
    if (!linesChanged) delete data.items;

    const words = changeWords(order, data, linesChanged, items, oldTotal, newTotal);
    if (words.length === 0) return { order, changes: [], moreToPay: false };

    if (dateChanged || linesChanged) {
      // Book the new date and lines as a new order would be, this order's own
      // units freed first (the kitchen-load triggers follow the items).
      await tx.$executeRaw`UPDATE "Order" SET "items" = '[]'::jsonb WHERE "id" = ${order.id}::uuid`;
      await reserveCapacity(tx, pickupDate, storedLines(items as unknown as Prisma.JsonValue), {
        userId: input.customer.id,
        today,
      });
      data.items = items;
    }
    await rebookUnits(tx, order, { pickupDate, pickupTime, items, dateChanged, linesChanged });

    const paid = isPaidStatus(order.paymentStatus);
    let moreToPay = false;
    if (paid && newTotal < oldTotal) {
      data.refundPending = true;
      words.push(`We will refund ${formatCents(oldTotal - newTotal)} to the way you paid.`);
    } else if (paid && newTotal > oldTotal) {
      // The payment stays paid: a new Square link would ask for the whole total
      // again. The difference is recorded for staff, who collect it (history
      // 'balanceDue', shown on the desk) and tell the customer how.
      moreToPay = true;
      words.push(
        `${formatCents(newTotal - oldTotal)} more is due for the change: we'll e-mail you how to pay it.`,
      );
    }
    const updated = await applyChanges(tx, order, data, actor);
    await recordNote(tx, order.id, actor, 'customerChange', words.join('; '));
    if (paid && newTotal < oldTotal)
      await recordNote(tx, order.id, actor, 'refundDue', formatCents(oldTotal - newTotal));
    if (moreToPay)
      await recordNote(tx, order.id, actor, 'balanceDue', formatCents(newTotal - oldTotal));
    return { order: updated, changes: words, moreToPay };
  });

  if (result.changes.length === 0) return { order: result.order, changes: [] };
  const totalChanged = result.changes.some((line) => line.startsWith('Total'));
  if (
    deps.payments.configured &&
    result.order.paymentStatus === 'pending' &&
    result.order.deliveryMethod === 'pickup' &&
    (totalChanged || result.moreToPay)
  )
    await ensureLink(deps, result.order.id, { notifyCustomer: false });
  const send = deps.notifications.orderChanged?.bind(deps.notifications);
  if (send) await notify(deps, 'order changed', () => send(result.order.id, result.changes));
  const order =
    (await deps.prisma.order.findUnique({ where: { id: result.order.id } })) ?? result.order;
  return { order, changes: result.changes };
}

/** The changes in words, for the mail and the history ("Pickup date: … → …"). */
function changeWords(
  order: OrderRow,
  data: Record<string, unknown>,
  linesChanged: boolean,
  items: ReturnType<typeof orderLines>,
  oldTotal: number,
  newTotal: number,
): string[] {
  const out: string[] = [];
  if (data.pickupDate !== order.pickupDate)
    out.push(
      `Pickup date: ${order.pickupDate ? formatLongDate(order.pickupDate) : 'none'} → ${formatLongDate(String(data.pickupDate))}`,
    );
  if ((data.pickupTime ?? null) !== (order.pickupTime ?? null))
    out.push(`Pickup time: ${order.pickupTime ?? 'none'} → ${String(data.pickupTime)}`);
  if (linesChanged) {
    const describe = (lines: { name?: unknown; quantity?: unknown; variantLabel?: unknown }[]) =>
      lines
        .map(
          (line) =>
            `${String(line.quantity)} x ${String(line.name)}${line.variantLabel ? ` (${String(line.variantLabel)})` : ''}`,
        )
        .join(', ');
    const before = Array.isArray(order.items) ? (order.items as Record<string, unknown>[]) : [];
    out.push(`Items: ${describe(before)} → ${describe(items)}`);
  }
  const stored = order.cakeOptions as { hasWriting?: boolean; hasBows?: boolean } | null;
  const options = (data.cakeOptions ?? null) as { hasWriting?: boolean; hasBows?: boolean } | null;
  if (data.cakeOptions !== Prisma.DbNull && data.cakeOptions !== undefined) {
    if (Boolean(stored?.hasBows) !== Boolean(options?.hasBows))
      out.push(`Bows: ${options?.hasBows ? 'added' : 'removed'}`);
    if (Boolean(stored?.hasWriting) !== Boolean(options?.hasWriting))
      out.push(`Writing: ${options?.hasWriting ? 'added' : 'removed'}`);
  }
  if ((data.cakeWriting ?? null) !== (order.cakeWriting ?? null) && data.cakeWriting)
    out.push(`Writing on the cake: “${String(data.cakeWriting)}”`);
  if (newTotal !== oldTotal) out.push(`Total: ${formatCents(oldTotal)} → ${formatCents(newTotal)}`);
  return out;
}

/**
 * POST /api/my-orders/{id}/cancel: the same fields as a staff cancel
 * (fulfillmentStatus and paymentStatus cancelled, cancelledAt, cancelledFrom);
 * the kitchen-load triggers free its units. A paid order is marked for a refund.
 */
export async function cancelMyOrder(
  deps: OrderAdminDeps,
  input: { id: string; customer: Customer; now?: Date },
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const actor = actorOf(input.customer);
  const order = await deps.prisma.$transaction(async (tx) => {
    const current = await ownOrder(tx, input.id, input.customer);
    ensureChangeable(current, now);
    const allowed = checkOrderAction(current, 'cancel');
    if (!allowed.ok) throw conflict(allowed.message, allowed.code);
    const paid = isPaidStatus(current.paymentStatus) || Boolean(current.paidAt);
    const refundCents = paid ? cents(current.total) - cents(current.refundedAmount) : 0;
    const updated = await applyChanges(
      tx,
      current,
      {
        paymentStatus: 'cancelled',
        ...counterChanges(current, 'cancel', now),
        ...(refundCents > 0 ? { refundPending: true } : {}),
      },
      actor,
    );
    await recordNote(tx, current.id, actor, 'cancelReason', 'Cancelled by the customer online');
    if (refundCents > 0)
      await recordNote(tx, current.id, actor, 'refundDue', formatCents(refundCents));
    return updated;
  });
  const send = deps.notifications.orderCancelled?.bind(deps.notifications);
  if (send) await notify(deps, 'order cancelled', () => send(order.id));
  return order;
}

/**
 * Issue 25: a change books the order's window and drop units again, in the
 * change's transaction (its own units given back first): a new date or new
 * lines both, a new time only the window (a drop that closed since does not
 * stop a customer from moving the pickup time).
 */
async function rebookUnits(
  tx: Prisma.TransactionClient,
  order: { id: string; userId: string | null; pickupTime: string | null; deliveryMethod: string },
  change: {
    pickupDate: string;
    pickupTime: string | undefined;
    items: unknown;
    dateChanged: boolean;
    linesChanged: boolean;
  },
): Promise<void> {
  const booking = {
    orderId: order.id,
    date: change.pickupDate,
    pickupTime: change.pickupTime ?? null,
    deliveryMethod: order.deliveryMethod,
    lines: storedLines(change.items as Prisma.JsonValue),
    holder: order.userId,
  };
  if (change.dateChanged || change.linesChanged)
    await bookWindowAndDrops(tx, { ...booking, rebook: true });
  else if ((change.pickupTime ?? null) !== order.pickupTime) await rebookWindow(tx, booking);
}
