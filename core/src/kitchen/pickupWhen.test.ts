import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, resetShopSettings, setShopSettings } from '../settings/settings';
import { closedWeekdaysText } from '../calendar/calendar';
import { availabilityNote, itemAvailability } from '../catalogue/availability';
import { dueLabel } from '../lifecycle/desk';
import { bookedDay } from './bookedDays';
import { dayAvailability, DEFAULT_CAPACITY, unitsByCategory } from './capacity';
import { dropUnitFigures } from './offer';
import { orderWindow, pickupTimeText, pickupWhenText, type WindowShape } from './pickupWhen';

// Saturday 5 December 2026: windows 8-10 and 10-12 for pickup, 2-4 for delivery.
const windows: WindowShape[] = [
  { weekday: 6, start: '10:00', end: '12:00', fulfillment: 'pickup' },
  { weekday: 6, start: '08:00', end: '10:00', fulfillment: 'pickup' },
  { weekday: 6, start: '14:00', end: '16:00', fulfillment: 'delivery' },
];
const saturday = { pickupDate: '2026-12-05', pickupTime: '8:00 AM', deliveryMethod: 'pickup' };

afterEach(() => resetShopSettings());

describe('pickup time in words (issue 37)', () => {
  it('says the window of an order booked in one', () => {
    expect(pickupTimeText(saturday, windows)).toBe('8:00 AM – 10:00 AM');
    expect(pickupWhenText(saturday, windows)).toBe('December 5, 2026, 8:00 AM – 10:00 AM');
    expect(dueLabel(saturday, windows)).toBe('Sat, Dec 5 · 8:00 AM – 10:00 AM');
    expect(pickupTimeText({ ...saturday, pickupTime: '10:30 AM' }, windows)).toBe(
      '10:00 AM – 12:00 PM',
    );
  });

  it('keeps the time of an order on a day without windows, or of the other fulfillment', () => {
    const friday = { ...saturday, pickupDate: '2026-12-04' };
    expect(orderWindow(friday, windows)).toBeNull();
    expect(pickupWhenText(friday, windows)).toBe('December 4, 2026 at 8:00 AM');
    expect(dueLabel(friday, windows)).toBe('Fri, Dec 4 · 8:00 AM');
    // A delivery at 8:00 AM on Saturday is in no delivery window: its time stands.
    expect(pickupTimeText({ ...saturday, deliveryMethod: 'delivery' }, windows)).toBe('8:00 AM');
    expect(
      pickupTimeText({ ...saturday, deliveryMethod: 'delivery', pickupTime: '2:00 PM' }, windows),
    ).toBe('2:00 PM – 4:00 PM');
    expect(pickupWhenText({ pickupDate: null, pickupTime: null }, windows)).toBe(
      'date to be confirmed at a time to be confirmed',
    );
    expect(dueLabel(saturday)).toBe('Sat, Dec 5 · 8:00 AM');
  });
});

describe('closed weekdays once as a rule, and the day a sold-out item is back (issue 37)', () => {
  const closeSundayMonday = () =>
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        sunday: { ...DEFAULT_SHOP_SETTINGS.hours.sunday, open: false },
        monday: { ...DEFAULT_SHOP_SETTINGS.hours.monday, open: false },
      },
    });

  it('names the closed weekdays', () => {
    expect(closedWeekdaysText()).toBeNull();
    closeSundayMonday();
    expect(closedWeekdaysText()).toBe('Closed Sundays and Mondays');
  });

  it('says when a sold-out loaf is back, skipping the closed weekdays', () => {
    const today = '2026-12-01';
    const loaf = { soldOutUntil: '2026-12-05' };
    expect(availabilityNote(itemAvailability(loaf, null, today))).toBe('Sold out · back on Dec 6');
    closeSundayMonday();
    expect(availabilityNote(itemAvailability(loaf, null, today))).toBe('Sold out · back on Dec 8');
    expect(availabilityNote(itemAvailability({ weekdays: [5] }, null, today))).toBe('Fridays only');
  });

  it('marks a closed weekday closed on the Capacity panel, not "0 / 30"', () => {
    closeSundayMonday();
    const none = unitsByCategory([]);
    const monday = bookedDay(
      dayAvailability('2026-12-07', none, DEFAULT_CAPACITY, null),
      none,
      DEFAULT_CAPACITY,
    );
    expect(monday).toMatchObject({ closed: true, closedReason: 'Closed on Mondays' });
    const tuesday = bookedDay(
      dayAvailability('2026-12-08', none, DEFAULT_CAPACITY, null),
      none,
      DEFAULT_CAPACITY,
    );
    expect(tuesday.closed).toBe(false);
  });
});

describe('drop figures (issue 37)', () => {
  it('reads the same on the Drops tab and the Capacity panel', () => {
    expect(
      dropUnitFigures({
        label: 'Cinnamon rolls (box of 6)',
        quantity: 34,
        left: 14,
        sold: 18,
        held: 2,
      }),
    ).toBe('Cinnamon rolls (box of 6): 18 / 34 sold, 14 left, 2 held');
    expect(dropUnitFigures({ label: 'Cornbread', quantity: 12, left: 12 })).toBe(
      'Cornbread: 0 / 12 sold, 12 left',
    );
  });
});
