// Standing orders (issue 41): a customer's order repeated every 1 to 4 weeks
// on a weekday, from a first date to an optional end date. Its dates, which
// of them are paused, and when each occurrence locks (the same lock as a
// one-off order: lockTime in selfService.ts) are worked out here, once, for
// the API, the storefront and the back office.
import { z } from 'zod';
import { addDays, daysAway, isDateString, PICKUP_SLOTS } from '../calendar/calendar';
import { lockTime } from '../lifecycle/selfService';
import { unavailableReason, WEEKDAY_NAMES, weekdayIndexOf } from '../catalogue/availability';
import { getMenuItem } from '../catalogue/catalogue';
import { MAX_DISTINCT_ITEMS, MAX_ITEM_QUANTITY, ORDER_MESSAGES } from '../schemas/order';

export const STANDING_MESSAGES = {
  everyWeeks: 'Choose every 1, 2, 3 or 4 weeks',
  firstDate: 'Choose the first date as YYYY-MM-DD',
  firstDateFuture: 'The first date must be tomorrow or later',
  firstDateTooSoon: 'Changes for that date would already be closed: choose a later first date.',
  endDate: 'Choose the end date as YYYY-MM-DD',
  endBeforeStart: 'The end date cannot be before the first date',
  pickupTime: 'Choose a pickup time or one of our pickup windows',
  notOffered: (name: string) => `${name} is not offered for standing orders.`,
  notOfferedAtAll: 'Standing orders are not offered at the moment.',
  notFound: 'Standing order not found',
  ended: 'This standing order has ended.',
  noOccurrence: (date: string) => `There is no occurrence of this standing order on ${date}.`,
  notSkipped: (date: string) => `The occurrence on ${date} is not skipped.`,
  refusedTitle: 'An occurrence of your standing order could not be booked',
  linkUsed: 'This skip link was already used.',
  linkExpired: 'This skip link has expired: changes for that date are closed.',
  linkInvalid: 'This skip link is not valid.',
} as const;

/** How often: every 1 to 4 weeks. */
export const MAX_EVERY_WEEKS = 4;
/** How many upcoming occurrences a standing order shows. */
export const UPCOMING_OCCURRENCES = 8;

const dateField = (message: string) =>
  z.string({ error: message }).trim().refine(isDateString, message);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One line as the order form takes it (the server prices it). */
export const StandingLineSchema = z.object({
  productId: z.string({ error: 'Product id is required' }).trim().min(1, 'Product id is required'),
  variant: optionalText(20),
  filling: optionalText(50),
  addIn: optionalText(50),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ITEM_QUANTITY, ORDER_MESSAGES.quantityMax),
});
export type StandingLine = z.infer<typeof StandingLineSchema>;

const standingFields = {
  items: z
    .array(StandingLineSchema, { error: 'Select at least one item to order' })
    .min(1, 'Select at least one item to order')
    .max(MAX_DISTINCT_ITEMS, ORDER_MESSAGES.tooManyItems),
  everyWeeks: z
    .number({ error: STANDING_MESSAGES.everyWeeks })
    .int(STANDING_MESSAGES.everyWeeks)
    .min(1, STANDING_MESSAGES.everyWeeks)
    .max(MAX_EVERY_WEEKS, STANDING_MESSAGES.everyWeeks),
  firstDate: dateField(STANDING_MESSAGES.firstDate),
  endDate: dateField(STANDING_MESSAGES.endDate)
    .nullish()
    .transform((v) => v ?? null),
  pickupTime: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
  windowId: z.uuid({ error: 'Not a valid window' }).nullish(),
  deliveryMethod: z.enum(['pickup', 'delivery']).default('pickup'),
  deliveryAddress: optionalText(200),
  deliveryCity: optionalText(100),
  deliveryState: optionalText(50),
  deliveryZip: optionalText(10),
  deliveryInstructions: optionalText(300),
  specialInstructions: optionalText(500),
  customerPhone: optionalText(30),
};

/** POST /api/standing-orders. */
export const StandingOrderSchema = z.object(standingFields).superRefine((input, ctx) => {
  if (input.endDate && isDateString(input.firstDate) && input.endDate < input.firstDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: STANDING_MESSAGES.endBeforeStart });
  if (!input.windowId && !input.pickupTime)
    ctx.addIssue({ code: 'custom', path: ['pickupTime'], message: STANDING_MESSAGES.pickupTime });
  if (input.pickupTime && !input.windowId && !PICKUP_SLOTS.includes(input.pickupTime))
    ctx.addIssue({
      code: 'custom',
      path: ['pickupTime'],
      message: ORDER_MESSAGES.pickupTimeFormat,
    });
  if (
    input.deliveryMethod === 'delivery' &&
    [input.deliveryAddress, input.deliveryCity, input.deliveryState, input.deliveryZip].some(
      (v) => !v,
    )
  )
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryAddress'],
      message: ORDER_MESSAGES.addressForm,
    });
});
export type StandingOrderInput = z.infer<typeof StandingOrderSchema>;

