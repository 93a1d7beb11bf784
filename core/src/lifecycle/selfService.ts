// Customer self-service (issue 24): until the lock time, the customer may move
// the date or time, change the lines and options, or cancel the order from My
// Orders. The lock time is the pickup (date and time in the bakery's zone)
// minus the owner's lock hours. The API refuses after it (409 order_locked)
// and My Orders says why the buttons are gone; both read this module.
import { z } from 'zod';
import { BAKERY_INFO } from '../bakery/bakery';
import { shopSettings } from '../settings/settings';
import {
  BAKERY_TIME_ZONE,
  PICKUP_SLOTS,
  addDays,
  isDateString,
  startOfBakeryDay,
} from '../calendar/calendar';
import {
  MAX_CAKE_WRITING,
  MAX_DISTINCT_ITEMS,
  MAX_ITEM_QUANTITY,
  ORDER_MESSAGES,
} from '../schemas/order';
import { FULFILLMENT_STATES, fulfillmentOf, type FulfillmentStatus } from './orderState';

/** The spec's hours before the pickup at which changes close; the owner's setting wins (selfServiceLockHours). */
export const DEFAULT_LOCK_HOURS = 48;

/** The owner's lock hours in force (core/src/settings, default 48). */
export const lockHoursSetting = (): number => shopSettings().selfServiceLockHours;

/** The states in which the customer may still change or cancel the order. */
export const CUSTOMER_CHANGEABLE_STATES: readonly FulfillmentStatus[] = [
  'received',
  'confirmed',
  'baking',
];

const HOUR_MS = 3_600_000;

/** "10:00 AM" / "2:30 PM" as minutes after midnight; null when unreadable. */
export function clockMinutes(time: string): number | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$/.exec(time);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = m[3]!.toUpperCase() === 'PM';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

/**
 * The instant of a wall-clock time on a bakery day (America/New_York), also
 * on the days the clocks change. A time that cannot be read counts as the
 * start of the day (the earliest: never later than the customer expects).
 */
export function pickupInstant(date: string, time: string | null | undefined): Date {
  const start = startOfBakeryDay(date);
  const minutes = time ? (clockMinutes(time) ?? 0) : 0;
  const guess = new Date(start.getTime() + minutes * 60_000);
  // Across a clock change the day has 23 or 25 hours: correct by the change in offset.
  const nextStart = startOfBakeryDay(addDays(date, 1));
  const dayLength = nextStart.getTime() - start.getTime();
  if (dayLength === 24 * HOUR_MS || minutes < 3 * 60) return guess;
  return new Date(guess.getTime() + (dayLength - 24 * HOUR_MS));
}

export interface SelfServiceInput {
  fulfillmentStatus?: string | null;
  pickupDate: string | null;
  pickupTime: string | null;
  /** When it was placed: a lock before it is not "closed on" that time (issue 38). */
  createdAt?: string | Date | null;
}

/** When changes close for the order (pickup minus the lock hours), or null without a date. */
export function lockTime(
  order: Pick<SelfServiceInput, 'pickupDate' | 'pickupTime'>,
  lockHours = lockHoursSetting(),
): Date | null {
  const date = order.pickupDate?.slice(0, 10);
  if (!date || !isDateString(date)) return null;
  return new Date(pickupInstant(date, order.pickupTime).getTime() - lockHours * HOUR_MS);
}

/** "Tue, Dec 1 at 10:00 AM", in the bakery's time zone. */
export function formatLockTime(instant: Date): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: BAKERY_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: BAKERY_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
  return `${day} at ${time}`;
}

/**
 * What the customer reads once changes are closed. An order placed after its
 * lock time (a lock setting longer than its notice) never had changes open:
 * it is not told they closed at a time before it was placed.
 */
export function lockedMessage(lockAt: Date, placedAt?: string | Date | null): string {
  const placed = placedAt ? new Date(placedAt) : null;
  if (placed && !Number.isNaN(placed.getTime()) && lockAt.getTime() <= placed.getTime())
    return `This order was placed less than ${lockHoursSetting()} hours before its pickup, so it cannot be changed online: call us at ${BAKERY_INFO.phone}.`;
  return `Changes closed on ${formatLockTime(lockAt)}: call us at ${BAKERY_INFO.phone}.`;
}

