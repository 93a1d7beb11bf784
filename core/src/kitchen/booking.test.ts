import { describe, expect, it } from 'vitest';
import {
  BookingSettingsSchema,
  DEFAULT_BOOKING_HORIZON_DAYS,
  fairShareCheck,
  fairShareUnits,
  horizonProblem,
  lastBookableDate,
  productLimitProblem,
} from './booking';
import { DEFAULT_CAPACITY } from './capacity';

const date = '2026-12-24';
const cake = (quantity: number, variantId = '8in') => ({
  productId: 'chocolate-layer-cake',
  quantity,
  variantId,
});

describe('per-product maximum across lines', () => {
  it('refuses 4 cakes of one product split over two lines (maximum 3)', () => {
    expect(productLimitProblem([cake(2, '6in'), cake(2, '10in')])).toBe(
      'You can order at most 3 of Chocolate Layer Cake per order.',
    );
  });
  it('accepts the maximum, and the maximum of each of two products', () => {
    expect(productLimitProblem([cake(1, '6in'), cake(2, '10in')])).toBeNull();
    expect(
      productLimitProblem([cake(3), { productId: 'lemon-cake', quantity: 3, variantId: '8in' }]),
    ).toBeNull();
  });
  it('uses the default maximum of 10 where the catalogue sets none', () => {
    expect(productLimitProblem([{ productId: 'banana-bread', quantity: 10 }])).toBeNull();
    expect(productLimitProblem([{ productId: 'banana-bread', quantity: 11 }])).toMatch(
      /at most 10 of /,
    );
  });
});

describe('booking horizon', () => {
  const today = '2026-11-23';
  it('defaults to 90 days: the 90th day is bookable, the 91st and 9999-12-31 are not', () => {
    expect(DEFAULT_BOOKING_HORIZON_DAYS).toBe(90);
    expect(lastBookableDate(today, 90)).toBe('2027-02-21');
    expect(horizonProblem('2027-02-21', today)).toBeNull();
    expect(horizonProblem('2027-02-22', today)).toBe(
      'We take orders up to 90 days ahead. Please choose a pickup date on or before February 21, 2027.',
    );
    expect(horizonProblem('9999-12-31', today)).not.toBeNull();
  });
  it("follows the owner's setting", () => {
    expect(horizonProblem('2026-12-10', today, 14)).toMatch(/up to 14 days ahead/);
    expect(horizonProblem('2026-12-07', today, 14)).toBeNull();
  });
  it('the setting is a whole number of days from 7 to 730', () => {
    expect(BookingSettingsSchema.safeParse({ horizonDays: 90 }).success).toBe(true);
    for (const horizonDays of [6, 731, 30.5, 'soon'])
      expect(BookingSettingsSchema.safeParse({ horizonDays }).success).toBe(false);
  });
});

describe('fair share of a day', () => {
  it('is half the limit, at least 1 while the limit is above 0', () => {
    expect(fairShareUnits(4)).toBe(2);
    expect(fairShareUnits(5)).toBe(2);
    expect(fairShareUnits(1)).toBe(1);
    expect(fairShareUnits(0)).toBe(0);
  });
  it('lets an account hold 2 of 4 cakes unpaid, not 3', () => {
    expect(fairShareCheck([], [cake(2)], DEFAULT_CAPACITY, date)).toEqual({ ok: true });
    const third = fairShareCheck([cake(2)], [cake(1)], DEFAULT_CAPACITY, date);
    expect(third).toMatchObject({ ok: false, category: 'cakes', remaining: 0 });
    expect(third.ok || third.message).toBe(
      'One account can hold at most 2 unpaid cakes for December 24, 2026, and your unpaid orders already hold 2. Please pay for them first, order fewer cakes, or call us for a larger order.',
    );
    const big = fairShareCheck([], [cake(3)], DEFAULT_CAPACITY, date);
    expect(big.ok || big.message).toBe(
      'One account can hold at most 2 unpaid cakes for December 24, 2026. Please order fewer cakes, or call us for a larger order.',
    );
  });
  it('ignores categories the new order does not use', () => {
    const held = [cake(3)];
    expect(
      fairShareCheck(held, [{ productId: 'banana-bread', quantity: 2 }], DEFAULT_CAPACITY, date),
    ).toEqual({ ok: true });
  });
});
