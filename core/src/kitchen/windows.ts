// Pickup and delivery windows with their own capacity (issue 25). The owner
// sets windows per weekday (8-10, 10-12, ... on Saturdays), each with limits
// in units per category or for the whole kitchen ('*'). A weekday without
// windows keeps the half-hour slots, limited by the day only. The API books a
// cart's units in its window inside the order's transaction (a guarded
// UPDATE, api/src/services/kitchen/windows.ts); the storefront shows what is
// left with the same functions.
import { weekdayIndexOf } from '../catalogue/availability';
import { getMenuItem, type CategoryId } from '../catalogue/catalogue';
import { formatClock } from '../bakery/bakery';
import { shopSettings, WEEKDAYS } from '../settings/settings';
import { formatLongDate, pickupSlots } from '../calendar/calendar';
import { clockMinutes as slotMinutes } from '../lifecycle/selfService';
import {
  kitchenCategories,
  MAX_CAPACITY_UNITS,
  unitsByCategory,
  unitWords,
  type KitchenLine,
} from './capacity';

export const WHOLE_KITCHEN = '*';
export type WindowScope = CategoryId | typeof WHOLE_KITCHEN;
export type WindowLimits = Partial<Record<WindowScope, number>>;

export type Fulfillment = 'pickup' | 'delivery';
export const FULFILLMENTS: readonly Fulfillment[] = ['pickup', 'delivery'];

export interface PickupWindowDef {
  id: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** "HH:MM", 24-hour. */
  start: string;
  end: string;
  fulfillment: Fulfillment;
  limits: WindowLimits;
}

/** One window of a date as customers see it. */
export interface WindowAvailability {
  /** null: a half-hour slot of a weekday without windows (no limit of its own). */
  id: string | null;
  start: string;
  end: string;
  /** The pickupTime an order in this window carries: its start, "8:00 AM". */
  time: string;
  /** "8:00 AM – 10:00 AM". */
  label: string;
  fulfillment: Fulfillment;
  /** Units left per limited scope (never below 0); {} when the window has no limit. */
  left: WindowLimits;
  full: boolean;
}

