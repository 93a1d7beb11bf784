// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductRecipeLinkView } from '@bakery/core';
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
      'Sprinkle Sugar Cookies12 count$30.00$1.25$28.7595.8%',
      'Sprinkle Sugar Cookies24 count$55.00$5.00$50.0090.9%',
    ]);
  });

  it('says when no menu item uses the recipe', async () => {
    stubFetch({ 'GET /api/admin/kitchen/links': () => [200, links] });
    renderScreen(<RecipeMargins recipeId="unused" />);
    expect(await screen.findByText('No menu item uses this recipe yet')).toBeInTheDocument();
  });
});
