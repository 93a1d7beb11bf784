// The bakery's identity: the one place the storefront, the mails and the
// exports read the name, address and contact details from.
export const BAKERY_INFO = {
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
} as const;

export type BakeryInfo = typeof BAKERY_INFO;

/** The street address on one line, as the footer and mails print it. */
export const bakeryAddressLine = (): string =>
  `${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.stateCode} ${BAKERY_INFO.zip}`;

// ------------------------------------------------------------- opening hours

/** One line of the opening hours: the days it covers and 24-hour `HH:MM` times. */
export interface OpeningHours {
  days: string;
  opens: string;
  closes: string;
}

/**
 * When the shop is open for pickups (issue 14): the same hours every day; the
 * owner closes holidays as closed dates. Pickup slots come from these hours.
 */
export const OPENING_HOURS: readonly OpeningHours[] = [
  { days: 'Monday to Sunday', opens: '08:00', closes: '19:00' },
];

/** "08:00" -> "8:00 AM", "19:00" -> "7:00 PM". */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Monday to Sunday: 8:00 AM to 7:00 PM", one string per line of the hours. */
export const openingHoursLines = (): string[] =>
  OPENING_HOURS.map((h) => `${h.days}: ${formatClock(h.opens)} to ${formatClock(h.closes)}`);

// ------------------------------------------------------------------ delivery

/**
 * Where and how the bakery delivers (issue 14). The fee is set by staff from
 * the distance (the admin pricing note); customers see the same policy before
 * they choose delivery.
 */
export const DELIVERY_POLICY = {
  /**
   * The states delivered to: Florida only. The ZIP codes within the 25 miles
   * are core's DELIVERY_ZIPS (deliveryArea.ts), all in Florida (issue 24).
   */
  states: [{ code: 'FL', name: 'Florida' }],
  maxMiles: 25,
  freeWithinMiles: 5,
  flatFeeCents: 500,
  flatUpToMiles: 10,
  perMileCentsAfter: 150,
} as const;

export const DELIVERY_STATE_CODES: readonly string[] = DELIVERY_POLICY.states.map((s) => s.code);

/** The policy in the words customers read on the order page and the About page. */
export function deliveryPolicyLines(): string[] {
  const p = DELIVERY_POLICY;
  const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
  return [
    `We deliver within ${p.maxMiles} miles of the bakery (${bakeryAddressLine()}), in ${p.states.map((s) => s.name).join(' and ')}.`,
    `Delivery fee: free within ${p.freeWithinMiles} miles, ${dollars(p.flatFeeCents)} from ${p.freeWithinMiles} to ${p.flatUpToMiles} miles, then ${dollars(p.perMileCentsAfter)} per mile after ${p.flatUpToMiles} miles.`,
    'Our team adds the fee after reviewing your order, and your payment link includes it.',
  ];
}
