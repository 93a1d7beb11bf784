import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, resetShopSettings, setShopSettings } from '../settings/settings';
import {
  dayWindows,
  windowForTime,
  windowFullMessage,
  windowInputProblem,
  WINDOW_MESSAGES,
  windowNeeds,
  windowOption,
  weekdayNumber,
  type PickupWindowDef,
} from './windows';
import {
  dropProblem,
  dropState,
  duplicateForNextWeek,
  fewLeftNotice,
  holdMinutesProblem,
  type DropDef,
} from './drops';
import { SEED_CATALOGUE, setCatalogue } from '../catalogue/catalogue';
import { cartDateProblem, cartDayProblem, dayOffer, firstWorkingDate } from './offer';
import { dayAvailability, DEFAULT_CAPACITY, unitsByCategory } from './capacity';

const saturday = '2026-11-28';
const w = (start: string, end: string, limits: PickupWindowDef['limits']): PickupWindowDef => ({
  id: `w-${start}`,
  weekday: 6,
  start,
  end,
  fulfillment: 'pickup',
  limits,
});

describe('windows', () => {
  const windows = [w('08:00', '10:00', { cookies: 48 }), w('10:00', '12:00', { '*': 10 })];
  it('find the window of a pickup time and what a cart takes in it', () => {
    expect(weekdayNumber(saturday)).toBe(6);
    expect(windowForTime(windows, '9:30 AM')?.start).toBe('08:00');
    expect(windowForTime(windows, '10:00 AM')?.start).toBe('10:00');
    expect(windowForTime(windows, '12:00 PM')).toBeNull();
    const cart = [
      { productId: 'sugar-cookies', quantity: 2, variantId: '12-count' },
      { productId: 'cornbread', quantity: 1 },
    ];
    expect([...windowNeeds(cart, windows[0]!.limits)]).toEqual([['cookies', 24]]);
    expect([...windowNeeds(cart, windows[1]!.limits)]).toEqual([['*', 25]]);
  });
  it('say what is left, "Full", and half-hour slots on a day without windows', () => {
    const used = new Map([['w-08:00', { cookies: 45 }]]);
    const day = dayWindows(windows, saturday, 'pickup', used);
    expect(day[0]).toMatchObject({
      label: '8:00 AM – 10:00 AM',
      left: { cookies: 3 },
      full: false,
    });
    const cookies = [{ productId: 'sugar-cookies', quantity: 1, variantId: '6-count' }];
    expect(windowOption(day[0]!, cookies)).toEqual({
      label: '8:00 AM – 10:00 AM (Full)',
      left: 3,
      full: true,
    });
    expect(windowOption(day[0]!, []).label).toBe('8:00 AM – 10:00 AM (3 left)');
    expect(dayWindows(windows, '2026-11-27', 'pickup', new Map())[0]).toMatchObject({
      id: null,
      time: '8:00 AM',
    });
  });
  it('close the windows a drop in the cart is not picked up in', () => {
    const day = dayWindows(windows, saturday, 'pickup', new Map());
    const drops = [{ dropName: 'Noon bread', productIds: ['cornbread'], windowIds: ['w-10:00'] }];
    const bread = [{ productId: 'cornbread', quantity: 1 }];
    expect(windowOption(day[0]!, bread, drops)).toEqual({
      label: '8:00 AM – 10:00 AM (Not for the Noon bread drop)',
      left: 0,
      full: true,
    });
    expect(windowOption(day[1]!, bread, drops).full).toBe(false);
    // A cart without the drop's items may take any window.
    expect(windowOption(day[0]!, [{ productId: 'sugar-cookies', quantity: 1 }], drops).full).toBe(
      false,
    );
  });
  it('refusal messages and the owner input rules', () => {
    expect(windowFullMessage('cookies', 0, windows[0]!, saturday)).toBe(
      'The 8:00 AM – 10:00 AM window on November 28, 2026 is full for cookies. Please choose another window.',
    );
    expect(windowFullMessage('*', 3, windows[1]!, saturday)).toBe(
      'We can take only 3 more items in the 10:00 AM – 12:00 PM window on November 28, 2026. Please choose another window or fewer items.',
    );
    const base = {
      weekday: 6,
      start: '09:00',
      end: '11:00',
      fulfillment: 'pickup' as const,
      limits: {},
    };
    expect(windowInputProblem(base, windows)).toBe(
      'This window overlaps another window of the same day',
    );
    expect(windowInputProblem({ ...base, start: '12:15', end: '13:00' }, [])).toMatch(/half hour/);
    expect(windowInputProblem({ ...base, start: '12:00', end: '14:00' }, windows)).toBeNull();
  });

  it("checks a window against that weekday's hours in the owner's settings", () => {
    const sunday = {
      weekday: 0,
      start: '09:00',
      end: '11:00',
      fulfillment: 'pickup' as const,
      limits: {},
    };
    try {
      setShopSettings({
        hours: {
          ...DEFAULT_SHOP_SETTINGS.hours,
          sunday: { open: true, opens: '10:00', closes: '14:00' },
          monday: { open: false, opens: '08:00', closes: '19:00' },
        },
      });
      // 9:00 is before Sunday's opening; 10 to 12 fits.
      expect(windowInputProblem(sunday, [])).toBe(WINDOW_MESSAGES.time);
      expect(windowInputProblem({ ...sunday, start: '10:00', end: '12:00' }, [])).toBeNull();
      expect(windowInputProblem({ ...sunday, weekday: 1, start: '10:00', end: '12:00' }, [])).toBe(
        'The shop is closed on that day: open it in Settings first',
      );
    } finally {
      resetShopSettings();
    }
  });
});

