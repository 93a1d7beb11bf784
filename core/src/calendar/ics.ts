// An order's pickup or delivery as a calendar event (RFC 5545), for the
// "Add to calendar" link of the order mail (issue 24). The times are UTC
// instants (the pickup in the bakery's zone), so every calendar shows them
// in its own zone correctly.
import { BAKERY_INFO, bakeryAddressLine, formatClock } from '../bakery/bakery';
import { orderNumber } from '../ids/ids';
import { pickupInstant } from '../lifecycle/selfService';
import { orderWindow, type WindowShape } from '../kitchen/pickupWhen';

/** How long the event lasts (the pickup slot). */
export const CALENDAR_EVENT_MINUTES = 30;

export interface CalendarOrder {
  id: string;
  pickupDate: string | null;
  pickupTime: string | null;
  deliveryMethod: string;
  deliveryAddress?: string | null;
  deliveryCity?: string | null;
  deliveryState?: string | null;
  deliveryZip?: string | null;
}

/** 20261203T150000Z */
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon, comma and new lines escaped. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** UTF-8 octets of one character (a code point). */
const octets = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/** Content lines longer than 75 octets folded (a space starts each continuation). */
function fold(line: string): string {
  if ([...line].reduce((sum, char) => sum + octets(char), 0) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = octets(char);
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The .ics file of the order's pickup (or delivery), or null when it has no
 * date yet. An order booked in one of the owner's `windows` spans the window
 * (issue 37); any other lasts CALENDAR_EVENT_MINUTES from its time.
 */
export function orderCalendarFile(
  order: CalendarOrder,
  options: { url?: string; now?: Date; windows?: readonly WindowShape[] } = {},
): string | null {
  const date = order.pickupDate?.slice(0, 10);
  if (!date) return null;
  const start = pickupInstant(date, order.pickupTime);
  const window = orderWindow({ ...order, pickupDate: date }, options.windows ?? []);
  const end = window
    ? pickupInstant(date, formatClock(window.end))
    : new Date(start.getTime() + CALENDAR_EVENT_MINUTES * 60_000);
  const number = orderNumber(order.id);
  const delivery = order.deliveryMethod === 'delivery';
  const location = delivery
    ? [
        order.deliveryAddress,
        order.deliveryCity,
        [order.deliveryState, order.deliveryZip].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : `${BAKERY_INFO.name}, ${bakeryAddressLine()}`;
  const summary = delivery
    ? `${BAKERY_INFO.name}: delivery of order #${number}`
    : `Pick up order #${number} at ${BAKERY_INFO.name}`;
  const description = [
    `Order #${number}.`,
    options.url ? `Your order: ${options.url}` : null,
    `Questions? Call us at ${BAKERY_INFO.phone}.`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(BAKERY_INFO.name)}//Orders//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:order-${order.id}@${BAKERY_INFO.website.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`,
    `DTSTAMP:${stamp(options.now ?? new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(summary)}`,
    `LOCATION:${escapeText(location)}`,
    `DESCRIPTION:${escapeText(description)}`,
    options.url ? `URL:${options.url}` : null,
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter((line): line is string => line !== null);
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
