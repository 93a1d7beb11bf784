// The standing-order booking job (issue 41): every occurrence whose date is
// inside the booking horizon (as far ahead as customers can order) and not
// locked yet is booked as an ordinary Order, through the same booking as
// every order (placeBookedOrder in orderSubmission.ts), so one-off buyers
// never take a subscriber's units. The occurrence's row is inserted by the
// order's own INSERT statement (a CTE): the order and its row commit together
// or not at all, and the row's primary key (standingOrderId, date) lets only
// one of two runs book a date; a run killed midway leaves whole occurrences
// only, and the next run books the rest. A date that cannot take an
// occurrence (closed, a limit lowered below what is promised, an item out of
// season) gets a "refused" row, once, and the customer and the owner are told.
import { randomUUID } from 'node:crypto';
import {
  addDays,
  bakeryToday,
  centsToDollars,
  formatLongDate,
  isPausedOn,
  occurrenceDates,
  formatCents,
  occurrenceLock,
  orderLines,
  standingLinesOn,
  type StandingLineChange,
  taxRatePercent,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import pLimit from 'p-limit';
import type { Logger, Notifications } from '../contracts.js';
import { HttpError } from '../../errors.js';
import { loadHorizonDays } from '../kitchen/capacity.js';
import { assertAvailableOn } from '../menu/orders.js';
import { withLineAllergens } from '../allergens/orderLines.js';
import { placeBookedOrder, type NewOrder } from '../orderSubmission.js';
import { linesOf, occurrencePrice, standingSettings, type StandingRow } from './record.js';
import { centsOf } from '../../db/money.js';
import { conflict } from '../../errors.js';
import { storedLines } from '../kitchen/capacity.js';
import { bookStoredOrder } from '../kitchen/booking.js';
import { applyChanges, lockOrder, type Actor } from '../orders/record.js';

export interface BookingDeps {
  prisma: PrismaClient;
  log: Logger;
  notifications: Notifications;
}

export interface BookingRun {
  booked: number;
  refused: number;
}

/** Occurrences booked at once by one run (each its own one-statement transaction). */
const BOOKINGS_AT_ONCE = 4;
/** Standing orders read per page. */
const PAGE = 500;

type Customer = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
};

/**
 * The order row of one occurrence: today's prices, no rush fee, the
 * account's name; an item off the menu or not offered that day replaced by
 * the owner's substitute or left out (`changes`, for the customer).
 */
async function occurrenceRow(
  prisma: PrismaClient,
  row: StandingRow,
  user: Customer,
  date: string,
  substitutes: Readonly<Record<string, string>>,
): Promise<{ order: NewOrder; changes: StandingLineChange[] }> {
  const { lines, changes } = standingLinesOn(linesOf(row), date, substitutes);
  // Nothing left to bake: refused for that date, with the first item's reason (a 409).
  if (lines.length === 0) {
    assertAvailableOn(
      linesOf(row).map((line) => line.productId),
      date,
    );
    throw conflict(
      `Nothing in your standing order is on the menu for ${formatLongDate(date)}`,
      'item_unavailable',
    );
  }
  const priced = occurrencePrice(lines);
  const delivery = row.deliveryMethod === 'delivery';
  const name = Array.from(`${user.firstName} ${user.lastName}`.trim())
    .slice(0, 100)
    .join('')
    .trim();
  const order = {
    id: randomUUID(),
    idempotencyKey: null,
    standingOrderId: row.id,
    userId: user.id,
    customerName: name || user.email,
    customerEmail: user.email.trim().toLowerCase(),
    customerPhone: row.customerPhone ?? (user.phone || null),
    pickupDate: date,
    pickupTime: row.pickupTime,
    items: await withLineAllergens(prisma, orderLines(priced)),
    subtotal: centsToDollars(priced.subtotalCents),
    cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
    rushFee: 0,
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
    deliveryFee: 0,
    specialInstructions: row.specialInstructions,
    cakeWriting: null,
    hasCakeItems: priced.hasCakeItems,
    cakeOptions: Prisma.DbNull,
    isRushOrder: false,
    taxRatePercent: taxRatePercent(),
    deliveryMethod: delivery ? 'delivery' : 'pickup',
    deliveryFeeStatus: delivery ? 'pending' : 'not_applicable',
    deliveryAddress: delivery ? row.deliveryAddress : null,
    deliveryCity: delivery ? row.deliveryCity : null,
    deliveryState: delivery ? row.deliveryState : null,
    deliveryZip: delivery ? row.deliveryZip : null,
    deliveryInstructions: delivery ? row.deliveryInstructions : null,
  } as NewOrder;
  return { order, changes };
}

