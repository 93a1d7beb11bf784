import { describe, expect, it } from 'vitest';
import {
  CAKE_BOWS_FEE_CENTS,
  CAKE_WRITING_FEE_CENTS,
  centsToDollars,
  dollarsToCents,
  formatCents,
  isWholeCents,
  priceOrder,
  RUSH_FEE_CENTS,
  TAX_RATE,
  taxCents,
} from './money';
import { itemsInCategory, PricingError } from '../catalogue/catalogue';
import { addDays } from '../calendar/calendar';

const today = '2026-11-22';

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [4550, '$45.50'],
    [123450, '$1,234.50'],
    [100000000, '$1,000,000.00'],
    [-500, '-$5.00'],
  ])('formatCents(%i) is %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it.each([
    [4550, 45.5],
    [1, 0.01],
    [0, 0],
  ])('centsToDollars(%i) is %d', (c, d) => expect(centsToDollars(c)).toBe(d));

  it.each([
    [45.5, 4550],
    ['45.50', 4550],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [-1.005, -101],
  ] as const)('dollarsToCents(%s) is %i', (d, c) => expect(dollarsToCents(d)).toBe(c));

  it('refuses what is not an amount', () => {
    expect(() => dollarsToCents('abc')).toThrow(RangeError);
    expect(() => dollarsToCents('')).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });

  it.each([
    [5000, 438], // 437.5 rounds up
    [4000, 350],
    [100, 9], // 8.75
    [1, 0], // 0.0875
    [6, 1], // 0.525
    [0, 0],
  ])('taxCents(%i) is %i (8.75%%, half-up)', (taxable, tax) => expect(taxCents(taxable)).toBe(tax));

  it('prices a 6-inch cake with writing 10 days away', () => {
    const cake = itemsInCategory('cakes')[0]!;
    const p = priceOrder(
      [{ productId: cake.id, quantity: 1, variantId: '6in' }],
      { pickupDate: addDays(today, 10), hasWriting: true, hasBows: false },
      today,
    );
    expect(p).toMatchObject({
      subtotalCents: 4500,
      cakeOptionsFeeCents: 500,
      rushFeeCents: 0,
      taxCents: 438,
      totalCents: 5438,
      hasCakeItems: true,
      isRushOrder: false,
    });
  });
});

describe('isWholeCents', () => {
  it('accepts dollars in whole cents, float error included', () => {
    for (const dollars of [0, 45, 45.5, 45.05, 0.1 + 0.2, 1.005 * 100, -3.25])
      expect(isWholeCents(dollars)).toBe(true);
  });
  it('refuses a fraction of a cent', () => {
    for (const dollars of [45.505, 0.001, -0.125]) expect(isWholeCents(dollars)).toBe(false);
  });
});

