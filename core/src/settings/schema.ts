// The check of a shop settings document (issue 22 part 4): what PUT
// /api/admin/settings accepts and the back office checks before sending,
// each refusal naming its field. Apart from settings.ts, which holds no zod,
// so the storefront's first pages load without the schemas.
import { z } from 'zod';
import '../zodConfig';
import {
  DEFAULT_SHOP_SETTINGS,
  WEEKDAYS,
  withDefaults,
  type DayHours,
  type ShopSettings,
  type Weekday,
} from './settings';
import { formatCents } from '../money/money';

const CLOCK_RE = /^([01]\d|2[0-3]):(00|30)$/;
const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

export const DayHoursSchema = z
  .object({
    open: z.boolean({ error: 'Say whether the shop is open that day' }),
    opens: z
      .string()
      .regex(CLOCK_RE, 'Enter an opening time on the hour or half hour, as HH:MM (24 hours)'),
    closes: z
      .string()
      .regex(CLOCK_RE, 'Enter a closing time on the hour or half hour, as HH:MM (24 hours)'),
  })
  .superRefine((d, ctx) => {
    if (d.open && CLOCK_RE.test(d.opens) && CLOCK_RE.test(d.closes))
      if (minutesOf(d.closes) - minutesOf(d.opens) < 30)
        ctx.addIssue({
          code: 'custom',
          path: ['closes'],
          message: 'Closing time must be at least 30 minutes after opening time',
        });
  });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} cannot exceed ${max} characters`);

const cents = (label: string, maxCents: number) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(maxCents, `${label} cannot exceed ${formatCents(maxCents)}`);

/**
 * A whole number of `unit`s (days, miles) from `min` to `max`; a minimum of 0
 * reads "cannot be negative", another "must be at least 1 day".
 */
const wholeCount = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of ${unit}s` })
    .int(`${label} must be a whole number of ${unit}s`)
    .min(
      min,
      min === 0
        ? `${label} cannot be negative`
        : `${label} must be at least ${min} ${unit}${min === 1 ? '' : 's'}`,
    )
    .max(max, `${label} cannot exceed ${max} ${unit}s`);

export const ShopSettingsSchema = z
  .object({
    name: text('Shop name', 100),
    tagline: text('Tagline', 300),
    street: text('Street address', 200),
    city: text('City', 100),
    state: text('State', 50),
    stateCode: z
      .string({ error: 'State code is required' })
      .trim()
      .regex(/^[A-Z]{2}$/, 'State code must be two capital letters, such as FL'),
    zip: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits (or ZIP+4)'),
    phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'Phone must be written (XXX) XXX-XXXX'),
    email: z
      .string({ error: 'E-mail is required' })
      .trim()
      .max(200, 'E-mail cannot exceed 200 characters')
      .email('Enter a valid e-mail address'),
    website: z
      .string({ error: 'Website is required' })
      .trim()
      .max(200, 'Website cannot exceed 200 characters')
      .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, 'Website must start with https://'),
    openSince: z
      .number({ error: 'Open since must be a year' })
      .int('Open since must be a year')
      .min(1900, 'Open since must be a year after 1900')
      .max(2100, 'Open since must be a year before 2100'),
    hours: z.object(
      Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema])) as Record<
        Weekday,
        typeof DayHoursSchema
      >,
      { error: 'Opening hours are required for every day of the week' },
    ),
    leadTimeDays: wholeCount('Lead time', 'day', 1, 60),
    rushThresholdDays: wholeCount('Rush threshold', 'day', 0, 60),
    // The order schema accepts a rush fee up to $500 and cake options up to $50.
    rushFeeCents: cents('Rush fee', 50_000),
    taxRatePercent: z
      .number({ error: 'Tax rate must be a percentage' })
      .min(0, 'Tax rate cannot be negative')
      .max(20, 'Tax rate cannot exceed 20%')
      .refine(
        (v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6,
        'Tax rate can have at most 3 decimals',
      ),
    cakeWritingFeeCents: cents('Cake writing fee', 2_500),
    cakeBowsFeeCents: cents('Cake bows fee', 2_500),
    deliveryMiles: wholeCount('Delivery distance', 'mile', 1, 100),
    /** The ZIP codes delivered to; empty: any ZIP within the miles (staff check the distance). */
    deliveryZips: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{5}$/, 'Each delivery ZIP code must be 5 digits'),
        {
          error: 'Delivery ZIP codes must be a list',
        },
      )
      .max(500, 'At most 500 delivery ZIP codes'),
    /** Issue 38: the fee by ZIP code (the checkout adds it; other ZIPs stay pending for staff). */
    deliveryFees: z
      .array(
        z.object({
          zip: z
            .string()
            .trim()
            .regex(/^\d{5}$/, 'Each delivery-fee ZIP code must be 5 digits'),
          feeCents: cents('Delivery fee', 10_000),
        }),
        { error: 'Delivery fees must be a list' },
      )
      .max(500, 'At most 500 delivery fees')
      .refine(
        (rows) => new Set(rows.map((r) => r.zip)).size === rows.length,
        'Each ZIP code has one delivery fee',
      ),
    selfServiceLockHours: z
      .number({ error: 'Lock time must be a number of hours' })
      .int('Lock time must be a whole number of hours')
      .min(0, 'Lock time cannot be negative')
      .max(720, 'Lock time cannot exceed 720 hours (30 days)'),
    quickSalesUseCapacity: z.boolean({
      error: 'Say whether quick sales take units from the day’s capacity',
    }),
  })
  .superRefine((s, ctx) => {
    if (WEEKDAYS.every((d) => s.hours?.[d] && !s.hours[d].open))
      ctx.addIssue({
        code: 'custom',
        path: ['hours'],
        message: 'The shop must be open at least one day a week',
      });
  });

