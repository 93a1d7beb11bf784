// The one booking of kitchen units (issues 25 and 36): what the database
// function "book_order" (the baseline migration) takes, and its refusals
// worded with core's messages. The reads and the refusals that need no lock
// come first (checkDay, planUnits); the one statement then locks the unpaid
// cap, the window, the drop units and the day's rows and checks them. A new
// order calls it inside its own INSERT (placeBookedOrder), so in a rush the
// rows are held only while PostgreSQL runs it; an order already stored (a
// customer's change, a restore, staff's added items) calls it through
// bookStoredOrder in the change's transaction. No other code upserts a
// counter: cancellations give units back through the order's triggers.
import {
  DEFAULT_UNPAID_ORDER_SETTINGS,
  fitsRemaining,
  kitchenCategories,
  remainingUnits,
  UNPAID_ORDER_MESSAGES,
  unitsByCategory,
  windowFullMessage,
  dropSoldOutMessage,
  type CapacityLimits,
  type KitchenLine,
  type WindowScope,
  capacityMessage,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import type { Tx } from '../../db/types.js';
import { conflict, type HttpError } from '../../errors.js';
import { checkDay, type DayCheck } from './capacity.js';
import { planUnits, unitsRead, type UnitPlan } from './offer.js';
import { releaseBookings, releaseWindowBookings } from './windows.js';

/** Whose unpaid orders are capped: an account, or a guest's e-mail. */
export interface UnpaidCap {
  userId: string | null;
  email: string;
}

/** SQLSTATE of book_order's refusals; the message is the refusal's code. */
const REFUSED = 'BK409';

/** book_order's argument. */
export function orderBooking(day: DayCheck, plan: UnitPlan, unpaid: UnpaidCap | null) {
  const needed = unitsByCategory(day.lines);
  const window = plan.window;
  const json = {
    unpaid: unpaid && {
      key: unpaid.userId ? `unpaid:${unpaid.userId}` : `unpaid:${unpaid.email.toLowerCase()}`,
      userId: unpaid.userId,
      email: unpaid.email.toLowerCase(),
      // The cap when the owner set none.
      cap: DEFAULT_UNPAID_ORDER_SETTINGS.maxOpenUnpaid,
    },
    window: window && {
      id: window.window.id,
      date: window.date,
      needs: window.needs.map(([scope, units]) => ({
        scope,
        units,
        limit: window.window.limits[scope] ?? 0,
      })),
    },
    drops: {
      holder: plan.drops.holder,
      needs: plan.drops.needs.map((need) => ({ unitId: need.unitId, items: need.items })),
    },
    day: {
      date: day.date,
      needs: kitchenCategories()
        .filter((category) => needed[category] > 0)
        .map((category) => ({ category, units: needed[category], limit: day.limits[category] })),
      fairShare: day.fairShare !== null,
    },
  };
  return Prisma.sql`"book_order"(${JSON.stringify(json)}::jsonb, ${plan.drops.orderId}::uuid)`;
}

/** An order already stored, booked again (its own units given back first). */
export interface StoredBooking {
  orderId: string;
  date: string;
  pickupTime: string | null;
  deliveryMethod: string;
  lines: readonly KitchenLine[];
  /** Whose checkout hold the order uses (the account id). */
  holder: string | null;
  /** Whose fair share is judged (null: none, as for staff's paths). */
  userId: string | null;
  /** The bakery's today, for the booking horizon. */
  today: string;
  /**
   * What the order holds now: 'all' (a live order being changed: its day
   * units are freed by emptying its stored lines, which the caller writes
   * back), 'units' (a cancelled order being restored: only its window and
   * drop rows, if any are left), or 'window' (only the pickup time moved:
   * the window alone is booked again, so a drop that closed since does not
   * stop a customer from moving her time), or 'none' (issue 42: a walk-in's
   * sale, booked before its row is written, as a new order's INSERT is).
   */
  holds: 'all' | 'units' | 'window' | 'none';
  /**
   * Issue 42: only the day's counters, no window and no drop's batch (a
   * walk-in's sale from the shelf has no pickup time and no drop hold).
   */
  dayOnly?: boolean;
}

/**
 * The booking of an order already stored, in the caller's transaction: the
 * same checks, the same book_order and the same refusals as a new order's.
 * The unpaid cap is not judged: it limits how many orders an account opens,
 * and a change or a restore opens none (a restore is staff's).
 */
export async function bookStoredOrder(tx: Tx, booking: StoredBooking): Promise<void> {
  if (booking.holds === 'window') await releaseWindowBookings(tx, booking.orderId);
  else if (booking.holds !== 'none') await releaseBookings(tx, booking.orderId);
  if (booking.holds === 'all')
    await tx.$executeRaw`UPDATE "Order" SET "items" = '[]'::jsonb WHERE "id" = ${booking.orderId}::uuid`;
  const windowOnly = booking.holds === 'window';
  const day = await checkDay(
    tx,
    booking.date,
    windowOnly ? [] : booking.lines,
    { userId: windowOnly ? null : booking.userId, today: booking.today },
    booking.dayOnly ? undefined : unitsRead(booking.date),
  );
  const units: UnitPlan = booking.dayOnly
    ? { window: null, drops: { orderId: booking.orderId, holder: null, needs: [] } }
    : await planUnits(
        tx,
        {
          orderId: booking.orderId,
          date: booking.date,
          pickupTime: booking.pickupTime,
          deliveryMethod: booking.deliveryMethod,
          lines: booking.lines,
          holder: booking.holder,
        },
        day.also,
      );
  if (windowOnly) units.drops.needs = [];
  try {
    await tx.$queryRaw`SELECT ${orderBooking(day, units, null)}::text AS "id"`;
  } catch (error) {
    throw bookingRefusal(error, day, units) ?? error;
  }
}

/** book_order's refusal as the 409 the customer reads, or null for any other error. */
export function bookingRefusal(error: unknown, day: DayCheck, plan: UnitPlan): HttpError | null {
  const raised = raisedByBookOrder(error);
  if (!raised) return null;
  const detail = JSON.parse(String(raised.detail ?? '{}')) as Record<string, unknown>;
  switch (raised.message) {
    case 'too_many_unpaid_orders':
      return conflict(
        UNPAID_ORDER_MESSAGES.tooManyUnpaid(Number(detail.cap)),
        'too_many_unpaid_orders',
      );
    case 'window_full': {
      const window = plan.window!;
      const scope = detail.scope as WindowScope;
      const left = Math.max(0, (window.window.limits[scope] ?? 0) - Number(detail.used ?? 0));
      return conflict(windowFullMessage(scope, left, window.window, window.date), 'window_full');
    }
    case 'drop_sold_out': {
      const need = plan.drops.needs.find((n) => n.unitId === detail.unitId)!;
      const message = dropSoldOutMessage(need.productId, need.dropName, Number(detail.remaining));
      return conflict(message, 'drop_sold_out');
    }
    case 'capacity_full': {
      const booked = detail.booked as CapacityLimits;
      const fit = fitsRemaining(remainingUnits(booked, day.limits), day.lines, day.date);
      return conflict(
        fit.ok ? capacityMessage(firstNeeded(day), 0, day.date) : fit.message,
        'capacity_full',
      );
    }
    case 'fair_share':
      return conflict(day.fairShare ?? 'capacity_full', 'capacity_full');
    default:
      return null;
  }
}

interface Raised {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  detail?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * book_order's own error: pg's (the submission's session), or the one Prisma
 * wraps when it ran in a Prisma transaction (its driver adapter keeps pg's
 * code, message and detail in `meta.driverAdapterError.cause`).
 */
function raisedByBookOrder(error: unknown): Raised | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift() as Raised | null;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e.code === REFUSED || e.originalCode === REFUSED) return e;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return null;
}

/** The first category the order needs (the fallback's wording; the check cannot pass and fail). */
function firstNeeded(day: DayCheck) {
  const needed = unitsByCategory(day.lines);
  return kitchenCategories().find((category) => needed[category] > 0)!;
}