describe('priceOrder', () => {
  const bread = 'banana-bread'; // $20
  const cookies = 'chocolate-chip-cookies'; // 6/12/24: $15/$30/$55
  const cake = 'chocolate-layer-cake'; // 6in/8in/10in: $45/$60/$75
  const none = { hasWriting: false, hasBows: false };

  it('prices every line from the catalogue and totals them', () => {
    const p = priceOrder(
      [
        { productId: bread, quantity: 2, addIn: 'pecans' },
        { productId: cookies, quantity: 1, variantId: '24-count' },
        { productId: cake, quantity: 1, variantId: '10in', filling: 'fruit-preserves' },
      ],
      { pickupDate: addDays(today, 14), hasWriting: true, hasBows: true },
      today,
    );
    expect(p.lines).toEqual([
      {
        productId: bread,
        quantity: 2,
        addIn: 'pecans',
        name: 'Banana Bread',
        unitPriceCents: 2000,
        lineTotalCents: 4000,
      },
      {
        productId: cookies,
        quantity: 1,
        variantId: '24-count',
        variantLabel: '24 count',
        name: 'Chocolate Chip Cookies',
        unitPriceCents: 5500,
        lineTotalCents: 5500,
      },
      {
        productId: cake,
        quantity: 1,
        variantId: '10in',
        variantLabel: '10 inch',
        filling: 'fruit-preserves',
        name: 'Chocolate Layer Cake',
        unitPriceCents: 7500,
        lineTotalCents: 7500,
      },
    ]);
    // 170.00 + 10.00 cake options = 180.00; tax 15.75
    expect(p).toMatchObject({
      subtotalCents: 17000,
      cakeOptionsFeeCents: 1000,
      rushFeeCents: 0,
      taxCents: 1575,
      deliveryFeeCents: 0,
      totalCents: 19575,
      isRushOrder: false,
      hasCakeItems: true,
    });
  });

  it('fills in the default variant (6-count, 6in) when none is chosen', () => {
    const p = priceOrder(
      [
        { productId: cookies, quantity: 1 },
        { productId: cake, quantity: 1 },
      ],
      { pickupDate: null, ...none },
      today,
    );
    expect(p.lines.map((l) => [l.variantId, l.unitPriceCents])).toEqual([
      ['6-count', 1500],
      ['6in', 4500],
    ]);
  });

  it.each([
    [6, true, 1000],
    [7, false, 0],
    [3, true, 1000],
    [0, true, 1000],
    [30, false, 0],
  ])('a pickup %i days away: rush %s, fee %i cents, and the fee is taxed', (days, rush, fee) => {
    const p = priceOrder(
      [{ productId: bread, quantity: 2 }],
      { pickupDate: addDays(today, days), ...none },
      today,
    );
    expect(p.isRushOrder).toBe(rush);
    expect(p.rushFeeCents).toBe(fee);
    expect(p.taxCents).toBe(taxCents(4000 + fee));
    expect(p.totalCents).toBe(4000 + fee + taxCents(4000 + fee));
  });

  it('$40 of bread 4 days away costs $54.38 with the rush fee', () => {
    const p = priceOrder(
      [{ productId: bread, quantity: 2 }],
      { pickupDate: addDays(today, 4), ...none },
      today,
    );
    expect(formatCents(p.totalCents)).toBe('$54.38');
  });

  it('reads the rush across a daylight-saving change by calendar days', () => {
    const lines = [{ productId: bread, quantity: 1 }];
    expect(
      priceOrder(lines, { pickupDate: '2026-03-11', ...none }, '2026-03-05').rushFeeCents,
    ).toBe(1000);
    expect(
      priceOrder(lines, { pickupDate: '2026-03-12', ...none }, '2026-03-05').rushFeeCents,
    ).toBe(0);
    expect(
      priceOrder(lines, { pickupDate: '2026-11-05T00:00:00.000Z', ...none }, '2026-10-29')
        .rushFeeCents,
    ).toBe(0);
  });

  it('no pickup date yet, or an empty cart, means no rush fee', () => {
    expect(
      priceOrder([{ productId: bread, quantity: 1 }], { pickupDate: null, ...none }, today)
        .rushFeeCents,
    ).toBe(0);
    const empty = priceOrder(
      [],
      { pickupDate: addDays(today, 3), hasWriting: true, hasBows: true },
      today,
    );
    expect(empty).toMatchObject({
      subtotalCents: 0,
      rushFeeCents: 0,
      cakeOptionsFeeCents: 0,
      taxCents: 0,
      totalCents: 0,
      isRushOrder: false,
      hasCakeItems: false,
    });
  });

  it.each([
    [true, false, 500],
    [false, true, 500],
    [true, true, 1000],
    [false, false, 0],
  ])('cake options: writing %s, bows %s cost %i cents with a cake', (hasWriting, hasBows, fee) => {
    const p = priceOrder(
      [{ productId: cake, quantity: 1 }],
      { pickupDate: addDays(today, 10), hasWriting, hasBows },
      today,
    );
    expect(p.cakeOptionsFeeCents).toBe(fee);
    expect(p.taxCents).toBe(taxCents(4500 + fee));
  });

  it('charges nothing for writing or bows without a cake', () => {
    const p = priceOrder(
      [{ productId: 'vanilla-cupcakes', quantity: 1 }],
      { pickupDate: addDays(today, 10), hasWriting: true, hasBows: true },
      today,
    );
    expect(p.hasCakeItems).toBe(false);
    expect(p.cakeOptionsFeeCents).toBe(0);
    expect(p.totalCents).toBe(2500 + 219);
  });

  it('the heart-shaped cake counts as a cake', () => {
    const p = priceOrder(
      [{ productId: 'heart-shaped-cake', quantity: 1 }],
      { pickupDate: addDays(today, 10), hasWriting: true, hasBows: false },
      today,
    );
    expect(p).toMatchObject({
      subtotalCents: 6000,
      cakeOptionsFeeCents: 500,
      hasCakeItems: true,
      taxCents: 569,
    });
  });

  it('adds the delivery fee after tax, untaxed', () => {
    const p = priceOrder(
      [{ productId: bread, quantity: 1 }],
      { pickupDate: addDays(today, 10), ...none, deliveryFeeCents: 750 },
      today,
    );
    expect(p).toMatchObject({
      subtotalCents: 2000,
      taxCents: 175,
      deliveryFeeCents: 750,
      totalCents: 2925,
    });
  });

  it('refuses an unknown product, a foreign variant or a bad quantity', () => {
    const opts = { pickupDate: null, ...none };
    expect(() => priceOrder([{ productId: 'mystery-loaf', quantity: 1 }], opts, today)).toThrow(
      PricingError,
    );
    expect(() =>
      priceOrder([{ productId: cookies, quantity: 1, variantId: '8in' }], opts, today),
    ).toThrow(PricingError);
    expect(() => priceOrder([{ productId: bread, quantity: 0 }], opts, today)).toThrow(
      'Quantity must be a whole number of at least 1',
    );
    expect(() => priceOrder([{ productId: bread, quantity: 1.5 }], opts, today)).toThrow(
      PricingError,
    );
  });

  it('keeps large orders exact to the cent', () => {
    const p = priceOrder(
      [{ productId: cookies, quantity: 24, variantId: '24-count' }],
      { pickupDate: addDays(today, 8), ...none },
      today,
    );
    expect(p.subtotalCents).toBe(132000);
    expect(p.taxCents).toBe(11550);
    expect(formatCents(p.totalCents)).toBe('$1,435.50');
  });
});

describe('constants', () => {
  it('match spec section 9', () => {
    expect(TAX_RATE).toBe(0.0875);
    expect(RUSH_FEE_CENTS).toBe(1000);
    expect(CAKE_WRITING_FEE_CENTS).toBe(500);
    expect(CAKE_BOWS_FEE_CENTS).toBe(500);
  });

  it('taxCents refuses fractions of a cent and negatives', () => {
    expect(() => taxCents(10.5)).toThrow(RangeError);
    expect(() => taxCents(-1)).toThrow(RangeError);
  });
});

describe('formatDollars', () => {
  it('formats wire dollars and marks a missing amount', async () => {
    const { formatDollars } = await import('./money');
    expect(formatDollars(45.5)).toBe('$45.50');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(null)).toBe('—');
    expect(formatDollars(undefined, 'n/a')).toBe('n/a');
  });
});