/**
 * The shortest notice (whole hours) the lead time allows between placing an
 * order and its pickup: placed at the last minute of a day for the first
 * pickup of the earliest day it may be picked up, the earliest opening of
 * the week (issue 38). A lock of this many hours or more would lock such an
 * order the moment it is placed.
 */
export function shortestNoticeHours(s: Pick<ShopSettings, 'leadTimeDays' | 'hours'>): number {
  const opens = WEEKDAYS.filter((d) => s.hours[d]?.open).map((d) => {
    const [h, m] = s.hours[d].opens.split(':').map(Number) as [number, number];
    return h + m / 60;
  });
  const earliest = opens.length ? Math.min(...opens) : 0;
  return Math.floor((s.leadTimeDays - 1) * 24 + earliest);
}

export const LOCK_MESSAGES = {
  tooLong: (lockHours: number, notice: number, leadDays: number) =>
    `Customer changes cannot close ${lockHours} hours before pickup: with a ${leadDays}-day lead time an order can be placed ${notice} hours before its pickup, and it would be locked the moment it is placed. Choose at most ${Math.max(0, notice - 1)} hours, or a longer lead time.`,
} as const;

/**
 * PUT /api/admin/settings and the Settings tab: the document, and a lock
 * time that leaves every order some time to be changed online. (A stored
 * document is read with ShopSettingsSchema alone, so an older one with a
 * longer lock still loads.)
 */
export const ShopSettingsInputSchema = ShopSettingsSchema.superRefine((s, ctx) => {
  if (!s.hours || typeof s.leadTimeDays !== 'number') return;
  const notice = shortestNoticeHours(s);
  if (s.selfServiceLockHours >= notice)
    ctx.addIssue({
      code: 'custom',
      path: ['selfServiceLockHours'],
      message: LOCK_MESSAGES.tooLong(s.selfServiceLockHours, notice, s.leadTimeDays),
    });
});

/**
 * A stored document as settings: fields missing from an older document take
 * the defaults; a document that no longer validates falls back to them whole.
 */
export function parseStoredShopSettings(stored: unknown): ShopSettings {
  const parsed = ShopSettingsSchema.safeParse(withDefaults(stored));
  return parsed.success ? parsed.data : withDefaults(DEFAULT_SHOP_SETTINGS);
}

// The schema's output is the settings type, field for field.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.output<typeof ShopSettingsSchema>, ShopSettings> = true;
const sameDay: Same<z.output<typeof DayHoursSchema>, DayHours> = true;
void sameShape;
void sameDay;
