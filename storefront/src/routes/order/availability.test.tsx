// Issue 22 on the order page: the date picker starts on the first day the
// whole cart can be made, and a day one item cannot be made is refused with
// the item and the day named (the server's 409 message).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  bakeryToday,
  earliestPickupDate,
  formatLongDate,
  SEED_CATALOGUE,
  setCatalogue,
} from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import OrderPage from './OrderPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  setCatalogue(SEED_CATALOGUE);
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
