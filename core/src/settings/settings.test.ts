import { afterEach, describe, expect, it } from 'vitest';
import {
  BAKERY_INFO,
  CAKE_WRITING_FEE_CENTS,
  DEFAULT_SHOP_SETTINGS,
  isDeliveryZip,
  isRushDate,
  lockTime,
  MIN_LEAD_DAYS,
  openingHoursLines,
  ORDER_MESSAGES,
  PICKUP_SLOTS,
  pickupSlotsOn,
  pickupTimeProblem,
  priceOrder,
  resetShopSettings,
  RUSH_FEE_CENTS,
  setShopSettings,
  ShopSettingsSchema,
  TAX_RATE,
  taxCents,
} from '../index';

afterEach(() => {
  resetShopSettings();
});

const sundayNineToThree = {
  ...DEFAULT_SHOP_SETTINGS,
  hours: {
    ...DEFAULT_SHOP_SETTINGS.hours,
    sunday: { open: true, opens: '09:00', closes: '15:00' },
  },
};

describe("the shop's settings (issue 22 part 4)", () => {
  it('default to the spec: 8.75% tax, $10 rush under 7 days, 3 days lead, 8 AM to 6:30 PM slots', () => {
    expect(TAX_RATE).toBe(0.0875);
    expect(RUSH_FEE_CENTS).toBe(1000);
    expect(MIN_LEAD_DAYS).toBe(3);
    expect(PICKUP_SLOTS[0]).toBe('8:00 AM');
    expect(PICKUP_SLOTS.at(-1)).toBe('6:30 PM');
    expect(openingHoursLines()).toEqual(['Monday to Sunday: 8:00 AM to 7:00 PM']);
    expect(ShopSettingsSchema.parse(DEFAULT_SHOP_SETTINGS)).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it("make core's readers follow: fees, tax, lead time, name", () => {
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      name: 'Crumbs & Co',
      rushFeeCents: 1500,
      taxRatePercent: 7,
      leadTimeDays: 2,
      rushThresholdDays: 5,
      cakeWritingFeeCents: 700,
    });
    expect(BAKERY_INFO.name).toBe('Crumbs & Co');
    expect(RUSH_FEE_CENTS).toBe(1500);
    expect(CAKE_WRITING_FEE_CENTS).toBe(700);
    expect(taxCents(10_000)).toBe(700);
    expect(isRushDate('2026-12-05', '2026-12-01')).toBe(true);
    expect(isRushDate('2026-12-06', '2026-12-01')).toBe(false);
    expect(ORDER_MESSAGES.pickupDateLead).toBe('Pickup date must be at least 2 days in advance');
    const p = priceOrder(
      [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      { pickupDate: '2026-12-03', hasWriting: false, hasBows: false },
      '2026-12-01',
    );
    expect(p.rushFeeCents).toBe(1500);
    expect(p.taxCents).toBe(taxCents(p.subtotalCents + 1500));
  });

  it('derive the pickup slots of a day from its hours: open 9 to 3 on Sunday offers 9:00 AM to 2:30 PM', () => {
    setShopSettings(sundayNineToThree);
    const sunday = '2026-12-06';
    expect(pickupSlotsOn(sunday)[0]).toBe('9:00 AM');
    expect(pickupSlotsOn(sunday).at(-1)).toBe('2:30 PM');
    expect(pickupSlotsOn('2026-12-07').at(-1)).toBe('6:30 PM');
    expect(pickupTimeProblem(sunday, '3:00 PM')).toBe(
      "On Sundays we're open 9:00 AM to 3:00 PM: choose a pickup time from 9:00 AM to 2:30 PM.",
    );
    expect(pickupTimeProblem(sunday, '2:30 PM')).toBeNull();
    expect(openingHoursLines()).toEqual([
      'Monday to Saturday: 8:00 AM to 7:00 PM',
      'Sunday: 9:00 AM to 3:00 PM',
    ]);
  });

  it('close a weekday', () => {
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        monday: { open: false, opens: '08:00', closes: '19:00' },
      },
    });
    expect(pickupSlotsOn('2026-12-07')).toEqual([]);
    expect(pickupTimeProblem('2026-12-07', '10:00 AM')).toBe(
      "We're closed on Mondays. Please choose another pickup date.",
    );
    expect(openingHoursLines()[0]).toBe('Monday: Closed');
  });

  it('keep the delivery area and the lock hours', () => {
    expect(isDeliveryZip('32303')).toBe(true);
    expect(isDeliveryZip('90210')).toBe(false);
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      deliveryZips: ['90210'],
      selfServiceLockHours: 24,
    });
    expect(isDeliveryZip('90210')).toBe(true);
    expect(isDeliveryZip('32303')).toBe(false);
    const order = { pickupDate: '2026-12-10', pickupTime: '10:00 AM' };
    expect(lockTime(order)!.toISOString()).toBe('2026-12-09T15:00:00.000Z');
    expect(lockTime(order, 48)!.toISOString()).toBe('2026-12-08T15:00:00.000Z');
  });

  it('refuse bad values with the field and a clear message', () => {
    const bad = ShopSettingsSchema.safeParse({
      ...DEFAULT_SHOP_SETTINGS,
      taxRatePercent: -1,
      rushFeeCents: 10.5,
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        sunday: { open: true, opens: '15:00', closes: '09:00' },
      },
      quickSalesUseCapacity: 'yes',
    });
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['taxRatePercent', 'Tax rate cannot be negative'],
        ['rushFeeCents', 'Rush fee must be a whole number of cents'],
        ['hours.sunday.closes', 'Closing time must be at least 30 minutes after opening time'],
        ['quickSalesUseCapacity', 'Say whether quick sales take units from the day’s capacity'],
      ]),
    );
  });

  it('fill an older stored document from the defaults', () => {
    const s = setShopSettings({ name: 'Only a name' });
    expect(s.name).toBe('Only a name');
    expect(s.selfServiceLockHours).toBe(48);
    // Quick sales stay outside the day's capacity until the owner says otherwise.
    expect(s.quickSalesUseCapacity).toBe(false);
  });
});
