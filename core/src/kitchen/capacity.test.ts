import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPACITY,
  capacityCheck,
  cakesLeftNotice,
  closedDateMessage,
  dateProblemForCart,
  dayAvailability,
  effectiveLimits,
  unitsByCategory,
  unitsPerItem,
} from './capacity';

const date = '2026-12-24';

describe('how a line counts', () => {
  it.each([
    ['chocolate-chip-cookies', '12-count', 12],
    ['chocolate-chip-cookies', '24-count', 24],
    ['chocolate-chip-cookies', null, 6],
    ['vanilla-cupcakes', '6-count', 6],
    ['blueberry-muffins', null, 6],
    ['fudge-brownies', null, 6],
    ['chocolate-layer-cake', '10in', 1],
    ['heart-shaped-cake', null, 1],
    ['banana-bread', null, 1],
    ['maple-pecan-granola', null, 1],
    ['no-such-item', null, 0],
  ])('%s (%s) holds %i units', (productId, variantId, units) => {
    expect(unitsPerItem(productId, variantId)).toBe(units);
  });

  it('sums quantity x units per category, reading stored `variant` too', () => {
    const units = unitsByCategory([
      { productId: 'chocolate-chip-cookies', quantity: 2, variant: '12-count' },
      { productId: 'snickerdoodles', quantity: 1, variantId: '6-count' },
      { productId: 'lemon-cake', quantity: 2, variantId: '8in' },
      { productId: 'heart-shaped-cake', quantity: 1 },
      { productId: 'gone-from-menu', quantity: 5 },
    ]);
    expect(units.cookies).toBe(30);
    expect(units.cakes).toBe(3);
    expect(units.breads).toBe(0);
  });
});

describe('capacityCheck', () => {
  const limits = { ...DEFAULT_CAPACITY, cakes: 4 };

  it('lets an order through while the category has room', () => {
    const existing = [{ productId: 'lemon-cake', quantity: 2, variant: '6in' }];
    expect(
      capacityCheck(
        existing,
        [{ productId: 'carrot-cake', quantity: 2, variantId: '8in' }],
        limits,
        date,
      ),
    ).toEqual({ ok: true });
  });

  it('refuses naming the category, how many are left and the date', () => {
    const existing = [{ productId: 'lemon-cake', quantity: 3, variant: '6in' }];
    const result = capacityCheck(
      existing,
      [{ productId: 'carrot-cake', quantity: 2, variantId: '8in' }],
      limits,
      date,
    );
    expect(result).toEqual({
      ok: false,
      category: 'cakes',
      remaining: 1,
      message:
        'We can take only 1 more cake for December 24, 2026. Please choose another date or fewer cakes.',
    });
  });

  it('says fully booked when nothing is left, in plural for counted items', () => {
    const existing = [{ productId: 'sugar-cookies', quantity: 5, variant: '24-count' }];
    const result = capacityCheck(
      existing,
      [{ productId: 'snickerdoodles', quantity: 1, variantId: '6-count' }],
      limits,
      date,
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toBe(
        'We are fully booked for cookies on December 24, 2026. Please choose another date.',
      );
    const booked = [
      { productId: 'sugar-cookies', quantity: 4, variant: '24-count' },
      { productId: 'sugar-cookies', quantity: 1, variant: '12-count' },
    ];
    const some = capacityCheck(
      booked,
      [{ productId: 'sugar-cookies', quantity: 1, variantId: '24-count' }],
      limits,
      date,
    );
    if (!some.ok)
      expect(some.message).toBe(
        'We can take only 12 more cookies for December 24, 2026. Please choose another date or fewer cookies.',
      );
    expect(some.ok).toBe(false);
  });

  it('a limit of 0 takes nothing of that category and leaves others alone', () => {
    const closedToCakes = { ...limits, cakes: 0 };
    expect(
      capacityCheck([], [{ productId: 'lemon-cake', quantity: 1 }], closedToCakes, date).ok,
    ).toBe(false);
    expect(
      capacityCheck([], [{ productId: 'banana-bread', quantity: 3 }], closedToCakes, date).ok,
    ).toBe(true);
  });
});

describe('limits and availability', () => {
  it('stored limits override the defaults; unknown categories are ignored', () => {
    const limits = effectiveLimits([
      { category: 'cakes', maxUnits: 2 },
      { category: 'pies', maxUnits: 9 },
    ]);
    expect(limits.cakes).toBe(2);
    expect(limits.cookies).toBe(DEFAULT_CAPACITY.cookies);
    expect(Object.keys(limits)).not.toContain('pies');
  });

  it('a day lists its full categories and says when few cakes are left', () => {
    const used = unitsByCategory([
      { productId: 'lemon-cake', quantity: 3 },
      { productId: 'banana-bread', quantity: 30 },
    ]);
    const day = dayAvailability(date, used, DEFAULT_CAPACITY, null);
    expect(day.full).toEqual(['breads']);
    expect(day.cakesLeft).toBe(1);
    expect(day.notice).toBe('Only 1 cake left for this date');
    expect(dateProblemForCart(day, [{ productId: 'lemon-cake', quantity: 2 }])).toBe(
      'We can take only 1 more cake for December 24, 2026. Please choose another date or fewer cakes.',
    );
    expect(dateProblemForCart(day, [{ productId: 'lemon-cake', quantity: 1 }])).toBeNull();
    expect(cakesLeftNotice(3, 4)).toBeNull();
    expect(cakesLeftNotice(2, 4)).toBe('Only 2 cakes left for this date');
  });

  it('a closed date has nothing left and says why', () => {
    const day = dayAvailability('2026-12-25', unitsByCategory([]), DEFAULT_CAPACITY, {
      reason: 'Christmas',
    });
    expect(day.closed).toBe(true);
    expect(day.remaining.cookies).toBe(0);
    expect(dateProblemForCart(day, [])).toBe(
      'We are closed on December 25, 2026 (Christmas). Please choose another pickup date.',
    );
    expect(closedDateMessage('2026-12-25')).toBe(
      'We are closed on December 25, 2026. Please choose another pickup date.',
    );
  });
});
