import { describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  dateRangeToUtc,
  daysAway,
  DEFAULT_PICKUP_TIME,
  earliestPickupDate,
  formatLongDate,
  formatShortDay,
  isDateString,
  isPickupDateAllowed,
  isRushDate,
  PICKUP_SLOTS,
  pickupSlots,
  startOfBakeryDay,
  toBakeryDate,
} from './calendar';

describe("the bakery's today (America/New_York)", () => {
  it.each([
    ['2026-11-22T04:59:59Z', '2026-11-21'], // 11:59 PM EST
    ['2026-11-22T05:00:00Z', '2026-11-22'], // midnight EST
    ['2026-07-04T03:59:59Z', '2026-07-03'], // 11:59 PM EDT
    ['2026-07-04T04:00:00Z', '2026-07-04'], // midnight EDT
    ['2026-03-08T04:59:59Z', '2026-03-07'], // the night clocks spring forward
    ['2026-03-08T05:00:00Z', '2026-03-08'],
    ['2026-11-01T03:59:59Z', '2026-10-31'], // the night clocks fall back
    ['2026-11-01T04:00:00Z', '2026-11-01'],
    ['2027-01-01T04:30:00Z', '2026-12-31'], // New Year's Eve in Florida, already 2027 in UTC
  ])('at %s it is %s', (instant, date) => expect(bakeryToday(new Date(instant))).toBe(date));

  it('defaults to now', () => expect(isDateString(bakeryToday())).toBe(true));

  // The wall clock is read through a cached offset per UTC hour; Intl itself is the reference.
  it('agrees with Intl every 7 minutes over two years of clock changes', () => {
    const reference = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
    const wrong: string[] = [];
    const from = Date.UTC(2026, 0, 1);
    for (let t = from; t < from + 2 * 366 * 86_400_000; t += 7 * 60_000 + 13_000) {
      const expected = reference.format(new Date(t));
      if (bakeryToday(new Date(t)) !== expected) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-11-22', 3, '2026-11-25'],
    ['2026-11-29', 3, '2026-12-02'],
    ['2026-12-30', 3, '2027-01-02'],
    ['2028-02-28', 1, '2028-02-29'], // leap year
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-07', 1, '2026-03-08'], // across the spring-forward day
    ['2026-10-31', 2, '2026-11-02'], // across the fall-back day
    ['2026-11-22', -22, '2026-10-31'],
    ['2026-11-22', 0, '2026-11-22'],
  ])('addDays(%s, %i) is %s', (date, n, expected) => expect(addDays(date, n)).toBe(expected));

  it.each([
    ['2026-11-29', '2026-11-22', 7],
    ['2026-11-21', '2026-11-22', -1],
    ['2026-03-12', '2026-03-05', 7], // a 7-day span containing a 23-hour day
    ['2026-11-05', '2026-10-29', 7], // a 7-day span containing a 25-hour day
    ['2027-01-01', '2026-12-31', 1],
  ])('daysAway(%s from %s) is %i', (date, today, n) => expect(daysAway(date, today)).toBe(n));

  it('refuses what is not a calendar date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysAway('22/11/2026', '2026-11-22')).toThrow(RangeError);
    expect(isDateString('2026-13-01')).toBe(false);
    expect(isDateString('2026-11-22T10:00:00Z')).toBe(false);
    expect(isDateString(20261122)).toBe(false);
  });
});

describe('rush fee and lead time', () => {
  // Rush means fewer than 7 calendar days away; the order form needs 3.
  it.each([
    ['2026-11-22', '2026-11-28', true], // 6 days
    ['2026-11-22', '2026-11-29', false], // 7 days
    ['2026-03-05', '2026-03-11', true], // 6 days across spring-forward
    ['2026-03-05', '2026-03-12', false], // 7 days across spring-forward
    ['2026-10-29', '2026-11-04', true], // 6 days across fall-back
    ['2026-10-29', '2026-11-05', false], // 7 days across fall-back
    ['2026-12-28', '2027-01-03', true], // across the year
    ['2026-12-28', '2027-01-04', false],
  ])('today %s, pickup %s: rush %s', (today, date, rush) =>
    expect(isRushDate(date, today)).toBe(rush),
  );

  it.each([
    ['2026-11-22', '2026-11-24', false], // 2 days
    ['2026-11-22', '2026-11-25', true], // 3 days
    ['2026-03-06', '2026-03-08', false], // 2 days, the spring-forward day
    ['2026-03-06', '2026-03-09', true],
    ['2026-10-30', '2026-11-01', false],
    ['2026-10-30', '2026-11-02', true],
    ['2026-11-22', '2026-11-21', false],
    ['2026-11-22', 'not a date', false],
  ])('today %s, pickup %s allowed: %s', (today, date, ok) =>
    expect(isPickupDateAllowed(date, today)).toBe(ok),
  );

  it('the earliest pickup is 3 days after today', () => {
    expect(earliestPickupDate('2026-11-22')).toBe('2026-11-25');
    expect(earliestPickupDate('2026-12-30')).toBe('2027-01-02');
  });

  it('a late-evening order in New York counts from the New York date, not the UTC one', () => {
    // 10 PM on Nov 22 in New York is Nov 23 in UTC: pickup on the 29th is still 7 days away.
    const today = bakeryToday(new Date('2026-11-23T03:00:00Z'));
    expect(today).toBe('2026-11-22');
    expect(isRushDate('2026-11-29', today)).toBe(false);
    expect(isPickupDateAllowed('2026-11-25', today)).toBe(true);
  });
});