/**
 * What checkout says about changing the order online, for the chosen pickup
 * day and time (issue 38): until when, or that it cannot be once placed.
 */
export function checkoutChangeNotice(
  pickupDate: string,
  pickupTime: string | null,
  now: Date = new Date(),
  lockHours = lockHoursSetting(),
): string | null {
  const lockAt = lockTime({ pickupDate, pickupTime }, lockHours);
  if (!lockAt) return null;
  if (lockAt.getTime() <= now.getTime())
    return `Changes online close ${lockHours} hours before pickup, so this order cannot be changed online once placed: call us at ${BAKERY_INFO.phone}.`;
  return `You can change or cancel this order online (My Orders) until ${formatLockTime(lockAt)}.`;
}

export type CustomerChangeCheck =
  | { ok: true; lockAt: Date }
  | { ok: false; code: 'order_locked' | 'invalid_state'; message: string; lockAt: Date | null };

/**
 * Whether the customer may change or cancel the order at `now`: only in the
 * states received, confirmed or baking, and strictly before the lock time.
 */
export function customerChangeCheck(
  order: SelfServiceInput,
  now: Date = new Date(),
  lockHours = lockHoursSetting(),
): CustomerChangeCheck {
  const state = fulfillmentOf(order);
  const lockAt = lockTime(order, lockHours);
  if (!CUSTOMER_CHANGEABLE_STATES.includes(state)) {
    const label = FULFILLMENT_STATES[state].customerLabel.toLowerCase();
    return {
      ok: false,
      code: 'invalid_state',
      message: `This order is ${label} and can no longer be changed online: call us at ${BAKERY_INFO.phone}.`,
      lockAt,
    };
  }
  if (!lockAt)
    return {
      ok: false,
      code: 'invalid_state',
      message: `This order has no pickup date: call us at ${BAKERY_INFO.phone}.`,
      lockAt,
    };
  if (now.getTime() >= lockAt.getTime())
    return {
      ok: false,
      code: 'order_locked',
      message: lockedMessage(lockAt, order.createdAt),
      lockAt,
    };
  return { ok: true, lockAt };
}

/** The lock time as ISO while the customer may still change the order at `now`, else null. */
export function changeableUntil(
  order: SelfServiceInput,
  now: Date = new Date(),
  lockHours = lockHoursSetting(),
): string | null {
  const check = customerChangeCheck(order, now, lockHours);
  return check.ok ? check.lockAt.toISOString() : null;
}

// ------------------------------------------------------------------ the change

const optionalId = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** One line of a changed order: the submit payload's line without its name and price (the server prices it). */
export const CustomerChangeLineSchema = z.object({
  productId: z.string({ error: 'Product id is required' }).trim().min(1, 'Product id is required'),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ITEM_QUANTITY, ORDER_MESSAGES.quantityMax),
  variant: optionalId(20),
  filling: optionalId(50),
  addIn: optionalId(50),
});

/**
 * PATCH /api/my-orders/{id}: what the customer changes; every field is
 * optional and what is left out stays as it is. The lead time (at least 3
 * days ahead) is checked against the bakery's today by the server.
 */
export const CustomerOrderChangeSchema = z
  .object({
    pickupDate: z
      .string({ error: ORDER_MESSAGES.pickupDateRequired })
      .refine(isDateString, ORDER_MESSAGES.pickupDateRequired)
      .optional(),
    pickupTime: z
      .string({ error: ORDER_MESSAGES.pickupTimeSlot })
      .trim()
      .refine((v) => PICKUP_SLOTS.includes(v), ORDER_MESSAGES.pickupTimeSlot)
      .optional(),
    items: z
      .array(CustomerChangeLineSchema, { error: 'Select at least one item to order' })
      .min(1, 'Select at least one item to order; to drop the whole order, cancel it')
      .max(MAX_DISTINCT_ITEMS, ORDER_MESSAGES.tooManyItems)
      .optional(),
    cakeWriting: z
      .string()
      .trim()
      .max(MAX_CAKE_WRITING, ORDER_MESSAGES.cakeWriting)
      .nullish()
      .transform((v) => (v === undefined ? undefined : v ? v : null))
      .optional(),
    hasWriting: z.boolean().optional(),
    hasBows: z.boolean().optional(),
  })
  .strict();
export type CustomerOrderChange = z.infer<typeof CustomerOrderChangeSchema>;