/** The occurrence's row, inserted by the order's own statement: a second booking of the date fails whole. */
const occurrenceInsert = (standingOrderId: string, date: string, orderId: string) => Prisma.sql`
  INSERT INTO "StandingOccurrence" ("standingOrderId", "date", "state", "orderId", "updatedAt")
  VALUES (${standingOrderId}::uuid, ${date}, 'ordered', ${orderId}::uuid, now())
  RETURNING 1`;

/** Another run booked (or refused) this date first: the primary key of its row. */
function takenByAnotherRun(error: unknown): boolean {
  const raised = error as { code?: unknown; constraint?: unknown } | null;
  return raised?.code === '23505' && raised.constraint === 'StandingOccurrence_pkey';
}

type Outcome = 'booked' | 'refused' | 'taken';

/** Books one occurrence, or records (once) why its date could not take it. */
export async function bookOccurrence(
  deps: BookingDeps,
  row: StandingRow,
  user: Customer,
  date: string,
  today: string,
  substitutes: Readonly<Record<string, string>> = {},
): Promise<Outcome> {
  try {
    const { order, changes } = await occurrenceRow(deps.prisma, row, user, date, substitutes);
    await placeBookedOrder(deps.prisma, order, {
      // Neither the fair share nor the unpaid cap: a subscriber's weeks are booked ahead on purpose.
      userId: null,
      today,
      unpaid: null,
      alsoInsert: occurrenceInsert(row.id, date, order.id),
    });
    if (changes.length > 0)
      await tellChanged(deps, user.email, date, {
        changes: changes.map((c) => c.words),
        totalCents: centsOf(order.total as unknown as number),
      });
    return 'booked';
  } catch (error) {
    if (takenByAnotherRun(error)) return 'taken';
    if (!(error instanceof HttpError)) throw error;
    return (await refuse(deps, row, user, date, error.message)) ? 'refused' : 'taken';
  }
}

/** The customer told what changed in one occurrence (a failure of the mail is logged). */
async function tellChanged(
  deps: BookingDeps,
  email: string,
  date: string,
  change: { changes: string[]; totalCents: number },
) {
  await deps.notifications
    .standingChanged?.(email, {
      date: formatLongDate(date),
      changes: change.changes,
      total: formatCents(change.totalCents),
    })
    .catch((error: unknown) =>
      deps.log.error('standing change mail failed', { error: String(error) }),
    );
}

/** Whether a stored order's lines are what `priced` would store, as the kitchen counts them. */
const sameKitchenLines = (items: Prisma.JsonValue, priced: ReturnType<typeof occurrencePrice>) =>
  JSON.stringify(storedLines(items)) ===
  JSON.stringify(storedLines(orderLines(priced) as unknown as Prisma.JsonValue));

/** Who the order history names when a booked occurrence follows the menu. */
const MENU_ACTOR: Actor = { id: null, email: 'standing order (the menu changed)' };

/** Booked occurrences followed per run (the nearest first). */
const FOLLOW_MAX = 2000;

