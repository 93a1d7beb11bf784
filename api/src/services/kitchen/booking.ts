// A new order's counters booked by its own INSERT (issue 25): what the
// database function "book_order" (the baseline migration)
// takes, and its refusals worded with core's messages. The reads and the
// refusals that need no lock come first (checkDay, planUnits); the one
// statement then locks the unpaid cap, the window, the drop units and the
// day's rows, checks them, inserts the order and commits, so in a rush the
// rows are held only while PostgreSQL runs it, never across a round trip.
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
  type WindowScope,
  capacityMessage,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { conflict, type HttpError } from '../../errors.js';
import type { DayCheck } from './capacity.js';
import type { UnitPlan } from './offer.js';

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

/** book_order's refusal as the 409 the customer reads, or null for any other error. */
export function bookingRefusal(error: unknown, day: DayCheck, plan: UnitPlan): HttpError | null {
  const raised = error as { code?: unknown; message?: unknown; detail?: unknown } | null;
  if (raised?.code !== REFUSED) return null;
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

/** The first category the order needs (the fallback's wording; the check cannot pass and fail). */
function firstNeeded(day: DayCheck) {
  const needed = unitsByCategory(day.lines);
  return kitchenCategories().find((category) => needed[category] > 0)!;
}
