// Issue 41: a standing order's dates, pause and first date from a past order.
import { describe, expect, it } from 'vitest';
import {
  isOccurrenceDate,
  isPausedOn,
  occurrenceDates,
  standingCadenceWords,
  standingFirstDate,
  StandingOrderSchema,
  standingStatus,
  standingLinesOn,
} from './standing';
import { getMenuItem } from '../catalogue/catalogue';

const every2 = {
  everyWeeks: 2,
  firstDate: '2026-12-05',
  endDate: '2027-01-16',
  paused: false,
  pausedUntil: null,
};

describe('standing order dates', () => {
  it('steps by the cadence from the first date and stops at the end date', () => {
    expect(occurrenceDates(every2, '2026-12-01', '2027-03-01')).toEqual([
      '2026-12-05',
      '2026-12-19',
      '2027-01-02',
      '2027-01-16',
    ]);
    // From a day between two dates: the next on the cadence.
    expect(occurrenceDates(every2, '2026-12-06', '2026-12-31')).toEqual(['2026-12-19']);
    expect(isOccurrenceDate(every2, '2026-12-19')).toBe(true);
    expect(isOccurrenceDate(every2, '2026-12-12')).toBe(false);
    expect(isOccurrenceDate(every2, '2027-01-30')).toBe(false);
  });

  it('pauses until a date (that date is booked again) or open-ended', () => {
    const paused = { ...every2, paused: true, pausedUntil: '2027-01-02' };
    expect(isPausedOn(paused, '2026-12-19')).toBe(true);
    expect(isPausedOn(paused, '2027-01-02')).toBe(false);
    expect(isPausedOn({ ...paused, pausedUntil: null }, '2027-06-01')).toBe(true);
    expect(standingStatus(paused, '2026-12-10')).toBe('paused');
    expect(standingStatus(paused, '2027-01-02')).toBe('active');
    expect(standingStatus(every2, '2027-01-17')).toBe('ended');
  });

  it('starts "Order this every week" on the order’s weekday at least 3 days ahead', () => {
    expect(standingFirstDate('2026-11-21', '2026-11-29')).toBe('2026-12-05');
    expect(standingFirstDate('2026-11-21', '2026-11-18')).toBe('2026-11-21');
    expect(standingFirstDate('2026-11-28', '2026-11-29')).toBe('2026-12-05');
  });

  it('refuses a cadence outside 1 to 4 weeks and an end before the start', () => {
    const base = {
      items: [{ productId: 'x', quantity: 1 }],
      firstDate: '2026-12-05',
      pickupTime: '10:00 AM',
    };
    for (const everyWeeks of [0, 5, 9])
      expect(StandingOrderSchema.safeParse({ ...base, everyWeeks }).error?.issues[0]?.path).toEqual(
        ['everyWeeks'],
      );
    const early = StandingOrderSchema.safeParse({ ...base, everyWeeks: 1, endDate: '2026-12-01' });
    expect(early.error?.issues.map((i) => i.path[0])).toContain('endDate');
    expect(StandingOrderSchema.safeParse({ ...base, everyWeeks: 4 }).success).toBe(true);
  });
});

describe('a standing order in words', () => {
  it('names the weekday, the cadence and the time', () => {
    const base = { firstDate: '2026-12-05', pickupTime: '10:00 AM' };
    expect(standingCadenceWords({ ...base, everyWeeks: 1 })).toBe('Every Saturday at 10:00 AM');
    expect(standingCadenceWords({ ...base, everyWeeks: 2 })).toBe(
      'Every 2 weeks on Saturday at 10:00 AM',
    );
    expect(standingCadenceWords({ ...base, everyWeeks: 1, pickupTime: null })).toBe(
      'Every Saturday',
    );
  });
});

describe('standingLinesOn (issue 41: an item off the menu)', () => {
  const line = (productId: string, quantity = 2) => ({
    productId,
    quantity,
    variant: null,
    filling: null,
    addIn: null,
  });

  it('keeps the lines the menu still offers', () => {
    const { lines, changes } = standingLinesOn([line('lemon-poppy-seed-loaf')], '2026-12-09');
    expect(lines).toEqual([line('lemon-poppy-seed-loaf')]);
    expect(changes).toEqual([]);
  });

  it('bakes the owner’s substitute instead of an item taken off the menu, and says so', () => {
    const { lines, changes } = standingLinesOn(
      [line('rye-sourdough-gone', 3), line('lemon-poppy-seed-loaf')],
      '2026-12-09',
      { 'rye-sourdough-gone': 'lemon-poppy-seed-loaf' },
    );
    expect(lines).toEqual([line('lemon-poppy-seed-loaf', 3), line('lemon-poppy-seed-loaf')]);
    expect(changes).toEqual([
      {
        productId: 'rye-sourdough-gone',
        substituteId: 'lemon-poppy-seed-loaf',
        words: `Rye sourdough gone is no longer on the menu: 3 × ${getMenuItem('lemon-poppy-seed-loaf')!.name} instead`,
      },
    ]);
  });

  it('leaves an item out when there is no substitute, or the substitute is not offered either', () => {
    const { lines, changes } = standingLinesOn([line('rye-sourdough-gone')], '2026-12-09', {
      'rye-sourdough-gone': 'also-gone',
    });
    expect(lines).toEqual([]);
    expect(changes.map((c) => c.words)).toEqual([
      'Rye sourdough gone is no longer on the menu: left out',
    ]);
  });
});