/**
 * Booked occurrences that are not locked and not paid follow the menu as it
 * is now (issue 41): an item taken off it (or not offered that day) becomes
 * the owner's substitute or is left out, and a price change applies, from
 * the next occurrence not yet locked; new lines are booked through the one
 * booking in the same transaction (a day that cannot take them leaves the
 * occurrence as it was). Each customer whose occurrence changed is told what
 * and the new total. Returns the occurrences changed.
 */
export async function followMenu(
  deps: BookingDeps,
  substitutes: Readonly<Record<string, string>>,
  now = new Date(),
): Promise<number> {
  const { prisma } = deps;
  const today = bakeryToday(now);
  const booked = await prisma.standingOccurrence.findMany({
    where: { state: 'ordered', date: { gt: today }, orderId: { not: null } },
    include: { standingOrder: true },
    orderBy: [{ date: 'asc' }, { standingOrderId: 'asc' }],
    take: FOLLOW_MAX,
  });
  // Read once, compared in memory: only an occurrence that differs is locked and changed.
  const orders = new Map(
    (
      await prisma.order.findMany({
        where: { id: { in: booked.map((o) => o.orderId!) } },
        select: { id: true, items: true, total: true },
      })
    ).map((o) => [o.id, o]),
  );
  let changed = 0;
  for (const occurrence of booked) {
    const { lines, changes } = standingLinesOn(
      linesOf(occurrence.standingOrder),
      occurrence.date,
      substitutes,
    );
    if (lines.length === 0) continue;
    const priced = occurrencePrice(lines);
    const stored = orders.get(occurrence.orderId!);
    if (
      !stored ||
      (centsOf(stored.total) === priced.totalCents && sameKitchenLines(stored.items, priced))
    )
      continue;
    const told = await prisma
      .$transaction(async (tx) => {
        const current = await lockOrder(tx, occurrence.orderId!);
        if (current.fulfillmentStatus === 'cancelled' || centsOf(current.receivedAmount) > 0)
          return null;
        if (occurrenceLock(occurrence.date, current.pickupTime) <= now) return null;
        const items = orderLines(priced);
        const sameLines = sameKitchenLines(current.items, priced);
        const before = centsOf(current.total);
        if (sameLines && before === priced.totalCents) return null;
        if (!sameLines)
          await bookStoredOrder(tx, {
            orderId: current.id,
            date: occurrence.date,
            pickupTime: current.pickupTime,
            deliveryMethod: current.deliveryMethod,
            lines: storedLines(items as unknown as Prisma.JsonValue),
            holder: null,
            userId: null,
            today,
            holds: 'all',
          });
        await applyChanges(
          tx,
          current,
          {
            items: await withLineAllergens(tx as unknown as PrismaClient, items),
            subtotal: centsToDollars(priced.subtotalCents),
            cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
            tax: centsToDollars(priced.taxCents),
            total: centsToDollars(priced.totalCents),
          },
          MENU_ACTOR,
        );
        const words = sameLines ? [] : changes.map((c) => c.words);
        if (before !== priced.totalCents)
          words.push(
            `Price: ${formatCents(before)} → ${formatCents(priced.totalCents)} (today's menu)`,
          );
        return { email: current.customerEmail, words };
      })
      .catch((error: unknown) => {
        // A day that cannot take the new lines: the occurrence stays as it was booked.
        if (error instanceof HttpError) return null;
        throw error;
      });
    if (!told) continue;
    changed += 1;
    await tellChanged(deps, told.email, occurrence.date, {
      changes: told.words,
      totalCents: priced.totalCents,
    });
  }
  return changed;
}

