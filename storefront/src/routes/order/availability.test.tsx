// Issue 22 on the order page: the date picker starts on the first day the
// whole cart can be made, and a day one item cannot be made is refused with
// the item and the day named (the server's 409 message).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  bakeryToday,
  DEFAULT_CAPACITY,
  DEFAULT_SHOP_SETTINGS,
  earliestPickupDate,
  formatLongDate,
  resetShopSettings,
  SEED_CATALOGUE,
  setCatalogue,
  setShopSettings,
  shortDate,
  weekdayNumber,
} from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import OrderPage from './OrderPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  setCatalogue(SEED_CATALOGUE);
  resetShopSettings();
});

const user = {
  id: 'u1',
  role: 'customer',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Baker',
  phone: '8505551234',
};

describe('order page dates (issue 22)', () => {
  it('offers only days on which everything in the cart can be made', async () => {
    const first = earliestPickupDate(bakeryToday());
    const soldOut = addDays(first, 1);
    const seasonStart = addDays(first, 5);
    setCatalogue({
      ...SEED_CATALOGUE,
      items: SEED_CATALOGUE.items.map((item) =>
        item.id === 'banana-bread'
          ? { ...item, soldOutDates: [soldOut] }
          : item.id === 'pumpkin-spice-loaf'
            ? { ...item, availableFrom: seasonStart }
            : item,
      ),
    });
    api = await startTestApi({ 'GET /api/user': { body: user } });
    renderScreen(<OrderPage />, { at: '/order#breads' });
    await screen.findByRole('heading', { name: /Order Details/ });
    const date = () => screen.getByLabelText('Pickup date');
    expect(date()).toHaveAttribute('min', first);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Banana Bread' }));
    fireEvent.change(date(), { target: { value: soldOut } });
    expect(
      await screen.findByText(
        `Banana Bread is not available on ${formatLongDate(soldOut)} (Sold out)`,
      ),
    ).toBeInTheDocument();

    // A seasonal item moves the first day offered to its first day.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pumpkin Spice Loaf' }));
    expect(date()).toHaveAttribute('min', seasonStart);
  });
});

/** GET /api/availability with every day of the range open and empty. */
const openDays = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    date: addDays(from, i),
    closed: false,
    closedReason: null,
    full: [],
    remaining: { ...DEFAULT_CAPACITY },
    cakesLeft: DEFAULT_CAPACITY.cakes,
    notice: null,
    status: 'open',
    reason: null,
    windows: [],
    itemsLeft: {},
    drops: [],
  }));

describe('the calendar greys closed weekdays and days an item is not made (issue 22)', () => {
  it('greys them with the reason, and a click on one picks nothing', async () => {
    const first = earliestPickupDate(bakeryToday());
    // The shop is closed on the weekday two days after the first date, and
    // the lemon loaf is sold out on the day after the first.
    const closedDay = addDays(first, 2);
    const soldOut = addDays(first, 1);
    const names = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const closedName = names[weekdayNumber(closedDay)]!;
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        [closedName]: { ...DEFAULT_SHOP_SETTINGS.hours.monday, open: false },
      },
    });
    setCatalogue({
      ...SEED_CATALOGUE,
      items: SEED_CATALOGUE.items.map((item) =>
        item.id === 'lemon-poppy-seed-loaf' ? { ...item, soldOutDates: [soldOut] } : item,
      ),
    });
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/availability': {
        body: { fromDate: first, toDate: addDays(first, 89), days: openDays(first, 90) },
      },
    });
    renderScreen(<OrderPage />, { at: '/order#breads' });
    await screen.findByRole('heading', { name: /Order Details/ });
    const day = (date: string) => document.querySelector(`.day[data-date="${date}"]`)!;

    // An empty cart: the closed weekday is greyed (every week), the rest open.
    const weekday = `${closedName[0]!.toUpperCase()}${closedName.slice(1)}s`;
    await waitFor(() => expect(day(closedDay)).toHaveAttribute('aria-disabled', 'true'));
    expect(day(addDays(closedDay, 7))).toHaveAttribute('aria-disabled', 'true');
    expect(day(closedDay)).toHaveAttribute('title', `Closed on ${weekday}`);
    expect(day(soldOut)).not.toHaveAttribute('aria-disabled');
    // Said once, not once per week.
    expect(screen.getAllByText(`Closed on ${weekday}`)).toHaveLength(1);

    // The loaf in the cart: its sold-out day is greyed too, with the item named.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lemon Poppy Seed Loaf' }));
    const why = `Lemon Poppy Seed Loaf is not available on ${shortDate(soldOut)} (Sold out)`;
    await waitFor(() => expect(day(soldOut)).toHaveAttribute('aria-disabled', 'true'));
    expect(day(soldOut)).toHaveAttribute('title', why);
    expect(screen.getByText(why, { selector: '.day-reasons li' })).toBeInTheDocument();

    // Clicking a greyed day picks nothing; an open one is picked.
    await userEvent.click(day(soldOut) as HTMLElement);
    await userEvent.click(day(closedDay) as HTMLElement);
    expect(screen.getByLabelText('Pickup date')).toHaveValue('');
    await userEvent.click(day(first) as HTMLElement);
    expect(screen.getByLabelText('Pickup date')).toHaveValue(first);

    // A closed weekday typed in the field is refused with the settings' message.
    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: closedDay } });
    expect(
      await screen.findByText(`We're closed on ${weekday}. Please choose another pickup date.`, {
        selector: '.error-text',
      }),
    ).toHaveAttribute('role', 'alert');
  });
});