describe('pickup slots', () => {
  it('are every half hour while open (8:00 AM to 6:30 PM, the last half hour before 7:00 PM), 10:00 AM by default', () => {
    expect(PICKUP_SLOTS).toHaveLength(22);
    expect(PICKUP_SLOTS.slice(0, 3)).toEqual(['8:00 AM', '8:30 AM', '9:00 AM']);
    expect(PICKUP_SLOTS).toContain('11:30 AM');
    expect(PICKUP_SLOTS).toContain('12:00 PM');
    expect(PICKUP_SLOTS).toContain('12:30 PM');
    expect(PICKUP_SLOTS).toContain('1:00 PM');
    expect(PICKUP_SLOTS.at(-1)).toBe('6:30 PM');
    expect(PICKUP_SLOTS).not.toContain('7:00 PM');
    expect(DEFAULT_PICKUP_TIME).toBe('10:00 AM');
    expect(PICKUP_SLOTS).toContain(DEFAULT_PICKUP_TIME);
  });
});

describe('pickup slots from opening hours', () => {
  it('follow the hours given: 9:00 to 12:00 gives 9:00 AM to 11:30 AM', () => {
    expect(pickupSlots({ opens: '09:00', closes: '12:00' })).toEqual([
      '9:00 AM',
      '9:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
    ]);
    expect(pickupSlots({ opens: '12:00', closes: '13:00' })).toEqual(['12:00 PM', '12:30 PM']);
  });
});

describe('dates on screen', () => {
  it.each([
    ['2026-11-22', 'November 22, 2026'],
    ['2027-01-01', 'January 1, 2027'],
    ['2026-11-22T03:30:00.000Z', 'November 21, 2026'], // 10:30 PM the evening before in New York
    ['2026-11-22T15:00:00.000Z', 'November 22, 2026'],
    [new Date('2026-07-04T16:00:00Z'), 'July 4, 2026'],
    ['soon', 'soon'],
  ] as const)('formatLongDate(%s) is %s', (input, text) =>
    expect(formatLongDate(input)).toBe(text),
  );

  it('formatShortDay names the weekday and the month briefly (a chart axis)', () => {
    expect(formatShortDay('2026-11-28')).toBe('Sat, Nov 28');
    expect(formatShortDay('2027-01-04')).toBe('Mon, Jan 4');
    expect(formatShortDay('soon')).toBe('soon');
  });

  it('toBakeryDate keeps the calendar date of a date or ISO string', () => {
    expect(toBakeryDate('2026-12-01')).toBe('2026-12-01');
    expect(toBakeryDate('2026-12-01T00:00:00.000Z')).toBe('2026-12-01');
  });
});

describe('dateRangeToUtc: the UTC instants bounding bakery days', () => {
  const iso = (r: { start: Date; end: Date }) => [r.start.toISOString(), r.end.toISOString()];

  it.each([
    ['2026-11-22', '2026-11-22', '2026-11-22T05:00:00.000Z', '2026-11-23T05:00:00.000Z'], // EST
    ['2026-07-04', '2026-07-04', '2026-07-04T04:00:00.000Z', '2026-07-05T04:00:00.000Z'], // EDT
    ['2026-03-08', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'], // 23-hour day
    ['2026-11-01', '2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'], // 25-hour day
    ['2026-03-01', '2026-03-31', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z'],
    ['2026-12-31', '2026-12-31', '2026-12-31T05:00:00.000Z', '2027-01-01T05:00:00.000Z'],
  ])('%s to %s is [%s, %s)', (from, to, start, end) =>
    expect(iso(dateRangeToUtc(from, to))).toEqual([start, end]),
  );

  it('a day is 23 hours in March, 25 in November, 24 otherwise', () => {
    const hours = (d: string) => {
      const r = dateRangeToUtc(d, d);
      return (r.end.getTime() - r.start.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-06-15')).toBe(24);
  });

  it('every instant of the range is on a day of the range, and the end is the next day', () => {
    const { start, end } = dateRangeToUtc('2026-10-31', '2026-11-01');
    expect(bakeryToday(start)).toBe('2026-10-31');
    expect(bakeryToday(new Date(end.getTime() - 1))).toBe('2026-11-01');
    expect(bakeryToday(end)).toBe('2026-11-02');
    expect(startOfBakeryDay('2026-11-02').getTime()).toBe(end.getTime());
  });
});

describe('startOfBakeryDay over two whole years', () => {
  it('is local midnight of that day, every day, DST days included', () => {
    for (let date = '2026-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
      const start = startOfBakeryDay(date);
      expect(bakeryToday(start), date).toBe(date);
      expect(bakeryToday(new Date(start.getTime() - 1)), date).toBe(addDays(date, -1));
    }
  });
});