const drop = (opensIn: number, closesIn: number): DropDef => ({
  id: 'd1',
  name: 'Pie Night',
  opensAt: new Date(Date.UTC(2026, 10, 20, 14) + opensIn),
  closesAt: new Date(Date.UTC(2026, 10, 20, 14) + closesIn),
  pickupDates: [saturday],
  windowIds: [],
  units: [
    {
      id: 'u1',
      label: 'Pies',
      productIds: ['banana-bread', 'zucchini-bread'],
      quantity: 12,
      sold: 10,
    },
  ],
});
const now = new Date(Date.UTC(2026, 10, 20, 14));

describe('drops', () => {
  it('are upcoming, open or closed, and refuse what does not fit, naming the item', () => {
    expect(dropState(drop(1, 2), now)).toBe('upcoming');
    expect(dropState(drop(0, 2), now)).toBe('open');
    expect(dropState(drop(-2, 0), now)).toBe('closed');
    const cart = [
      { productId: 'banana-bread', quantity: 2 },
      { productId: 'zucchini-bread', quantity: 1 },
    ];
    const left = (u: { quantity: number; sold: number }) => u.quantity - u.sold;
    expect(dropProblem(cart, [drop(0, 5)], saturday, now, left)).toEqual({
      code: 'drop_sold_out',
      message: 'Only 2 Banana Bread left in the Pie Night drop. Please order fewer.',
    });
    expect(dropProblem(cart, [drop(5, 9)], saturday, now, left)?.code).toBe('drop_not_open');
    expect(dropProblem(cart, [drop(-9, -5)], saturday, now, left)?.code).toBe('drop_closed');
    expect(dropProblem(cart, [drop(0, 5)], '2026-11-29', now, left)).toBeNull();
  });
  it('duplicate a week later with nothing sold; hold minutes 3 to 30; "Only 4 left for Saturday"', () => {
    const copy = duplicateForNextWeek(drop(0, 5));
    expect(copy.pickupDates).toEqual(['2026-12-05']);
    expect(copy.units[0]!.sold).toBe(0);
    expect(holdMinutesProblem(2)).toBe('Enter a whole number of minutes from 3 to 30');
    expect(holdMinutesProblem(10)).toBeNull();
    expect(fewLeftNotice(4, saturday)).toBe('Only 4 left for Saturday');
    expect(fewLeftNotice(13, saturday)).toBeNull();
  });
});

describe('the day offer and the cart', () => {
  it('says why a day cannot take the cart and finds the first that can', () => {
    const full = dayAvailability(
      saturday,
      { ...unitsByCategory([]), cookies: 120 },
      DEFAULT_CAPACITY,
      null,
    );
    const free = dayAvailability('2026-11-29', unitsByCategory([]), DEFAULT_CAPACITY, null);
    const days = [dayOffer(full, [], [], new Map(), now), dayOffer(free, [], [], new Map(), now)];
    const cart = [{ productId: 'sugar-cookies', quantity: 1, variantId: '12-count' }];
    expect(cartDayProblem(days[0]!, cart)).toBe('Cookies are full on Nov 28');
    expect(firstWorkingDate(days, cart, saturday)).toBe('2026-11-29');
    const withDrop = dayOffer(
      free,
      [],
      [{ ...drop(0, 5), pickupDates: ['2026-11-29'] }],
      new Map(),
      now,
    );
    expect(withDrop.itemsLeft['banana-bread']).toBe(2);
    expect(
      cartDayProblem(withDrop, [{ productId: 'banana-bread', quantity: 3 }], 'pickup', now),
    ).toBe('Only 2 Banana Bread left for Nov 29');
    expect(days[0]!.itemsLeft['sugar-cookies']).toBe(0);
  });
});

describe('closed weekdays and items not made that day (issue 22)', () => {
  it('greys a closed weekday and a day an item of the cart is not made, first', () => {
    const free = (date: string) =>
      dayOffer(
        dayAvailability(date, unitsByCategory([]), DEFAULT_CAPACITY, null),
        [],
        [],
        new Map(),
        now,
      );
    const monday = '2026-11-30';
    const days = [free(saturday), free('2026-11-29'), free(monday), free('2026-12-01')];
    const loaf = [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }];
    try {
      setShopSettings({
        hours: {
          ...DEFAULT_SHOP_SETTINGS.hours,
          monday: { open: false, opens: '08:00', closes: '19:00' },
        },
      });
      setCatalogue({
        ...SEED_CATALOGUE,
        items: SEED_CATALOGUE.items.map((item) =>
          item.id === 'lemon-poppy-seed-loaf'
            ? { ...item, soldOutDates: [saturday], weekdays: [1, 2, 6] }
            : item,
        ),
      });
      expect(cartDayProblem(days[2]!, [])).toBe('Closed on Mondays');
      expect(cartDateProblem(monday, loaf)).toBe('Closed on Mondays');
      expect(cartDayProblem(days[0]!, loaf)).toBe(
        'Lemon Poppy Seed Loaf is not available on Nov 28 (Sold out)',
      );
      expect(cartDayProblem(days[1]!, loaf)).toBe(
        'Lemon Poppy Seed Loaf is not available on Nov 29 (Mondays, Tuesdays and Saturdays only)',
      );
      expect(cartDayProblem(days[0]!, [])).toBeNull();
      expect(firstWorkingDate(days, loaf, saturday)).toBe('2026-12-01');
    } finally {
      resetShopSettings();
      setCatalogue(SEED_CATALOGUE);
    }
  });
});