/** PATCH /api/standing-orders/{id}: items, quantities, time or window, cadence. */
export const StandingOrderChangeSchema = z
  .object({
    items: standingFields.items.optional(),
    everyWeeks: standingFields.everyWeeks.optional(),
    pickupTime: standingFields.pickupTime,
    windowId: standingFields.windowId,
    endDate: standingFields.endDate.optional(),
  })
  .refine(
    (change) => Object.values(change).some((v) => v !== undefined && v !== null),
    'Nothing to change',
  );
export type StandingOrderChange = z.infer<typeof StandingOrderChangeSchema>;

export const StandingDateSchema = z.object({ date: dateField('Choose the date as YYYY-MM-DD') });
export const StandingPauseSchema = z.object({
  until: dateField('Choose the date as YYYY-MM-DD')
    .nullish()
    .transform((v) => v ?? null),
});
export const StandingOrderIdParam = z.object({ id: z.string() });
export const SkipLinkSchema = z.object({ token: z.string().trim().min(1).max(400) });

/** The most days one holiday pause covers (a closing of a month at most). */
export const HOLIDAY_MAX_DAYS = 31;

/** The owner pauses every standing order for a holiday (POST /api/admin/standing-orders/holiday). */
export const StandingHolidaySchema = z
  .object({
    fromDate: dateField('Choose the first day as YYYY-MM-DD'),
    toDate: dateField('Choose the last day as YYYY-MM-DD'),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the bakery is closed (customers read it)')
      .max(100, 'Keep the reason under 100 characters'),
  })
  .refine((h) => h.toDate >= h.fromDate, {
    path: ['toDate'],
    message: 'The last day must be on or after the first day',
  });
export type StandingHoliday = z.infer<typeof StandingHolidaySchema>;

/** The owner's rules (PUT /api/admin/standing-orders/settings). */
export const StandingSettingsSchema = z.object({
  offered: z.boolean(),
  /** Menu item ids offered for standing orders; null: every item. */
  productIds: z.array(z.string().trim().min(1).max(60)).max(200).nullable(),
  reminderHours: z
    .number({ error: 'Reminder hours must be a whole number from 1 to 168' })
    .int()
    .min(1, 'Reminder hours must be a whole number from 1 to 168')
    .max(168, 'Reminder hours must be a whole number from 1 to 168'),
  /**
   * { productId: substitute's productId }: what an occurrence bakes instead of
   * an item taken off the menu or not offered on its date; left out when
   * there is none. Left as it was when not sent.
   */
  substitutes: z
    .record(z.string().trim().min(1).max(60), z.string().trim().min(1).max(60))
    .optional(),
});
export type StandingSettings = z.infer<typeof StandingSettingsSchema>;
export const DEFAULT_STANDING_SETTINGS: StandingSettings = {
  offered: true,
  productIds: null,
  reminderHours: 24,
  substitutes: {},
};

/** What changed in one occurrence, in the customer's words ("Sourdough Loaf is not on the menu: Seeded Loaf instead"). */
export interface StandingLineChange {
  productId: string;
  /** The substitute's id, or null when the item is left out. */
  substituteId: string | null;
  words: string;
}

/** A menu item's name, or its id in words when the menu no longer has it. */
const itemName = (productId: string) =>
  getMenuItem(productId)?.name ??
  productId.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * What an occurrence on `date` bakes of a standing order's `lines` (issue
 * 41): an item taken off the menu, or not offered that day (out of season,
 * sold out, another weekday), is replaced by the owner's substitute when that
 * one is offered then (same quantity, its plain size), or left out; each
 * change is said in words for the customer.
 */
export function standingLinesOn(
  lines: readonly StandingLine[],
  date: string,
  substitutes: Readonly<Record<string, string>> = {},
): { lines: StandingLine[]; changes: StandingLineChange[] } {
  const offered = (id: string) => {
    const item = getMenuItem(id);
    return Boolean(item) && !unavailableReason(item!, date);
  };
  const kept: StandingLine[] = [];
  const changes: StandingLineChange[] = [];
  for (const line of lines) {
    if (offered(line.productId)) {
      kept.push(line);
      continue;
    }
    const item = getMenuItem(line.productId);
    const why = !item || item.hidden ? 'is no longer on the menu' : 'is not baked that day';
    const substitute = substitutes[line.productId];
    if (substitute && offered(substitute)) {
      kept.push({
        productId: substitute,
        quantity: line.quantity,
        variant: null,
        filling: null,
        addIn: null,
      });
      changes.push({
        productId: line.productId,
        substituteId: substitute,
        words: `${itemName(line.productId)} ${why}: ${line.quantity} × ${itemName(substitute)} instead`,
      });
    } else {
      changes.push({
        productId: line.productId,
        substituteId: null,
        words: `${itemName(line.productId)} ${why}: left out`,
      });
    }
  }
  return { lines: kept, changes };
}

