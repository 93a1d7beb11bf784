// Standing orders (issue 41): the stored rows, the owner's settings, the
// answer's view (the next occurrences with their state, lock and total) and
// the cancelling of a booked occurrence, which every change that gives an
// occurrence's units back uses (skip, pause, change, end, the skip link).
import {
  addDays,
  bakeryToday,
  centsToDollars,
  changeableUntil,
  checkOrderAction,
  DEFAULT_STANDING_SETTINGS,
  isPausedOn,
  occurrenceDates,
  occurrenceLock,
  priceOrder,
  refundableCents,
  formatCents,
  standingStatus,
  UPCOMING_OCCURRENCES,
  type OccurrenceState,
  type OccurrenceView,
  type StandingLine,
  type StandingOrderView,
  type StandingSettings,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { settingsRow, storedOrDefault } from '../../db/settingsRow.js';
import { dollarsOf, orderMoneyOf } from '../../db/money.js';
import { lockOrder, type Actor } from '../orders/index.js';
import { applyOrderAction } from '../orders/engine.js';
import type { Db, Tx } from '../../db/types.js';

export type StandingRow = Prisma.StandingOrderGetPayload<object>;
export type OccurrenceRow = Prisma.StandingOccurrenceGetPayload<object>;

export async function standingSettings(db: Db): Promise<StandingSettings> {
  const row = await db.standingOrderSetting.findUnique({ where: { id: 1 } });
  const stored = storedOrDefault(
    row as unknown as StandingSettings | null,
    DEFAULT_STANDING_SETTINGS,
  );
  return {
    ...stored,
    productIds: (stored.productIds as string[] | null) ?? null,
    substitutes: (stored.substitutes as Record<string, string> | null) ?? {},
  };
}

export async function saveStandingSettings(
  db: Db,
  settings: StandingSettings,
): Promise<StandingSettings> {
  await db.standingOrderSetting.upsert(
    settingsRow({
      offered: settings.offered,
      productIds: settings.productIds ?? Prisma.DbNull,
      reminderHours: settings.reminderHours,
      // Not sent: left as it was.
      ...(settings.substitutes ? { substitutes: settings.substitutes } : {}),
    }),
  );
  return standingSettings(db);
}

/** The stored lines of a standing order. */
export const linesOf = (row: { items: Prisma.JsonValue }): StandingLine[] =>
  (Array.isArray(row.items) ? row.items : []) as unknown as StandingLine[];

/** Today's price of one occurrence (no rush fee: occurrences are booked ahead), in cents. */
export function occurrencePrice(lines: readonly StandingLine[]) {
  return priceOrder(
    lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      variantId: line.variant ?? undefined,
      filling: line.filling ?? undefined,
      addIn: line.addIn ?? undefined,
    })),
    // No pickup date: an occurrence pays no rush fee, however near its date.
    { pickupDate: null, hasWriting: false, hasBows: false },
    bakeryToday(),
  );
}

