// The shop's settings (issue 22 part 4, issue 24's lock time): the bakery's
// name and contact details, its opening hours per weekday (the pickup slots
// follow from them), the lead time, the rush rule, the tax rate, the cake
// option fees, the delivery area and the self-service lock. The owner edits
// them in the back office; the spec's values are the defaults.
//
// One live copy per process: the server loads the stored document at start
// and on every change (PostgreSQL NOTIFY), the storefront from
// GET /api/settings. setShopSettings() swaps it, and the modules that read it
// (bakery.ts, calendar.ts, money.ts, deliveryArea.ts, selfService.ts) update
// their exported values, so existing callers read the live figures. A placed
// order keeps the figures it was stored with.
import { z } from 'zod';
import '../zodConfig';

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "sunday" -> "Sunday". */
export const weekdayName = (day: Weekday): string => `${day[0]!.toUpperCase()}${day.slice(1)}`;

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
export type DayHours = z.infer<typeof DayHoursSchema>;

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
    .max(maxCents, `${label} cannot exceed $${(maxCents / 100).toFixed(2)}`);

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
    leadTimeDays: z
      .number({ error: 'Lead time must be a number of days' })
      .int('Lead time must be a whole number of days')
      .min(1, 'Lead time must be at least 1 day')
      .max(60, 'Lead time cannot exceed 60 days'),
    rushThresholdDays: z
      .number({ error: 'Rush threshold must be a number of days' })
      .int('Rush threshold must be a whole number of days')
      .min(0, 'Rush threshold cannot be negative')
      .max(60, 'Rush threshold cannot exceed 60 days'),
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
    deliveryMiles: z
      .number({ error: 'Delivery distance must be a number of miles' })
      .int('Delivery distance must be a whole number of miles')
      .min(1, 'Delivery distance must be at least 1 mile')
      .max(100, 'Delivery distance cannot exceed 100 miles'),
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
    selfServiceLockHours: z
      .number({ error: 'Lock time must be a number of hours' })
      .int('Lock time must be a whole number of hours')
      .min(0, 'Lock time cannot be negative')
      .max(720, 'Lock time cannot exceed 720 hours (30 days)'),
  })
  .superRefine((s, ctx) => {
    if (WEEKDAYS.every((d) => s.hours?.[d] && !s.hours[d].open))
      ctx.addIssue({
        code: 'custom',
        path: ['hours'],
        message: 'The shop must be open at least one day a week',
      });
  });
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

const everyDay = (hours: DayHours) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { ...hours }])) as Record<Weekday, DayHours>;

/** The ZIP codes within about 25 miles of the bakery (see deliveryArea.ts for their towns). */
export const DEFAULT_DELIVERY_ZIPS: readonly string[] = [
  '32301',
  '32302',
  '32303',
  '32304',
  '32305',
  '32306',
  '32307',
  '32308',
  '32309',
  '32310',
  '32311',
  '32312',
  '32313',
  '32314',
  '32315',
  '32316',
  '32317',
  '32318',
  '32395',
  '32399',
  '32362',
  '32333',
  '32343',
  '32351',
  '32352',
  '32353',
  '32326',
  '32327',
  '32355',
  '32337',
  '32344',
  '32345',
];

/** The spec's values: what a fresh install shows until the owner changes them. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = Object.freeze({
  name: 'Sprinkles & Crumbs Bakery',
  tagline:
    'Sprinkling joy and sharing crumbs with our community, one gluten-free, dairy-free bake at a time.',
  street: '1418 Thomasville Road',
  city: 'Tallahassee',
  state: 'Florida',
  stateCode: 'FL',
  zip: '32303',
  phone: '(850) 555-0142',
  email: 'hello@sprinklesandcrumbs.com',
  website: 'https://www.sprinklesandcrumbs.com',
  openSince: 2015,
  hours: everyDay({ open: true, opens: '08:00', closes: '19:00' }),
  leadTimeDays: 3,
  rushThresholdDays: 7,
  rushFeeCents: 1000,
  taxRatePercent: 8.75,
  cakeWritingFeeCents: 500,
  cakeBowsFeeCents: 500,
  deliveryMiles: 25,
  deliveryZips: [...DEFAULT_DELIVERY_ZIPS],
  selfServiceLockHours: 48,
}) as ShopSettings;

/** What GET /api/settings shows anyone: everything the shop's pages and forms use. */
export type PublicShopSettings = ShopSettings;

/** The document as stored and sent, with when and by whom it was last changed. */
export interface ShopSettingsView {
  settings: ShopSettings;
  updatedAt: string | null;
  updatedBy: string | null;
}

// ---------------------------------------------------------------- live copy

/** A deep copy of a settings document (plain JSON data). */
const copyOf = (s: ShopSettings): ShopSettings => JSON.parse(JSON.stringify(s)) as ShopSettings;

let current: ShopSettings = copyOf(DEFAULT_SHOP_SETTINGS);
const listeners: ((s: ShopSettings) => void)[] = [];

/** The settings in force in this process. */
export const shopSettings = (): ShopSettings => current;

/**
 * Puts settings in force (validated; a partial or older document is filled
 * from the defaults). Every reader in core follows at once.
 */
export function setShopSettings(settings: unknown): ShopSettings {
  current = parseStoredShopSettings(settings);
  for (const listener of listeners) listener(current);
  return current;
}

/** Back to the spec's values (tests). */
export const resetShopSettings = (): ShopSettings => setShopSettings(DEFAULT_SHOP_SETTINGS);

/** Core's modules keep their exported values in step with the settings. */
export function onShopSettings(listener: (s: ShopSettings) => void): void {
  listeners.push(listener);
  listener(current);
}

/**
 * A stored document as settings: fields missing from an older document take
 * the defaults; a document that no longer validates falls back to them whole.
 */
export function parseStoredShopSettings(stored: unknown): ShopSettings {
  const base = copyOf(DEFAULT_SHOP_SETTINGS);
  const merged =
    stored && typeof stored === 'object'
      ? {
          ...base,
          ...(stored as Record<string, unknown>),
          hours: {
            ...base.hours,
            ...((stored as { hours?: Record<string, unknown> }).hours ?? {}),
          },
        }
      : base;
  const parsed = ShopSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : base;
}

/** The settings' hours on a calendar day (`YYYY-MM-DD`). */
export function hoursOn(date: string, settings: ShopSettings = current): DayHours {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  return settings.hours[weekday];
}

/** The weekday of a calendar day. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}
