import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, priceOrder, taxCents } from './money';
import { itemsInCategory } from '../catalogue/catalogue';
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
    const p = priceOrder([{ productId: cake.id, quantity: 1, variantId: '6in' }], { pickupDate: addDays(today, 10), hasWriting: true, hasBows: false }, today);
    expect(p).toMatchObject({ subtotalCents: 4500, cakeOptionsFeeCents: 500, rushFeeCents: 0, taxCents: 438, totalCents: 5438, hasCakeItems: true, isRushOrder: false });
  });
});