// ------------------------------------------------------------------ the dates

export interface StandingSchedule {
  everyWeeks: number;
  firstDate: string;
  endDate: string | null;
  paused: boolean;
  pausedUntil: string | null;
  endedAt?: Date | string | null;
}

/** Whether `date` falls on the standing order's cadence (and within its season). */
export function isOccurrenceDate(s: StandingSchedule, date: string): boolean {
  if (!isDateString(date) || date < s.firstDate) return false;
  if (s.endDate && date > s.endDate) return false;
  return daysAway(date, s.firstDate) % (7 * s.everyWeeks) === 0;
}

/** The cadence's dates from `from` to `to` (both included). */
export function occurrenceDates(s: StandingSchedule, from: string, to: string): string[] {
  const step = 7 * s.everyWeeks;
  const last = s.endDate && s.endDate < to ? s.endDate : to;
  let date = s.firstDate;
  if (from > date) {
    const behind = daysAway(from, date);
    date = addDays(date, Math.ceil(behind / step) * step);
  }
  const dates: string[] = [];
  for (; date <= last; date = addDays(date, step)) dates.push(date);
  return dates;
}

/** Whether the pause covers `date` (paused until a date: that date is booked again). */
export function isPausedOn(s: StandingSchedule, date: string): boolean {
  return s.paused && (s.pausedUntil === null || date < s.pausedUntil);
}

export type OccurrenceState = 'scheduled' | 'ordered' | 'skipped' | 'paused' | 'refused';

/** When the occurrence on `date` locks (as a one-off order at that date and time). */
export function occurrenceLock(date: string, pickupTime: string | null): Date {
  return lockTime({ pickupDate: date, pickupTime })!;
}

/** The standing order's state in the customer's words. */
export function standingStatus(s: StandingSchedule, today: string): 'active' | 'paused' | 'ended' {
  if (s.endedAt || (s.endDate && s.endDate < today)) return 'ended';
  return s.paused && (s.pausedUntil === null || s.pausedUntil > today) ? 'paused' : 'active';
}

// ------------------------------------------------------------------ the views

export interface OccurrenceView {
  date: string;
  state: OccurrenceState;
  /** Until when the customer may skip or change it (ISO); null once locked. */
  editableUntil: string | null;
  /** The lock time (ISO), locked or not. */
  lockAt: string;
  /** The order's total once booked, else today's price (dollars). */
  total: number;
  orderId: string | null;
  /** Why the date could not take it (state refused). */
  reason: string | null;
}

export interface StandingOrderView {
  id: string;
  status: 'active' | 'paused' | 'ended';
  items: (StandingLine & { name: string })[];
  everyWeeks: number;
  firstDate: string;
  endDate: string | null;
  pickupTime: string;
  windowId: string | null;
  deliveryMethod: 'pickup' | 'delivery';
  deliveryAddress: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryZip: string | null;
  paused: boolean;
  pausedUntil: string | null;
  createdAt: string;
  occurrences: OccurrenceView[];
}

/** The owner's panel: units per item and day promised to standing orders beside one-off orders. */
export interface StandingPanelView {
  activeSubscribers: number;
  activeStandingOrders: number;
  fromDate: string;
  toDate: string;
  units: { date: string; productId: string; name: string; standing: number; oneOff: number }[];
  refused: { standingOrderId: string; date: string; customerEmail: string; reason: string }[];
  settings: StandingSettings;
}

/**
 * "Order this every week" from a past order: the first date on the order's
 * weekday at least 3 days ahead (its lock, 48 hours before, is still open).
 */
export function standingFirstDate(pickupDate: string, today: string): string {
  let date = pickupDate;
  const earliest = addDays(today, 3);
  if (date < earliest) date = addDays(date, Math.ceil(daysAway(earliest, date) / 7) * 7);
  return date;
}

/**
 * How often and when, in words: "Every Saturday at 10:00 AM", "Every 2 weeks
 * on Saturday at 10:00 AM" (the weekday is the first date's).
 */
export function standingCadenceWords(standing: {
  everyWeeks: number;
  firstDate: string;
  pickupTime: string | null;
}): string {
  const day = WEEKDAY_NAMES[weekdayIndexOf(standing.firstDate)]!;
  const when =
    standing.everyWeeks === 1 ? `Every ${day}` : `Every ${standing.everyWeeks} weeks on ${day}`;
  return standing.pickupTime ? `${when} at ${standing.pickupTime}` : when;
}
