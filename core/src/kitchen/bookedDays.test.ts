import { describe, expect, it } from 'vitest';
import { bookedDay, bookedText } from './bookedDays';
import { DEFAULT_CAPACITY, dayAvailability, unitsByCategory } from './capacity';

const limits = { ...DEFAULT_CAPACITY, cakes: 4 };
const booked = unitsByCategory([
  { productId: 'lemon-cake', quantity: 4, variant: '6in' },
  { productId: 'sugar-cookies', quantity: 2, variant: '12-count' },
]);

describe('bookedDay', () => {
  it('puts booked units beside the limit and flags the full categories', () => {
    const day = bookedDay(dayAvailability('2026-12-10', booked, limits, null), booked, limits);
    const cakes = day.categories.find((c) => c.category === 'cakes')!;
    const cookies = day.categories.find((c) => c.category === 'cookies')!;
    expect([bookedText(cakes), cakes.full, cakes.over]).toEqual(['4 / 4', true, false]);
    expect([bookedText(cookies), cookies.full]).toEqual(['24 / 120', false]);
  });

  it('keeps a closed day booked units, every category full', () => {
    const closed = { reason: 'Christmas' };
    const day = bookedDay(dayAvailability('2026-12-25', booked, limits, closed), booked, limits);
    expect(day).toMatchObject({ closed: true, closedReason: 'Christmas' });
    expect(day.categories.every((c) => c.full)).toBe(true);
    expect(day.categories.find((c) => c.category === 'cookies')?.booked).toBe(24);
  });

  it('says when more is booked than a lowered limit', () => {
    const lowered = { ...limits, cakes: 2 };
    const day = bookedDay(dayAvailability('2026-12-10', booked, lowered, null), booked, lowered);
    expect(day.categories.find((c) => c.category === 'cakes')).toMatchObject({
      booked: 4,
      limit: 2,
      full: true,
      over: true,
    });
  });
});