const minutes = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The weekday of a 'YYYY-MM-DD' date, 0 Sunday .. 6 Saturday (the catalogue's rule). */
export const weekdayNumber = weekdayIndexOf;

export const windowLabel = (w: Pick<PickupWindowDef, 'start' | 'end'>): string =>
  `${formatClock(w.start)} – ${formatClock(w.end)}`;

/** The owner's windows of `date` for a fulfillment, by start; empty when none are set. */
export function windowsOn(
  defs: readonly PickupWindowDef[],
  date: string,
  fulfillment: Fulfillment,
): PickupWindowDef[] {
  const day = weekdayNumber(date);
  return defs
    .filter((w) => w.weekday === day && w.fulfillment === fulfillment)
    .sort((a, b) => minutes(a.start) - minutes(b.start));
}

/** The window a pickup time falls in (start <= time < end), or null. */
export function windowForTime(
  windows: readonly PickupWindowDef[],
  pickupTime: string | null | undefined,
): PickupWindowDef | null {
  const t = slotMinutes(pickupTime ?? '');
  if (t === null) return null;
  return windows.find((w) => minutes(w.start) <= t && t < minutes(w.end)) ?? null;
}

/** Units the lines take in each scope the window limits. */
export function windowNeeds(
  lines: readonly KitchenLine[],
  limits: WindowLimits,
): Map<WindowScope, number> {
  const byCategory = unitsByCategory(lines);
  const needs = new Map<WindowScope, number>();
  let total = 0;
  for (const category of kitchenCategories()) {
    total += byCategory[category];
    if (limits[category] !== undefined && byCategory[category] > 0)
      needs.set(category, byCategory[category]);
  }
  if (limits[WHOLE_KITCHEN] !== undefined && total > 0) needs.set(WHOLE_KITCHEN, total);
  return needs;
}

const scopeUnits = (scope: WindowScope) =>
  scope === WHOLE_KITCHEN ? { one: 'item', many: 'items' } : unitWords(scope);

/**
 * "We can take only 3 more cookies in the 8:00 AM – 10:00 AM window on
 * November 28, 2026. Please choose another window or fewer cookies." or, with
 * none left, "The 8:00 AM – 10:00 AM window on November 28, 2026 is full for
 * cookies. Please choose another window."
 */
export function windowFullMessage(
  scope: WindowScope,
  remaining: number,
  window: Pick<PickupWindowDef, 'start' | 'end'>,
  date: string,
): string {
  const unit = scopeUnits(scope);
  const where = `the ${windowLabel(window)} window on ${formatLongDate(date)}`;
  if (remaining <= 0)
    return `${where[0]!.toUpperCase()}${where.slice(1)} is full${scope === WHOLE_KITCHEN ? '' : ` for ${unit.many}`}. Please choose another window.`;
  return `We can take only ${remaining} more ${remaining === 1 ? unit.one : unit.many} in ${where}. Please choose another window or fewer ${unit.many}.`;
}

/** The message when a pickup time is in none of the day's windows. */
export function noWindowMessage(date: string): string {
  return `Please choose one of the pickup windows of ${formatLongDate(date)}.`;
}

/** What is left in each limited scope, given the units used (never below 0). */
export function windowLeft(
  limits: WindowLimits,
  used: Partial<Record<string, number>>,
): WindowLimits {
  const left: WindowLimits = {};
  for (const [scope, limit] of Object.entries(limits) as [WindowScope, number][])
    left[scope] = Math.max(0, limit - (used[scope] ?? 0));
  return left;
}

/** Whether `lines` fit what is left of a window: null, or the first scope that does not. */
export function windowProblem(
  lines: readonly KitchenLine[],
  window: PickupWindowDef,
  left: WindowLimits,
  date: string,
): { scope: WindowScope; remaining: number; message: string } | null {
  for (const [scope, need] of windowNeeds(lines, window.limits)) {
    const remaining = left[scope] ?? 0;
    if (need > remaining)
      return { scope, remaining, message: windowFullMessage(scope, remaining, window, date) };
  }
  return null;
}

/** The windows of a date with what is left; half-hour slots when the owner set none. */
export function dayWindows(
  defs: readonly PickupWindowDef[],
  date: string,
  fulfillment: Fulfillment,
  used: ReadonlyMap<string, Partial<Record<string, number>>>,
): WindowAvailability[] {
  const windows = windowsOn(defs, date, fulfillment);
  if (windows.length === 0) {
    return pickupSlots().map((time) => {
      const at = slotMinutes(time) ?? 0;
      const start = hhmm(at);
      const end = hhmm(at + 30);
      return { id: null, start, end, time, label: time, fulfillment, left: {}, full: false };
    });
  }
  return windows.map((w) => {
    const left = windowLeft(w.limits, used.get(w.id) ?? {});
    return {
      id: w.id,
      start: w.start,
      end: w.end,
      time: formatClock(w.start),
      label: windowLabel(w),
      fulfillment,
      left,
      full: Object.values(left).some((n) => n !== undefined && n <= 0),
    };
  });
}

const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * What the window select shows for the cart: "8:00 AM – 10:00 AM (3 left)",
 * "... (Full)", "... (Not for the Saturday drop)" when a drop item in the cart
 * is picked up in other windows of the day (`drops`: the day's drop units),
 * or the plain label when the window has no limit the cart uses.
 * "Left" is in the units of the tightest limit the cart meets.
 */
export function windowOption(
  w: WindowAvailability,
  cart: readonly KitchenLine[],
  drops: readonly { dropName: string; productIds: string[]; windowIds?: string[] }[] = [],
): { label: string; left: number | null; full: boolean } {
  // A drop picked up in some windows only: the others cannot take its items.
  const elsewhere = drops.find(
    (unit) =>
      w.id !== null &&
      (unit.windowIds?.length ?? 0) > 0 &&
      !unit.windowIds!.includes(w.id) &&
      cart.some((line) => unit.productIds.includes(line.productId)),
  );
  if (elsewhere)
    return { label: `${w.label} (Not for the ${elsewhere.dropName} drop)`, left: 0, full: true };
  const needs = windowNeeds(cart, w.left);
  const scopes = cart.length > 0 ? [...needs.keys()] : Object.keys(w.left);
  let left: number | null = null;
  let full = false;
  for (const scope of scopes) {
    const remaining = w.left[scope] ?? 0;
    if (left === null || remaining < left) left = remaining;
    if (remaining < (needs.get(scope) ?? 1)) full = true;
  }
  if (full) return { label: `${w.label} (Full)`, left: left ?? 0, full };
  if (left === null) return { label: w.label, left: null, full: false };
  return { label: `${w.label} (${left} left)`, left, full: false };
}

export const WINDOW_MESSAGES = {
  weekday: 'Choose a day of the week',
  time: 'Enter a time on the hour or half hour within opening hours',
  order: 'The window must end after it starts',
  limit: `Enter a whole number of units from 0 to ${MAX_CAPACITY_UNITS.toLocaleString('en-US')}`,
  scope: 'Choose a menu category or the whole kitchen',
  overlap: 'This window overlaps another window of the same day',
  closed: 'The shop is closed on that day: open it in Settings first',
} as const;

/** Problems of a window the owner saves (null when it is fine). */
export function windowInputProblem(
  input: Omit<PickupWindowDef, 'id'>,
  others: readonly PickupWindowDef[],
): string | null {
  if (!Number.isInteger(input.weekday) || input.weekday < 0 || input.weekday > 6)
    return WINDOW_MESSAGES.weekday;
  // That weekday's opening hours, as the owner set them (issue 22's settings).
  const hours = shopSettings().hours[WEEKDAYS[input.weekday]!];
  if (!hours.open) return WINDOW_MESSAGES.closed;
  const open = minutes(hours.opens);
  const close = minutes(hours.closes);
  for (const t of [input.start, input.end]) {
    if (!/^\d{2}:\d{2}$/.test(t)) return WINDOW_MESSAGES.time;
    const m = minutes(t);
    if (m % 30 !== 0 || m < open || m > close) return WINDOW_MESSAGES.time;
  }
  if (minutes(input.end) <= minutes(input.start)) return WINDOW_MESSAGES.order;
  for (const [scope, limit] of Object.entries(input.limits)) {
    if (scope !== WHOLE_KITCHEN && !(kitchenCategories() as readonly string[]).includes(scope))
      return WINDOW_MESSAGES.scope;
    if (!Number.isInteger(limit) || limit! < 0 || limit! > MAX_CAPACITY_UNITS)
      return WINDOW_MESSAGES.limit;
  }
  const clash = others.some(
    (w) =>
      w.weekday === input.weekday &&
      w.fulfillment === input.fulfillment &&
      minutes(w.start) < minutes(input.end) &&
      minutes(input.start) < minutes(w.end),
  );
  return clash ? WINDOW_MESSAGES.overlap : null;
}

/** The name of a product for messages ("Pecan Pie"), its id when unknown. */
export const itemName = (productId: string): string => getMenuItem(productId)?.name ?? productId;
