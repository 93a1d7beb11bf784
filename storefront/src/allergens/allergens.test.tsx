// Issue 26 on the menu: the "Ingredients & allergens" disclosure of a card
// and the "Without:" filter hiding the items that contain a checked allergen.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itemsInCategory } from '@bakery/core';
import { createQueryClient } from '../api/client';
import { renderScreen } from '../test/render';
import MenuPage from '../routes/menu/MenuPage';
import { MENU_KEY } from './menuAllergens';

const facts = (allergens: string[], contains: string | null, known = true) => ({
  ingredients: known ? ['Gluten-free flour blend (rice flour)', 'Eggs'] : [],
  allergens,
  mayContain: [],
  allergenInfo: {
    known,
    ingredients: known
      ? 'Ingredients: Gluten-free flour blend (rice flour), Eggs'
      : 'Ask us about allergens',
    contains,
    mayContain: null,
    note: null,
  },
});

function client() {
  const breads = itemsInCategory('breads');
  const queryClient = createQueryClient();
  queryClient.setQueryData(MENU_KEY, {
    items: breads.map((item, index) =>
      index === 0
        ? { id: item.id, ...facts(['eggs'], 'Contains: Eggs') }
        : index === 1
          ? { id: item.id, ...facts([], null, false) }
          : { id: item.id, ...facts([], null) },
    ),
  });
  return { queryClient, breads };
}

describe('allergens on the menu', () => {
  it('each card has an Ingredients & allergens disclosure', async () => {
    const { queryClient, breads } = client();
    renderScreen(<MenuPage />, { client: queryClient });
    const card = screen.getByRole('heading', { name: breads[0]!.name }).closest('li')!;
    const summary = within(card).getByText('Ingredients & allergens');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(within(card).getByText('Contains: Eggs')).toBeVisible();
    const unknown = screen.getByRole('heading', { name: breads[1]!.name }).closest('li')!;
    expect(within(unknown).getByText(/Ask us about allergens/)).toBeInTheDocument();
  });

  it('Without: eggs hides the item with eggs and the one not known, and says so', async () => {
    const { queryClient, breads } = client();
    renderScreen(<MenuPage />, { client: queryClient });
    await userEvent.click(screen.getByRole('checkbox', { name: 'eggs' }));
    expect(screen.queryByRole('heading', { name: breads[0]!.name })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: breads[1]!.name })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: breads[2]!.name })).toBeInTheDocument();
    expect(screen.getByText(/^2 items hidden/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'eggs' }));
    expect(screen.getByRole('heading', { name: breads[0]!.name })).toBeInTheDocument();
  });
});
