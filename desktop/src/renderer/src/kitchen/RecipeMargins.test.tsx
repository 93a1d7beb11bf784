// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAME_COST_EVERY_SIZE, type ProductRecipeLinkView } from '@bakery/core';
import { countCosts } from './testFixtures';
import { renderScreen, stubFetch } from '../test/harness';
import { RecipeMargins } from './RecipeMargins';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = { productName: 'Sprinkle Sugar Cookies', recipeName: 'Cookie dough', recipeYield: 24 };
const links: ProductRecipeLinkView[] = [
  {
    ...base,
    id: 'a',
    productId: 'sugar-cookies',
    variantId: '',
    variantLabel: null,
    recipeId: 'dough',
    unitsPerItem: 6,
    costPerItem: 1.25,
    // The server costs each option by its size: a 12-count takes twice a 6-count's dough.
    variants: countCosts(1.25, [6, 12]),
  },
  {
    ...base,
    id: 'b',
    productId: 'sugar-cookies',
    variantId: '24-count',
    variantLabel: '24 count',
    recipeId: 'dough',
    unitsPerItem: 24,
    costPerItem: 5,
    variants: countCosts(1.25, [24]),
  },
  {
    ...base,
    id: 'c',
    productId: 'blueberry-muffins',
    variantId: '',
    productName: 'Blueberry Muffins',
    variantLabel: null,
    recipeId: 'batter',
    recipeName: 'Batter',
    recipeYield: 12,
    unitsPerItem: 6,
    costPerItem: 6.25,
    variants: [
      { variantId: '', variantLabel: null, unitsPerItem: 6, costPerItem: 6.25, warning: null },
    ],
  },
  {
    ...base,
    id: 'd',
    productId: 'lemon-cake',
    variantId: '',
    productName: 'Lemon Chiffon Cake',
    variantLabel: null,
    recipeId: 'sponge',
    recipeName: 'Sponge',
    recipeYield: 1,
    unitsPerItem: 1,
    costPerItem: 12,
    variants: ['6in', '8in'].map((variantId) => ({
      variantId,
      variantLabel: variantId === '6in' ? '6 inch' : '8 inch',
      unitsPerItem: 1,
      costPerItem: 12,
      warning: SAME_COST_EVERY_SIZE,
    })),
  },
];

describe('RecipeMargins', () => {
  it('lists the menu items a recipe makes with price, cost and margin; the variant link wins', async () => {
    stubFetch({ 'GET /api/admin/kitchen/links': () => [200, links] });
    renderScreen(<RecipeMargins recipeId="dough" />);
    const table = await screen.findByRole('table', { name: 'Menu items made with this recipe' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Sprinkle Sugar Cookies6 count$15.00$1.25$13.7591.7%',
      'Sprinkle Sugar Cookies12 count$30.00$2.50$27.5091.7%',
      'Sprinkle Sugar Cookies24 count$55.00$5.00$50.0090.9%',
    ]);
  });

  it('says beside the cost when an all-options link cannot tell the sizes apart', async () => {
    stubFetch({ 'GET /api/admin/kitchen/links': () => [200, links] });
    renderScreen(<RecipeMargins recipeId="sponge" />);
    const table = await screen.findByRole('table', { name: 'Menu items made with this recipe' });
    const eightInch = within(table).getByRole('row', { name: /8 inch/ });
    expect(within(eightInch).getAllByRole('cell')[3]).toHaveTextContent(
      '$12.00Same cost for every size: the recipe is linked to all options. Link each size to cost it.',
    );
  });

  it('says when no menu item uses the recipe', async () => {
    stubFetch({ 'GET /api/admin/kitchen/links': () => [200, links] });
    renderScreen(<RecipeMargins recipeId="unused" />);
    expect(await screen.findByText('No menu item uses this recipe yet')).toBeInTheDocument();
  });
});
