// Issue 22 on the menu page: an item sold out or not yet in season says so
// where Add to Cart was; a weekday item says which days; a hidden one is gone.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { addDays, bakeryToday, SEED_CATALOGUE, setCatalogue, shortDate } from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import MenuPage from './MenuPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  setCatalogue(SEED_CATALOGUE);
});

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

describe('availability on the menu page', () => {
  it('shows Sold out with the day it is back, Available from and Fridays only, and hides a hidden item', async () => {
    const from = addDays(bakeryToday(), 30);
    setCatalogue({
      ...SEED_CATALOGUE,
      items: SEED_CATALOGUE.items.map((item) =>
        item.id === 'lemon-poppy-seed-loaf'
          ? { ...item, soldOutUntil: bakeryToday() }
          : item.id === 'pumpkin-spice-loaf'
            ? { ...item, availableFrom: from }
            : item.id === 'focaccia'
              ? { ...item, weekdays: [5] }
              : item.id === 'cornbread'
                ? { ...item, hidden: true }
                : item,
      ),
    });
    api = await startTestApi({ 'GET /api/user': { status: 401, body: { message: 'No' } } });
    renderScreen(<MenuPage />, { at: '/menu' });

    const lemon = within(card('Lemon Poppy Seed Loaf'));
    // Issue 37: it says the day it is back (the shop opens every day by default).
    expect(
      lemon.getByText(`Sold out · back on ${shortDate(addDays(bakeryToday(), 1))}`),
    ).toBeInTheDocument();
    expect(lemon.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    const pumpkin = within(card('Pumpkin Spice Loaf'));
    expect(pumpkin.getByText(`Available from ${shortDate(from)}`)).toBeInTheDocument();
    expect(pumpkin.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    const focaccia = within(card('Herb Focaccia'));
    expect(focaccia.getByText('Fridays only')).toBeInTheDocument();
    expect(focaccia.getByRole('button', { name: 'Add to Cart: Herb Focaccia' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Southern Cornbread' })).toBeNull();
  });

  it('offers the current menu once GET /api/menu says a later version is live', async () => {
    api = await startTestApi({
      'GET /api/user': { status: 401, body: { message: 'No' } },
      'GET /api/menu': { body: { version: 4, categories: [], items: [] } },
    });
    renderScreen(<MenuPage />, { at: '/menu' });
    expect(
      await screen.findByRole('button', { name: 'Show the current menu and prices' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Our menu has just been updated\./)).toBeInTheDocument();
  });
});
