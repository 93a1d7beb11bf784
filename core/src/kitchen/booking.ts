// Booking rules that stop one account from taking the kitchen (issue 15,
// finding 3). The server runs them in the order transaction (the API's
// reserveCapacity); they are pure so the storefront and tests can ask too.
//
// - Per-product maximum across lines: the catalogue's maxQuantity holds for
//   the sum of every line of one product, not for each line alone.
// - Booking horizon: a pickup date at most `horizonDays` after today (an
//   owner's setting, DEFAULT_BOOKING_HORIZON_DAYS when unset).
// - Fair share: the unpaid (pending) orders of one account hold at most half
//   of a day's limit of a category (at least 1 unit, so an account can always
//   order one cake while any is left). Staff can lift it for an account. Paid
//   orders and other dates do not count, so a customer who orders often for
//   different days, or pays, is never limited by it.
import { z } from 'zod';
import { wholeNumberIn } from '../schemas/common';
import { getMenuItem, maxQuantityOf } from '../catalogue/catalogue';
import { addDays, daysAway, formatLongDate, isDateString } from '../calendar/calendar';
import {
  kitchenCategories,
  unitWords,
  unitsByCategory,
  type CapacityLimits,
  type CapacityResult,
  type KitchenLine,
} from './capacity';

export const DEFAULT_BOOKING_HORIZON_DAYS = 90;
export const MIN_BOOKING_HORIZON_DAYS = 7;
export const MAX_BOOKING_HORIZON_DAYS = 730;

export const BOOKING_MESSAGES = {
  horizonDays: `Enter a whole number of days from ${MIN_BOOKING_HORIZON_DAYS} to ${MAX_BOOKING_HORIZON_DAYS}`,
} as const;

/** "You can order at most 3 of Custom Cake per order." for the first product over its maximum, else null. */
export function productLimitProblem(lines: readonly KitchenLine[]): string | null {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const quantity = Number(line.quantity);
    if (!Number.isFinite(quantity)) continue;
    totals.set(line.productId, (totals.get(line.productId) ?? 0) + quantity);
  }
  for (const [productId, quantity] of totals) {
    const item = getMenuItem(productId);
    if (!item) continue;
    const max = maxQuantityOf(item);
    if (quantity > max) return `You can order at most ${max} of ${item.name} per order.`;
  }
  return null;
}

/** The last pickup date a customer may choose today. */
export function lastBookableDate(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

/** "We take orders up to 90 days ahead. Please choose a pickup date on or before February 21, 2027." */
export function horizonMessage(today: string, horizonDays: number): string {
  return `We take orders up to ${horizonDays} days ahead. Please choose a pickup date on or before ${formatLongDate(lastBookableDate(today, horizonDays))}.`;
}

/** Null when `pickupDate` is within the horizon, else the message. */
export function horizonProblem(
  pickupDate: string,
  today: string,
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
): string | null {
  if (!isDateString(pickupDate) || !isDateString(today)) return horizonMessage(today, horizonDays);
  return daysAway(pickupDate, today) > horizonDays ? horizonMessage(today, horizonDays) : null;
}

/** The most units of a category one account's unpaid orders may hold on a day. */
export function fairShareUnits(limit: number): number {
  return limit <= 0 ? 0 : Math.max(1, Math.floor(limit / 2));
}

/** "One account can hold at most 2 unpaid cakes for December 24, 2026 ..." */
export function fairShareMessage(
  category: keyof CapacityLimits,
  share: number,
  held: number,
  date: string,
): string {
  const unit = unitWords(category);
  const day = formatLongDate(date);
  const most = `One account can hold at most ${share} unpaid ${share === 1 ? unit.one : unit.many} for ${day}`;
  if (held <= 0) return `${most}. Please order fewer ${unit.many}, or call us for a larger order.`;
  return `${most}, and your unpaid orders already hold ${held}. Please pay for them first, order fewer ${unit.many}, or call us for a larger order.`;
}

/**
 * Whether the account's unpaid lines for `date` (`heldLines`) plus the new
 * order's stay within the fair share of every category the new order uses.
 */
export function fairShareCheck(
  heldLines: readonly KitchenLine[],
  newLines: readonly KitchenLine[],
  limits: CapacityLimits,
  date: string,
): CapacityResult {
  const held = unitsByCategory(heldLines);
  const needed = unitsByCategory(newLines);
  for (const category of kitchenCategories()) {
    if (needed[category] <= 0) continue;
    const share = fairShareUnits(limits[category]);
    if (held[category] + needed[category] > share) {
      return {
        ok: false,
        category,
        remaining: Math.max(0, share - held[category]),
        message: fairShareMessage(category, share, held[category], date),
      };
    }
  }
  return { ok: true };
}

/** PUT /api/admin/kitchen/booking: the owner's booking horizon. */
export const BookingSettingsSchema = z.object({
  horizonDays: wholeNumberIn(
    MIN_BOOKING_HORIZON_DAYS,
    MAX_BOOKING_HORIZON_DAYS,
    BOOKING_MESSAGES.horizonDays,
  ),
});
export type BookingSettingsInput = z.infer<typeof BookingSettingsSchema>;

export interface BookingSettingsView {
  horizonDays: number;
  defaultHorizonDays: number;
  /** Accounts whose unpaid orders may exceed the fair share. */
  exemptions: { userId: string; email: string | null; name: string | null; createdAt: string }[];
}
