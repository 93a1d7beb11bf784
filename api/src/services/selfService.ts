// Customer self-service (issue 24): the signed-in customer changes or cancels
// her own order until its lock time (core's selfService.ts). A change is
// priced with core's rules as a new order would be (the rush fee for the new
// date), its kitchen units checked like a new booking of the day with the
// order's own units freed first, and each changed field written to the
// order's history with the customer as actor, all in one transaction with
// the order locked. Mail and Square come after the commit and never undo it.
import { takeOrderAction } from './orders/engine.js';
import {
  bakeryToday,
  customerChangeCheck,
  formatCents,
  formatLongDate,
  isPickupDateAllowed,
  ORDER_MESSAGES,
  orderLines,
  orderRefusal,
  repriceOrder,
  amountDueCents,
  refundableCents,
  refundDueCents,
  type PlacedPricing,
  pickupTimeProblem,
  PricingError,
  type CartLine,
  type CustomerOrderChange,
  type PricedOrder,
  markDropLines,
  pickupTimeText,
  type WindowShape,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { badRequest, conflict, fieldError, notFound } from '../errors.js';
import { storedLines } from './kitchen/capacity.js';
import { bookStoredOrder } from './kitchen/booking.js';
import {
  applyChanges,
  ensureLink,
  lockOrder,
  notify,
  type Actor,
  type OrderAdminDeps,
  type OrderRow,
} from './orders/index.js';
import { centsOf as cents, decimalOf, orderMoneyOf } from '../db/money.js';
import { linesWithAllergens } from './allergens/orderLines.js';
import { assertAvailableOn } from './menu/orders.js';
import { currentAllergens } from './allergens/statements.js';
import { dropItemsServing } from './kitchen/drops.js';
import { windowsReadRecently } from './kitchen/windows.js';
import type { Tx } from '../db/types.js';

export interface Customer {
  id: string;
  email: string;
}

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
export function cartLinesOf(items: Prisma.JsonValue): CartLine[] {
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

/** An order's figures as placed (core's repriceOrder keeps them through a change). */
export function placedPricingOf(order: OrderRow): PlacedPricing {
  const stored = order.cakeOptions as { hasWriting?: boolean; hasBows?: boolean } | null;
  const items = Array.isArray(order.items) ? (order.items as Record<string, unknown>[]) : [];
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    lines: items.flatMap((item) =>
      item && typeof item.productId === 'string'
        ? [
            {
              productId: item.productId,
              variantId: text(item.variant),
              filling: text(item.filling),
              addIn: text(item.addIn),
              unitPriceCents: cents(item.price as number),
            },
          ]
        : [],
    ),
    isRushOrder: order.isRushOrder,
    rushFeeCents: cents(order.rushFee),
    hasCakeItems: order.hasCakeItems,
    cakeOptionsFeeCents: cents(order.cakeOptionsFee),
    hasWriting: Boolean(stored?.hasWriting),
    hasBows: Boolean(stored?.hasBows),
    taxRatePercent: order.taxRatePercent === null ? null : Number(order.taxRatePercent),
    deliveryFeeCents: cents(order.deliveryFee),
  };
}

export interface ChangeResult {
  order: OrderRow;
  /** What changed, in the customer's words (the mail lists them); empty when nothing did. */
  changes: string[];
}

/** What a change would do, before it is saved (POST /api/my-orders/{id}/preview; issue 36). */
export interface ChangePreview {
  changes: string[];
  previousTotalCents: number;
  totalCents: number;
  subtotalCents: number;
  rushFeeCents: number;
  cakeOptionsFeeCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  /** What would still be owed, and what would be refunded, once saved. */
  amountDueCents: number;
  refundDueCents: number;
}

/** Thrown at the end of a preview's transaction: it rolls back and carries what it computed. */
class PreviewDone extends Error {
  constructor(readonly preview: ChangePreview) {
    super('preview');
  }
}

/**
 * The change priced, booked and checked as changeMyOrder would save it, then
 * rolled back: the preview equals the saved figures by construction.
 */
export async function previewMyOrderChange(
  deps: OrderAdminDeps,
  input: { id: string; customer: Customer; change: CustomerOrderChange; now?: Date },
): Promise<ChangePreview> {
  try {
    await changeMyOrder(deps, { ...input, dryRun: true });
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview;
    throw error;
  }
  throw new Error('a preview always rolls back');
}

/**
 * PATCH /api/my-orders/{id}: moves the date or time, changes the lines or the
 * cake options, re-priced by core. A paid order that gets cheaper is marked
 * for a refund (refundPending, the difference in the history); a dearer one
 * is pending again and gets a new payment link.
 */
export async function changeMyOrder(
  deps: OrderAdminDeps,
  input: {
    id: string;
    customer: Customer;
    change: CustomerOrderChange;
    now?: Date;
    /** Compute everything, then roll back (previewMyOrderChange). */
    dryRun?: boolean;
  },
): Promise<ChangeResult> {
  const now = input.now ?? new Date();
  const today = bakeryToday(now);
  const { change } = input;
  const actor = actorOf(input.customer);
  const kitchen = await currentAllergens(deps.prisma);
  // Issue 37: an order of only the day's drop items pays no rush fee, changed or not.
  const dropDay =
    change.pickupDate ??
    (await deps.prisma.order.findUnique({ where: { id: input.id }, select: { pickupDate: true } }))
      ?.pickupDate;
  const dropProductIds = dropDay ? await dropItemsServing(deps.prisma, dropDay) : new Set<string>();
  // Issue 37: the change says the window ("8:00 AM – 10:00 AM"), as every other text does.
  const windows = await windowsReadRecently(deps.prisma);
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
    let priced: PricedOrder & { reasons: string[] };
    try {
      // Issue 36: what was bought keeps its price, fees and tax rate (core).
      priced = repriceOrder(
        placedPricingOf(order),
        lines,
        {
          pickupDate,
          hasWriting,
          hasBows,
          deliveryFeeCents: cents(order.deliveryFee),
          dropProductIds,
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
    // Issue 37: a drop's lines come from its batch, the rest from the day's limits.
    const items = markDropLines(
      linesWithAllergens(kitchen.byProduct, orderLines(priced)),
      dropProductIds,
    );
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

    // (A new date can move a line into or out of a drop's batch: that is a change too.)
    const sameLines = (read: (items: Prisma.JsonValue) => unknown) =>
      JSON.stringify(read(order.items)) ===
      JSON.stringify(read(items as unknown as Prisma.JsonValue));
    const linesChanged = !sameLines(cartLinesOf) || !sameLines(storedLines);
    if (!linesChanged) delete data.items;

    const words = changeWords(
      order,
      data,
      linesChanged,
      items,
      oldTotal,
      newTotal,
      priced.reasons,
      windows,
    );
    if (words.length === 0) {
      if (input.dryRun) throw new PreviewDone(previewOf(order, priced, [], oldTotal));
      return { order, changes: [], moreToPay: false };
    }

    // Booked as a new order would be, this order's own units given back first.
    await rebookUnits(tx, order, {
      pickupDate,
      pickupTime,
      items,
      dateChanged,
      linesChanged,
      today,
    });
    if (dateChanged || linesChanged) data.items = items;

    // Issue 36: what is due or to be refunded follows from the money received (core).
    const after = { ...orderMoneyOf(order), totalCents: newTotal };
    const due = amountDueCents(after);
    const refund = refundDueCents(after);
    const received = after.receivedCents > 0;
    const moreToPay = received && due > 0 && newTotal > oldTotal;
    data.refundPending = refund > 0;
    if (refund > 0 && newTotal < oldTotal)
      words.push(`We will refund ${formatCents(refund)} to the way you paid.`);
    else if (moreToPay)
      words.push(
        `${formatCents(due)} more is due for the change: pay it when you pick up your order.`,
      );
    if (input.dryRun) throw new PreviewDone(previewOf(order, priced, words, oldTotal, after));
    const updated = await applyChanges(tx, order, data, actor);
    await recordNote(tx, order.id, actor, 'customerChange', words.join('; '));
    if (refund > 0 && newTotal < oldTotal)
      await recordNote(tx, order.id, actor, 'refundDue', formatCents(refund));
    if (moreToPay) await recordNote(tx, order.id, actor, 'balanceDue', formatCents(due));
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

function previewOf(
  order: OrderRow,
  priced: PricedOrder,
  changes: string[],
  oldTotal: number,
  after = orderMoneyOf(order),
): ChangePreview {
  return {
    changes,
    previousTotalCents: oldTotal,
    totalCents: priced.totalCents,
    subtotalCents: priced.subtotalCents,
    rushFeeCents: priced.rushFeeCents,
    cakeOptionsFeeCents: priced.cakeOptionsFeeCents,
    taxCents: priced.taxCents,
    deliveryFeeCents: priced.deliveryFeeCents,
    amountDueCents: amountDueCents({ ...after, totalCents: priced.totalCents }),
    refundDueCents: refundDueCents({ ...after, totalCents: priced.totalCents }),
  };
}

/** The changes in words, for the mail and the history ("Pickup date: … → …"). */
function changeWords(
  order: OrderRow,
  data: Record<string, unknown>,
  linesChanged: boolean,
  items: ReturnType<typeof orderLines>,
  oldTotal: number,
  newTotal: number,
  reasons: string[] = [],
  windows: readonly WindowShape[] = [],
): string[] {
  const out: string[] = [];
  if (data.pickupDate !== order.pickupDate)
    out.push(
      `Pickup date: ${order.pickupDate ? formatLongDate(order.pickupDate) : 'none'} → ${formatLongDate(String(data.pickupDate))}`,
    );
  if ((data.pickupTime ?? null) !== (order.pickupTime ?? null)) {
    const when = (pickupDate: unknown, pickupTime: unknown) =>
      pickupTimeText(
        {
          pickupDate: typeof pickupDate === 'string' ? pickupDate : null,
          pickupTime: typeof pickupTime === 'string' ? pickupTime : null,
          deliveryMethod: order.deliveryMethod,
        },
        windows,
      ) ?? 'none';
    out.push(
      `Pickup time: ${when(order.pickupDate, order.pickupTime)} → ${when(data.pickupDate ?? order.pickupDate, data.pickupTime)}`,
    );
  }
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
  if (newTotal !== oldTotal)
    out.push(
      `Total: ${formatCents(oldTotal)} → ${formatCents(newTotal)}${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
    );
  return out;
}

/**
 * POST /api/my-orders/{id}/cancel, through the engine's `cancel` (the same
 * fields and mail as a staff cancel: fulfillmentStatus and paymentStatus
 * cancelled, cancelledAt, cancelledFrom); the kitchen-load triggers free its
 * units. Another customer's order is 404; after the lock time 409
 * order_locked. A paid order is marked for a refund.
 */
export async function cancelMyOrder(
  deps: OrderAdminDeps,
  input: { id: string; customer: Customer; now?: Date },
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const actor = actorOf(input.customer);
  const { order } = await takeOrderAction(deps, input.id, 'cancel', actor, {
    now,
    specCheck: (current) => {
      if (current.userId !== input.customer.id) throw notFound('Order not found');
      ensureChangeable(current, now);
      return { ok: true };
    },
    work: async (tx, current) => {
      const refundCents = refundableCents(orderMoneyOf(current));
      await recordNote(tx, current.id, actor, 'cancelReason', 'Cancelled by the customer online');
      if (refundCents > 0)
        await recordNote(tx, current.id, actor, 'refundDue', formatCents(refundCents));
      return { paymentStatus: 'cancelled', ...(refundCents > 0 ? { refundPending: true } : {}) };
    },
  });
  return order;
}

/**
 * Issues 25 and 36: a change books the order again through the one booking,
 * in the change's transaction: a new date or new lines all its units, a new
 * time only the window (a drop that closed since does not stop a customer
 * from moving the pickup time).
 */
async function rebookUnits(
  tx: Tx,
  order: { id: string; userId: string | null; pickupTime: string | null; deliveryMethod: string },
  change: {
    pickupDate: string;
    pickupTime: string | undefined;
    items: unknown;
    dateChanged: boolean;
    linesChanged: boolean;
    today: string;
  },
): Promise<void> {
  const everything = change.dateChanged || change.linesChanged;
  if (!everything && (change.pickupTime ?? null) === order.pickupTime) return;
  await bookStoredOrder(tx, {
    orderId: order.id,
    date: change.pickupDate,
    pickupTime: change.pickupTime ?? null,
    deliveryMethod: order.deliveryMethod,
    lines: storedLines(change.items as Prisma.JsonValue),
    holder: order.userId,
    userId: order.userId,
    today: change.today,
    holds: everything ? 'all' : 'window',
  });
}
