import { describe, expect, it } from 'vitest';
import { orderCalendarFile } from './ics';

const order = {
  id: 'a1b2c3d4-0000-4000-8000-123456abcdef',
  pickupDate: '2026-12-03',
  pickupTime: '10:00 AM',
  deliveryMethod: 'pickup',
};

describe('orderCalendarFile', () => {
  it('is one event at the pickup time (UTC), at the bakery, with CRLF lines', () => {
    const file = orderCalendarFile(order, {
      url: 'https://shop.example/my-orders',
      now: new Date('2026-11-25T12:00:00Z'),
    })!;
    const lines = file.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261203T150000Z');
    expect(lines).toContain('DTEND:20261203T153000Z');
    expect(lines).toContain('DTSTAMP:20261125T120000Z');
    expect(lines).toContain('SUMMARY:Pick up order #56ABCDEF at Sprinkles & Crumbs Bakery');
    expect(file).toContain('LOCATION:Sprinkles & Crumbs Bakery\\, 1418 Thomasville Road\\,');
    expect(lines).toContain('URL:https://shop.example/my-orders');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(lines.every((line) => unescape(encodeURIComponent(line)).length <= 75)).toBe(true);
    expect(lines).toContain(
      'UID:order-a1b2c3d4-0000-4000-8000-123456abcdef@www.sprinklesandcrumbs.com',
    );
  });

  it("spans the owner's window for an order booked in one (issue 37)", () => {
    // 2026-12-03 is a Thursday (weekday 4): a window 10:00–12:00 for pickups.
    const windows = [{ weekday: 4, start: '10:00', end: '12:00', fulfillment: 'pickup' as const }];
    const lines = orderCalendarFile(order, { windows })!.split('\r\n');
    expect(lines).toContain('DTSTART:20261203T150000Z');
    expect(lines).toContain('DTEND:20261203T170000Z');
    // Another weekday's window does not apply: 30 minutes.
    const other = orderCalendarFile(order, { windows: [{ ...windows[0]!, weekday: 5 }] })!;
    expect(other.split('\r\n')).toContain('DTEND:20261203T153000Z');
  });

  it('is null without a date', () => {
    expect(orderCalendarFile({ ...order, pickupDate: null })).toBeNull();
  });
});
