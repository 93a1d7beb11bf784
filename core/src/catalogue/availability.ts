// Whether an item can be ordered (issue 22): hidden, sold out until a day or
// on given days, seasonal (from–until) or only on some weekdays. The
// storefront shows the reason instead of Add to Cart; the order page offers
// only the days on which the whole cart can be made; the server refuses the
// rest (409 item_unavailable) with the item and the day named.
import { bakeryToday, formatLongDate, isDateString, isOpenWeekday } from '../calendar/calendar';
import { getMenuItem, type MenuItem } from './catalogue';

type AvailabilityFields = Pick<
  MenuItem,
  'hidden' | 'soldOutUntil' | 'soldOutDates' | 'availableFrom' | 'availableUntil' | 'weekdays'
>;

export interface ItemAvailability {
  /** Can be ordered (today on the menu, or for the day asked). */
  available: boolean;
  /** Why not, or what limits it ("Fridays only"); null when nothing does. */
  reason: string | null;
  /** The first day it can be picked up again, when known. */
  from: string | null;
}

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "Oct 1" for 2026-10-01. */
export function shortDate(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${SHORT_MONTHS[m - 1]} ${d}`;
}

/** 0 (Sunday) … 6 (Saturday) of a calendar day. */
export function weekdayIndexOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const nextDay = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** "Fridays only", "Fridays and Saturdays only". */
export function weekdaysText(days: readonly number[]): string {
  const names = [...new Set(days)].sort().map((d) => `${WEEKDAY_NAMES[d]}s`);
  const list =
    names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} only`;
}

const limitedWeekdays = (item: AvailabilityFields) =>
  item.weekdays && item.weekdays.length > 0 && item.weekdays.length < 7 ? item.weekdays : null;

/** Why an item cannot be picked up on `date`, or null when it can. */
export function unavailableReason(item: AvailabilityFields, date: string): string | null {
  if (item.hidden) return 'Not on the menu';
  if (item.soldOutUntil && date <= item.soldOutUntil) return 'Sold out';
  if (item.soldOutDates?.includes(date)) return 'Sold out';
  if (item.availableFrom && date < item.availableFrom)
    return `Available from ${shortDate(item.availableFrom)}`;
  if (item.availableUntil && date > item.availableUntil) return 'No longer available';
  const days = limitedWeekdays(item);
  if (days && !days.includes(weekdayIndexOf(date))) return weekdaysText(days);
  return null;
}

/**
 * The item's availability. With `date` (a pickup day): whether it can be made
 * that day. Without: as the menu shows it today (sold out today, not yet in
 * season, out of season for good, or limited to some weekdays).
 */
export function itemAvailability(
  item: AvailabilityFields,
  date?: string | null,
  today: string = bakeryToday(),
): ItemAvailability {
  if (date && isDateString(date)) {
    const reason = unavailableReason(item, date);
    return { available: reason === null, reason, from: null };
  }
  if (item.hidden) return { available: false, reason: 'Not on the menu', from: null };
  if (item.availableUntil && today > item.availableUntil)
    return { available: false, reason: 'No longer available', from: null };
  if (item.availableFrom && today < item.availableFrom)
    return {
      available: false,
      reason: `Available from ${shortDate(item.availableFrom)}`,
      from: item.availableFrom,
    };
  if ((item.soldOutUntil && today <= item.soldOutUntil) || item.soldOutDates?.includes(today)) {
    let from =
      item.soldOutUntil && today <= item.soldOutUntil ? nextDay(item.soldOutUntil) : nextDay(today);
    // Back on the first day it is made and the shop opens (a week at most ahead).
    for (let i = 0; i < 7 && (item.soldOutDates?.includes(from) || !isOpenWeekday(from)); i++)
      from = nextDay(from);
    while (item.soldOutDates?.includes(from)) from = nextDay(from);
    return { available: false, reason: 'Sold out', from };
  }
  const days = limitedWeekdays(item);
  if (days) return { available: true, reason: weekdaysText(days), from: null };
  return { available: true, reason: null, from: null };
}

/**
 * What the menu and the order page say under an item (issue 37): the reason,
 * and for a sold-out item the day it is back ("Sold out · back on Dec 7").
 */
export function availabilityNote(availability: ItemAvailability): string | null {
  if (availability.reason === 'Sold out' && availability.from)
    return `Sold out · back on ${shortDate(availability.from)}`;
  return availability.reason;
}

/** The 409 message: "Lemon Poppy Seed Loaf is not available on November 28, 2026 (Sold out)". */
export function unavailableMessage(name: string, date: string, reason: string): string {
  return `${name} is not available on ${formatLongDate(date)} (${reason})`;
}

/** Whether every item can be made on `date`. */
export function allAvailableOn(items: readonly AvailabilityFields[], date: string): boolean {
  return items.every((item) => unavailableReason(item, date) === null);
}

/**
 * The first reason the cart cannot be picked up on `date` (the server's 409
 * message: the item and the day named), or null when every item can be made.
 */
export function cartItemsProblem(
  lines: readonly { productId: string }[],
  date: string,
): string | null {
  for (const line of lines) {
    const item = getMenuItem(line.productId);
    const reason = item ? unavailableReason(item, date) : null;
    if (item && reason) return unavailableMessage(item.name, date, reason);
  }
  return null;
}

/** The first day from `from` (within a year) on which the whole cart can be made, or `from`. */
export function firstDayForCart(lines: readonly { productId: string }[], from: string): string {
  let date = from;
  for (let i = 0; i < 366; i += 1) {
    if (cartItemsProblem(lines, date) === null) return date;
    date = nextDay(date);
  }
  return from;
}