/** The refused row, inserted once; only the run that inserts it tells the customer and the owner. */
async function refuse(
  deps: BookingDeps,
  row: StandingRow,
  user: Customer,
  date: string,
  reason: string,
): Promise<boolean> {
  const inserted = await deps.prisma.$executeRaw`
    INSERT INTO "StandingOccurrence" ("standingOrderId", "date", "state", "reason", "updatedAt")
    VALUES (${row.id}::uuid, ${date}, 'refused', ${reason}, now())
    ON CONFLICT DO NOTHING`;
  if (inserted === 0) return false;
  deps.log.warn('standing occurrence refused', { standingOrderId: row.id, date, reason });
  const owners = await deps.prisma.user.findMany({
    where: { role: 'owner' },
    select: { email: true },
    take: 5,
  });
  const told = {
    date: formatLongDate(date),
    reason,
    customerEmail: user.email,
    standingOrderId: row.id,
  };
  const send = deps.notifications.standingOccurrenceRefused?.bind(deps.notifications);
  if (send)
    await send(user.email, told, false).catch((error: unknown) =>
      deps.log.error('standing refusal mail failed', { error: String(error) }),
    );
  for (const owner of owners)
    if (send)
      await send(owner.email, told, true).catch((error: unknown) =>
        deps.log.error('standing refusal mail failed', { error: String(error) }),
      );
  return true;
}

/**
 * The dates of `row` to book now: inside the horizon, not locked, not paused,
 * and with no row yet (booked, skipped or refused).
 */
export function datesToBook(
  row: StandingRow,
  taken: ReadonlySet<string>,
  window: { today: string; lastDate: string; now: Date },
): string[] {
  const from = addDays(window.today, 1);
  return occurrenceDates(row, from > row.firstDate ? from : row.firstDate, window.lastDate).filter(
    (date) =>
      !taken.has(date) &&
      !isPausedOn(row, date) &&
      occurrenceLock(date, row.pickupTime) > window.now,
  );
}

/**
 * Books every due occurrence of the active standing orders (or of `only`),
 * oldest standing order first: the earliest subscriber is served first.
 */
export async function runStandingBooking(
  deps: BookingDeps,
  options: { now?: Date; only?: string } = {},
): Promise<BookingRun> {
  const { prisma } = deps;
  const now = options.now ?? new Date();
  const today = bakeryToday(now);
  const lastDate = addDays(today, await loadHorizonDays(prisma));
  const result: BookingRun = { booked: 0, refused: 0 };
  const { substitutes = {} } = await standingSettings(prisma);
  // What is booked already follows today's menu first (prices, substitutes).
  if (!options.only) await followMenu(deps, substitutes, now);
  const limit = pLimit(BOOKINGS_AT_ONCE);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: (StandingRow & { user: Customer })[] = await prisma.standingOrder.findMany({
      where: {
        endedAt: null,
        firstDate: { lte: lastDate },
        OR: [{ endDate: null }, { endDate: { gt: today } }],
        ...(options.only ? { id: options.only } : {}),
        ...(cursor
          ? {
              AND: [
                {
                  OR: [
                    { createdAt: { gt: cursor.createdAt } },
                    { createdAt: cursor.createdAt, id: { gt: cursor.id } },
                  ],
                },
              ],
            }
          : {}),
      },
      include: {
        user: { select: { id: true, email: true, firstName: true, lastName: true, phone: true } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
    });
    if (page.length === 0) break;
    const rows = await prisma.standingOccurrence.findMany({
      where: { standingOrderId: { in: page.map((s) => s.id) }, date: { gt: today } },
      select: { standingOrderId: true, date: true },
    });
    const taken = new Map<string, Set<string>>();
    for (const r of rows) {
      const set = taken.get(r.standingOrderId) ?? new Set<string>();
      set.add(r.date);
      taken.set(r.standingOrderId, set);
    }
    const work = page.flatMap((row) =>
      datesToBook(row, taken.get(row.id) ?? new Set(), { today, lastDate, now }).map((date) =>
        limit(async () => {
          const outcome = await bookOccurrence(deps, row, row.user, date, today, substitutes);
          if (outcome === 'booked') result.booked += 1;
          if (outcome === 'refused') result.refused += 1;
        }),
      ),
    );
    await Promise.all(work);
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
    if (page.length < PAGE) break;
  }
  if (result.booked || result.refused) deps.log.info('standing orders booked', { ...result });
  return result;
}
