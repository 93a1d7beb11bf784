import { describe, expect, it } from 'vitest';
import {
  pickupInstant,
  changeableUntil,
  clockMinutes,
  customerChangeCheck,
  formatLockTime,
  lockTime,
  lockedMessage,
  checkoutChangeNotice,
} from './selfService';
import { DEFAULT_SHOP_SETTINGS } from '../settings/settings';
import { ShopSettingsInputSchema, shortestNoticeHours } from '../settings/schema';

const order = (
  over: Partial<{ fulfillmentStatus: string; pickupDate: string; pickupTime: string }> = {},
) => ({
  fulfillmentStatus: 'received',
  pickupDate: '2026-12-03',
  pickupTime: '10:00 AM',
  ...over,
});

describe('self-service lock time', () => {
  it('reads pickup times', () => {
    expect(clockMinutes('10:00 AM')).toBe(600);
    expect(clockMinutes('12:30 PM')).toBe(750);
    expect(clockMinutes('12:00 AM')).toBe(0);
    expect(clockMinutes('6:30 PM')).toBe(1110);
    expect(clockMinutes('noon')).toBeNull();
  });

  it('places the pickup in New York time, also across a clock change', () => {
    expect(pickupInstant('2026-12-03', '10:00 AM').toISOString()).toBe('2026-12-03T15:00:00.000Z');
    expect(pickupInstant('2026-07-03', '10:00 AM').toISOString()).toBe('2026-07-03T14:00:00.000Z');
    // 2026-03-08: clocks go forward at 2 AM; 2026-11-01: back at 2 AM.
    expect(pickupInstant('2026-03-08', '10:00 AM').toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(pickupInstant('2026-11-01', '10:00 AM').toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('closes changes 48 hours before the pickup', () => {
    const lockAt = lockTime(order())!;
    expect(lockAt.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(formatLockTime(lockAt)).toBe('Tue, Dec 1 at 10:00 AM');
    const before = new Date(lockAt.getTime() - 60_000);
    const after = new Date(lockAt.getTime() + 60_000);
    expect(customerChangeCheck(order(), before).ok).toBe(true);
    const refused = customerChangeCheck(order(), after);
    expect(refused).toMatchObject({ ok: false, code: 'order_locked' });
    expect(!refused.ok && refused.message).toMatch(
      /^Changes closed on Tue, Dec 1 at 10:00 AM: call us at \(850\) 555-0142\.$/,
    );
    expect(changeableUntil(order(), before)).toBe('2026-12-01T15:00:00.000Z');
    expect(changeableUntil(order(), after)).toBeNull();
  });

  it('allows received, confirmed and baking orders only', () => {
    const early = new Date('2026-11-20T12:00:00Z');
    for (const state of ['received', 'confirmed', 'baking'])
      expect(customerChangeCheck(order({ fulfillmentStatus: state }), early).ok).toBe(true);
    for (const state of ['ready', 'out_for_delivery', 'picked_up', 'delivered', 'cancelled'])
      expect(customerChangeCheck(order({ fulfillmentStatus: state }), early)).toMatchObject({
        ok: false,
        code: 'invalid_state',
      });
  });
});

describe('never closed before it was placed (issue 38)', () => {
  const order = { pickupDate: '2026-12-01', pickupTime: '10:00 AM' };
  it('says an order placed after its lock time cannot be changed online, not when it "closed"', () => {
    const lockAt = lockTime(order, 72)!;
    const placed = '2026-11-28T22:24:00.000Z'; // Sat 5:24 PM in New York, after Sat 10:00 AM
    expect(lockedMessage(lockAt, placed)).toMatch(
      /^This order was placed less than \d+ hours before its pickup, so it cannot be changed online: call us at /,
    );
    expect(lockedMessage(lockAt, '2026-11-20T12:00:00.000Z')).toMatch(
      /^Changes closed on Sat, Nov 28 at 10:00 AM: call us at /,
    );
  });
  it('tells checkout until when the order can be changed online', () => {
    expect(
      checkoutChangeNotice('2026-12-01', '10:00 AM', new Date('2026-11-25T12:00:00Z'), 48),
    ).toBe('You can change or cancel this order online (My Orders) until Sun, Nov 29 at 10:00 AM.');
    expect(
      checkoutChangeNotice('2026-12-01', '10:00 AM', new Date('2026-11-30T12:00:00Z'), 48),
    ).toMatch(
      /^Changes online close 48 hours before pickup, so this order cannot be changed online once placed/,
    );
  });
  it('refuses a lock at least as long as the shortest notice the lead time allows', () => {
    const settings = { ...DEFAULT_SHOP_SETTINGS, leadTimeDays: 3, selfServiceLockHours: 72 };
    expect(shortestNoticeHours(settings)).toBe(56);
    expect(ShopSettingsInputSchema.safeParse(settings).success).toBe(false);
    expect(
      ShopSettingsInputSchema.safeParse({ ...settings, selfServiceLockHours: 55 }).success,
    ).toBe(true);
    expect(ShopSettingsInputSchema.safeParse(DEFAULT_SHOP_SETTINGS).success).toBe(true);
  });
});