/** The next occurrences of `row` from today: booked, skipped, refused, paused or scheduled. */
export async function toStandingView(
  db: Db,
  row: StandingRow,
  now = new Date(),
): Promise<StandingOrderView> {
  const today = bakeryToday(now);
  const status = standingStatus(row, today);
  const lines = linesOf(row);
  let names = new Map<string, string>();
  let priceCents = 0;
  try {
    const priced = occurrencePrice(lines);
    names = new Map(priced.lines.map((line) => [line.productId, line.name]));
    priceCents = priced.totalCents;
  } catch {
    // An item since taken off the menu: the view still shows the standing order.
  }
  const occurrences: OccurrenceView[] = [];
  if (status !== 'ended') {
    const from = row.firstDate > today ? row.firstDate : today;
    const dates = occurrenceDates(row, from, addDays(from, 7 * row.everyWeeks * 60)).slice(
      0,
      UPCOMING_OCCURRENCES,
    );
    const stored = await db.standingOccurrence.findMany({
      where: { standingOrderId: row.id, date: { in: dates } },
    });
    const orderIds = stored.flatMap((o) => (o.orderId ? [o.orderId] : []));
    const orders = orderIds.length
      ? await db.order.findMany({
          where: { id: { in: orderIds } },
          select: {
            id: true,
            total: true,
            pickupDate: true,
            pickupTime: true,
            fulfillmentStatus: true,
            createdAt: true,
          },
        })
      : [];
    const byDate = new Map(stored.map((o) => [o.date, o]));
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const date of dates) {
      const occurrence = byDate.get(date);
      const order = occurrence?.orderId ? byId.get(occurrence.orderId) : undefined;
      const lockAt = occurrenceLock(date, order?.pickupTime ?? row.pickupTime);
      const state: OccurrenceState = occurrence
        ? (occurrence.state as OccurrenceState)
        : isPausedOn(row, date)
          ? 'paused'
          : 'scheduled';
      // A skipped date's order is cancelled, yet the date stays open (Undo skip) until its lock.
      const open =
        order && state === 'ordered'
          ? changeableUntil(order, now)
          : lockAt > now
            ? lockAt.toISOString()
            : null;
      occurrences.push({
        date,
        state,
        editableUntil: open,
        lockAt: lockAt.toISOString(),
        total: order && state === 'ordered' ? dollarsOf(order.total) : centsToDollars(priceCents),
        orderId: state === 'ordered' ? (occurrence?.orderId ?? null) : null,
        reason: occurrence?.reason ?? null,
      });
    }
  }
  return {
    id: row.id,
    status,
    items: lines.map((line) => ({ ...line, name: names.get(line.productId) ?? line.productId })),
    everyWeeks: row.everyWeeks,
    firstDate: row.firstDate,
    endDate: row.endDate,
    pickupTime: row.pickupTime,
    windowId: row.windowId,
    deliveryMethod: row.deliveryMethod === 'delivery' ? 'delivery' : 'pickup',
    deliveryAddress: row.deliveryAddress,
    deliveryCity: row.deliveryCity,
    deliveryState: row.deliveryState,
    deliveryZip: row.deliveryZip,
    paused: row.paused,
    pausedUntil: row.pausedUntil,
    createdAt: row.createdAt.toISOString(),
    occurrences,
  };
}

/**
 * Cancels a booked occurrence's order INSIDE the caller's transaction: its
 * units go back at once (the triggers on "Order" release the day, window and
 * drop counters when its status becomes cancelled), the history names why.
 * An order staff already moved on (ready, picked up) is left as it is.
 */
export async function cancelOccurrenceOrder(
  tx: Tx,
  orderId: string,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (order.paymentStatus === 'cancelled') return true;
  if (!checkOrderAction(order, 'cancel').ok) return false;
  const refundCents = refundableCents(orderMoneyOf(order));
  // The table's cancel, in the caller's transaction; the skip mails its own words.
  await applyOrderAction(tx, order, 'cancel', actor, {
    now,
    work: () => ({
      paymentStatus: 'cancelled',
      ...(refundCents > 0 ? { refundPending: true } : {}),
    }),
  });
  await tx.orderHistory.create({
    data: {
      orderId,
      actorId: actor.id,
      actorEmail: actor.email,
      field: 'cancelReason',
      from: null,
      to: reason,
    },
  });
  if (refundCents > 0)
    await tx.orderHistory.create({
      data: {
        orderId,
        actorId: actor.id,
        actorEmail: actor.email,
        field: 'refundDue',
        from: null,
        to: formatCents(refundCents),
      },
    });
  return true;
}

/**
 * Gives back the units of the standing order's booked occurrences from
 * `fromDate` on (before `untilDate` when given) that are not locked yet:
 * their orders cancelled and their rows removed (the booking job books them
 * again when they come due), or marked `state` (skipped) when given.
 */
export async function releaseOccurrences(
  tx: Tx,
  row: StandingRow,
  range: { fromDate: string; untilDate?: string | null },
  actor: Actor,
  reason: string,
  now: Date,
): Promise<number> {
  const booked = await tx.standingOccurrence.findMany({
    where: {
      standingOrderId: row.id,
      state: 'ordered',
      date: { gte: range.fromDate, ...(range.untilDate ? { lt: range.untilDate } : {}) },
    },
  });
  let released = 0;
  for (const occurrence of booked) {
    if (occurrenceLock(occurrence.date, row.pickupTime) <= now) continue;
    if (occurrence.orderId) await cancelOccurrenceOrder(tx, occurrence.orderId, actor, reason, now);
    await tx.standingOccurrence.delete({
      where: {
        standingOrderId_date: { standingOrderId: row.id, date: occurrence.date },
      },
    });
    released += 1;
  }
  return released;
}
