// The bakery's identity: the one place the storefront, the mails and the
// exports read the name, address and contact details from.
import { onShopSettings, WEEKDAYS, weekdayName, type ShopSettings } from '../settings/settings';

/** The identity part of the shop's settings. */
export type BakeryInfo = Pick<
  ShopSettings,
  | 'name'
  | 'tagline'
  | 'street'
  | 'city'
  | 'state'
  | 'stateCode'
  | 'zip'
  | 'phone'
  | 'email'
  | 'website'
  | 'openSince'
>;

const infoOf = (s: ShopSettings): BakeryInfo => ({
  name: s.name,
  tagline: s.tagline,
  street: s.street,
  city: s.city,
  state: s.state,
  stateCode: s.stateCode,
  zip: s.zip,
  phone: s.phone,
  email: s.email,
  website: s.website,
  openSince: s.openSince,
});

/** The bakery's name and contact details: the owner's settings (live, core/src/settings). */
// A live binding (ES modules): reassigned by setShopSettings, read live by importers.
export let BAKERY_INFO: Readonly<BakeryInfo>;

/** The street address on one line, as the footer and mails print it. */
export const bakeryAddressLine = (): string =>
  `${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.stateCode} ${BAKERY_INFO.zip}`;

// ------------------------------------------------------------- opening hours

/** One line of the opening hours: the days it covers and 24-hour `HH:MM` times. */
export interface OpeningHours {
  days: string;
  opens: string;
  closes: string;
  /** True for days the shop is closed (opens and closes then say nothing). */
  closed?: boolean;
}

/** Monday first, as people read a week. */
const WEEK_FROM_MONDAY = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** The weekly hours grouped into runs of days with the same hours: "Monday to Saturday", "Sunday". */
function hoursLinesOf(s: ShopSettings): OpeningHours[] {
  const out: { from: string; to: string; opens: string; closes: string; closed: boolean }[] = [];
  for (const day of WEEK_FROM_MONDAY) {
    const h = s.hours[day];
    const key = { opens: h.open ? h.opens : '', closes: h.open ? h.closes : '', closed: !h.open };
    const last = out.at(-1);
    if (
      last &&
      last.opens === key.opens &&
      last.closes === key.closes &&
      last.closed === key.closed
    )
      last.to = weekdayName(day);
    else out.push({ from: weekdayName(day), to: weekdayName(day), ...key });
  }
  return out.map((r) => ({
    days: r.from === r.to ? r.from : `${r.from} to ${r.to}`,
    opens: r.opens,
    closes: r.closes,
    ...(r.closed ? { closed: true } : {}),
  }));
}

/**
 * When the shop is open for pickups: the owner's hours per weekday, grouped
 * (the spec's default is the same hours every day). Pickup slots come from
 * these hours (calendar.ts); holidays are closed dates.
 */
// A live binding (ES modules): reassigned by setShopSettings, read live by importers.
export let OPENING_HOURS: readonly OpeningHours[];

/** "08:00" -> "8:00 AM", "19:00" -> "7:00 PM". */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Monday to Sunday: 8:00 AM to 7:00 PM", one string per line of the hours. */
export const openingHoursLines = (): string[] =>
  OPENING_HOURS.map((h) =>
    h.closed
      ? `${h.days}: Closed`
      : `${h.days}: ${formatClock(h.opens)} to ${formatClock(h.closes)}`,
  );

// ------------------------------------------------------------------ delivery

/**
 * Where and how the bakery delivers (issue 14). The fee is set by staff from
 * the distance (the admin pricing note); customers see the same policy before
 * they choose delivery.
 */
const policyOf = (s: ShopSettings) => ({
  /**
   * The states delivered to: the bakery's own (Florida). The ZIP codes within
   * the miles are the settings' deliveryZips (deliveryArea.ts, issue 24).
   */
  states: [{ code: s.stateCode, name: s.state }] as readonly { code: string; name: string }[],
  maxMiles: s.deliveryMiles,
  freeWithinMiles: 5,
  flatFeeCents: 500,
  flatUpToMiles: 10,
  perMileCentsAfter: 150,
});

// A live binding (ES modules): reassigned by setShopSettings, read live by importers.
export let DELIVERY_POLICY: Readonly<ReturnType<typeof policyOf>>;

// A live binding (ES modules): reassigned by setShopSettings, read live by importers.
export let DELIVERY_STATE_CODES: readonly string[];

onShopSettings((s) => {
  BAKERY_INFO = Object.freeze(infoOf(s));
  OPENING_HOURS = Object.freeze(hoursLinesOf(s));
  DELIVERY_POLICY = Object.freeze(policyOf(s));
  DELIVERY_STATE_CODES = DELIVERY_POLICY.states.map((st) => st.code);
});
