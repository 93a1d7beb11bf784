// The bakery's calendar. Every date in the product is a `YYYY-MM-DD` calendar
// day in the bakery's time zone; "days away" counts calendar days there, so a
// daylight-saving change never moves a pickup date or a rush fee.
import { formatClock, type OpeningHours } from '../bakery/bakery';
import {
  hoursOn,
  onShopSettings,
  shopSettings,
  weekdayName,
  weekdayOf,
  WEEKDAYS,
  type ShopSettings,
} from '../settings/settings';

export const BAKERY_TIME_ZONE = 'America/New_York';
// The lead time, the rush threshold and the pickup slots are the owner's
// settings (core/src/settings): live bindings, reassigned by setShopSettings.
/** Minimum notice on the order form (the server schema also accepts nothing before tomorrow). */
export let MIN_LEAD_DAYS: number;
/** Pickup fewer than this many days away is a rush order. */
export let RUSH_THRESHOLD_DAYS: number;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isDateString(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

function dayNumber(date: string): number {
  if (!isDateString(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const fromDayNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: BAKERY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type ZonedParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function formattedParts(instant: Date): ZonedParts {
  const out: Record<string, number> = {};
  for (const p of partsFormatter.formatToParts(instant))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as ZonedParts;
}

const HOUR_MS = 3_600_000;
/** The zone's offset (wall clock minus UTC) by UTC hour: formatToParts costs tens of µs. */
const offsetByHour = new Map<number, number | null>();

/** The offset at `t` from Intl's wall clock (whole seconds). */
const formattedOffset = (t: number) => {
  const p = formattedParts(new Date(t));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
};

/** The offset over a whole UTC hour, or null when it changes inside it (never on the hour). */
function hourOffset(hour: number): number | null {
  let offset = offsetByHour.get(hour);
  if (offset !== undefined) return offset;
  const start = formattedOffset(hour * HOUR_MS);
  offset = start === formattedOffset(hour * HOUR_MS + HOUR_MS - 1000) ? start : null;
  if (offsetByHour.size > 10_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** New York's offset at an instant (its clocks change on the hour). */
const zoneOffset = (t: number) => hourOffset(Math.floor(t / HOUR_MS)) ?? formattedOffset(t);

/** The bakery's wall clock at an instant. */
function zonedParts(instant: Date): ZonedParts {
  const wall = new Date(instant.getTime() + zoneOffset(instant.getTime()));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The bakery's calendar date at an instant (now by default). */
export function bakeryToday(now: Date = new Date()): string {
  const p = zonedParts(now);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function addDays(date: string, n: number): string {
  return fromDayNumber(dayNumber(date) + n);
}

/** Calendar days from `today` to `date` in the bakery's zone (negative in the past). */
export function daysAway(date: string, today: string): number {
  return dayNumber(date) - dayNumber(today);
}

/** A pickup fewer than RUSH_THRESHOLD_DAYS (7) calendar days away carries the rush fee. */
export function isRushDate(date: string, today: string): boolean {
  return daysAway(date, today) < RUSH_THRESHOLD_DAYS;
}

export function earliestPickupDate(today: string): string {
  return addDays(today, MIN_LEAD_DAYS);
}

/** The order form's rule: at least MIN_LEAD_DAYS (3) days ahead. */
export function isPickupDateAllowed(date: string, today: string): boolean {
  return isDateString(date) && daysAway(date, today) >= MIN_LEAD_DAYS;
}

/** The calendar date of a `YYYY-MM-DD` or full ISO string (its first 10 characters). */
export function toBakeryDate(isoString: string): string {
  return isoString.slice(0, 10);
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Half-hour pickup slots while the shop is open: from opening time to half an
 * hour before closing (8:00 AM to 6:30 PM with the default hours; a shop open
 * 9 to 3 offers 9:00 AM to 2:30 PM). Without hours: every slot of the week
 * (PICKUP_SLOTS). The form offers them and the server accepts exactly them
 * (issue 11: one rule).
 */
export function pickupSlots(hours?: Pick<OpeningHours, 'opens' | 'closes'>): string[] {
  if (!hours) return [...PICKUP_SLOTS];
  const slots: string[] = [];
  for (let t = minutesOf(hours.opens); t + 30 <= minutesOf(hours.closes); t += 30) {
    slots.push(formatClock(`${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`));
  }
  return slots;
}

/** Every slot of any open day, earliest first. */
function weekSlots(s: ShopSettings): string[] {
  const minutes = new Set<number>();
  for (const day of WEEKDAYS) {
    const h = s.hours[day];
    if (!h.open) continue;
    for (let t = minutesOf(h.opens); t + 30 <= minutesOf(h.closes); t += 30) minutes.add(t);
  }
  return [...minutes]
    .sort((a, b) => a - b)
    .map((t) => formatClock(`${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`));
}

/** The pickup slots of any open day of the week (the union; a date has its own: pickupSlotsOn). */
export let PICKUP_SLOTS: readonly string[];

onShopSettings((s) => {
  MIN_LEAD_DAYS = s.leadTimeDays;
  RUSH_THRESHOLD_DAYS = s.rushThresholdDays;
  PICKUP_SLOTS = Object.freeze(weekSlots(s));
});

/** The pickup slots of a calendar day: none when the shop is closed that weekday (every slot before a date is chosen). */
export function pickupSlotsOn(date: string): string[] {
  if (!isDateString(date)) return [...PICKUP_SLOTS];
  const h = hoursOn(date, shopSettings());
  return h.open ? pickupSlots(h) : [];
}

/** The rush threshold in words: "1 week" for the spec's 7 days, else "5 days". */
export const rushThresholdWords = (): string =>
  RUSH_THRESHOLD_DAYS === 7
    ? '1 week'
    : `${RUSH_THRESHOLD_DAYS} day${RUSH_THRESHOLD_DAYS === 1 ? '' : 's'}`;

/** True when the shop opens on that day's weekday (closed dates are the kitchen's). */
export const isOpenWeekday = (date: string): boolean =>
  isDateString(date) && hoursOn(date, shopSettings()).open;

/** "Closed on Mondays" when the owner's hours close the shop on that date's weekday, else null. */
export function closedWeekdayReason(date: string): string | null {
  if (!isDateString(date) || hoursOn(date, shopSettings()).open) return null;
  return `Closed on ${weekdayName(weekdayOf(date))}s`;
}

/**
 * The weekdays the owner's hours close the shop, once as a rule (issue 37):
 * "Closed Sundays and Mondays", "Closed Tuesdays"; null when open every day.
 */
export function closedWeekdaysText(): string | null {
  const hours = shopSettings().hours;
  const names = WEEKDAYS.filter((day) => !hours[day].open).map((day) => `${weekdayName(day)}s`);
  if (names.length === 0) return null;
  if (names.length === 7) return 'Closed every day';
  const list =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `Closed ${list}`;
}

/** "We're closed on Mondays. Please choose another pickup date." for a closed weekday, else null. */
export function closedWeekdayMessage(date: string): string | null {
  if (!isDateString(date) || hoursOn(date, shopSettings()).open) return null;
  return `We're closed on ${weekdayName(weekdayOf(date))}s. Please choose another pickup date.`;
}

/**
 * Why a time cannot be picked up on a date (a closed weekday, a time outside
 * that day's hours), or null when it can.
 */
export function pickupTimeProblem(date: string, time: string): string | null {
  if (!isDateString(date)) return null;
  const day = weekdayName(weekdayOf(date));
  const h = hoursOn(date, shopSettings());
  if (!h.open) return closedWeekdayMessage(date);
  const slots = pickupSlots(h);
  if (slots.includes(time)) return null;
  return `On ${day}s we're open ${formatClock(h.opens)} to ${formatClock(h.closes)}: choose a pickup time from ${slots[0]} to ${slots.at(-1)}.`;
}

export const DEFAULT_PICKUP_TIME = '10:00 AM';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "November 22, 2026". A `YYYY-MM-DD` string is that calendar day; an instant
 * (ISO string or Date) is shown as the bakery's day at that instant.
 * Anything unreadable is returned as given.
 */
export function formatLongDate(dateOrIso: string | Date): string {
  let date: string;
  if (typeof dateOrIso === 'string' && isDateString(dateOrIso)) date = dateOrIso;
  else {
    const instant = dateOrIso instanceof Date ? dateOrIso : new Date(dateOrIso);
    if (Number.isNaN(instant.getTime())) return String(dateOrIso);
    date = bakeryToday(instant);
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday, December 5, 2026": a pickup day in words (issue 37); anything else as formatLongDate. */
export function formatDayInWords(date: string): string {
  if (!isDateString(date)) return formatLongDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${DAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${formatLongDate(date)}`;
}

/** "Sat, Nov 28": a day in words where room is short (a chart's axis); anything else as given. */
export function formatShortDay(date: string): string {
  if (!isDateString(date)) return date;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = DAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!.slice(0, 3);
  return `${weekday}, ${MONTHS[m - 1]!.slice(0, 3)} ${d}`;
}

/** The UTC instant at which a bakery calendar day begins (DST-correct). */
export function startOfBakeryDay(date: string): Date {
  const naive = dayNumber(date) * DAY_MS; // that wall-clock midnight, read as UTC
  // New York's offset (wall clock minus UTC) at `naive`, which is 7 or 8 PM the
  // evening before there. Clocks change at 2 AM, never between that evening
  // and midnight, so it is also the offset at the day's start.
  return new Date(naive - zoneOffset(naive));
}

/** The UTC instants bounding bakery days `fromDate`..`toDate` inclusive: [start, end). */
export function dateRangeToUtc(fromDate: string, toDate: string): { start: Date; end: Date } {
  return { start: startOfBakeryDay(fromDate), end: startOfBakeryDay(addDays(toDate, 1)) };
}
