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
// No zod here: the storefront's home page reads the settings without the
// schemas (schema.ts checks a document on the server and in the back office).

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

/** One weekday's hours: open or closed, and 24-hour `HH:MM` times on the hour or half hour. */
export interface DayHours {
  open: boolean;
  opens: string;
  closes: string;
}

/** The shop's settings document (checked by ShopSettingsSchema in schema.ts). */
export interface ShopSettings {
  name: string;
  tagline: string;
  street: string;
  city: string;
  state: string;
  stateCode: string;
  zip: string;
  /** (XXX) XXX-XXXX */
  phone: string;
  email: string;
  website: string;
  openSince: number;
  hours: Record<Weekday, DayHours>;
  /** The earliest pickup, in days from today. */
  leadTimeDays: number;
  /** A pickup fewer than this many days away pays the rush fee. */
  rushThresholdDays: number;
  rushFeeCents: number;
  /** Up to 3 decimals: 8.75 */
  taxRatePercent: number;
  cakeWritingFeeCents: number;
  cakeBowsFeeCents: number;
  deliveryMiles: number;
  /** The ZIP codes delivered to; empty: any ZIP within the miles (staff check the distance). */
  deliveryZips: string[];
  /**
   * Issue 38: the delivery fee by ZIP code, as the owner sets it. A delivery
   * to a ZIP of this table has its fee in the total at checkout; any other
   * keeps the fee pending for staff (the default: an empty table).
   */
  deliveryFees: DeliveryFeeRow[];
  /** Hours before the pickup at which the customer's own changes close. */
  selfServiceLockHours: number;
  /**
   * Issue 42: a quick sale at the counter takes its kitchen units from
   * today's capacity (and is refused when the day is full), for a shop
   * that bakes its shelf from the same day's capacity. Off: the shelf is
   * baked apart, and a sale is only counted in the day's load.
   */
  quickSalesUseCapacity: boolean;
}

/** One row of the owner's delivery-fee table (issue 38). */
export interface DeliveryFeeRow {
  zip: string;
  feeCents: number;
}

const everyDay = (hours: DayHours) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { ...hours }])) as Record<Weekday, DayHours>;

/**
 * Leon County (Tallahassee and Woodville) and the nearby towns of Gadsden,
 * Wakulla and Jefferson counties whose centre is within about 25 miles of
 * the bakery. PO-box-only and state-government ZIPs of Tallahassee count too:
 * a customer may know only those.
 */
export const DEFAULT_DELIVERY_AREA: readonly { zip: string; place: string }[] = [
  // Leon County
  ...[
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
  ].map((zip) => ({ zip, place: 'Tallahassee' })),
  { zip: '32362', place: 'Woodville' },
  // Gadsden County
  { zip: '32333', place: 'Havana' },
  { zip: '32343', place: 'Midway' },
  { zip: '32351', place: 'Quincy' },
  { zip: '32352', place: 'Quincy' },
  { zip: '32353', place: 'Quincy' },
  // Wakulla County
  { zip: '32326', place: 'Crawfordville' },
  { zip: '32327', place: 'Crawfordville' },
  { zip: '32355', place: 'St. Marks' },
  // Jefferson County
  { zip: '32337', place: 'Lloyd' },
  { zip: '32344', place: 'Monticello' },
  { zip: '32345', place: 'Monticello' },
];

/** The ZIP codes within about 25 miles of the bakery. */
export const DEFAULT_DELIVERY_ZIPS: readonly string[] = DEFAULT_DELIVERY_AREA.map((z) => z.zip);

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
  deliveryFees: [],
  selfServiceLockHours: 48,
  quickSalesUseCapacity: false,
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
 * Puts settings in force: a document the server checked (ShopSettingsSchema,
 * or parseStoredShopSettings for a stored one); fields it lacks take the
 * defaults. Every reader in core follows at once.
 */
export function setShopSettings(settings: Partial<ShopSettings>): ShopSettings {
  current = withDefaults(settings);
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

/** A document with the defaults for whatever it lacks (an older document, a partial one). */
export function withDefaults(stored: unknown): ShopSettings {
  const base = copyOf(DEFAULT_SHOP_SETTINGS);
  if (!stored || typeof stored !== 'object') return base;
  const doc = stored as Partial<ShopSettings>;
  return { ...base, ...doc, hours: { ...base.hours, ...(doc.hours ?? {}) } };
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
