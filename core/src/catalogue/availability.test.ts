import { afterEach, describe, expect, it } from 'vitest';
import {
  allAvailableOn,
  cartItemsProblem,
  firstDayForCart,
  itemAvailability,
  unavailableReason,
  weekdayIndexOf,
} from './availability';
import {
  currentCatalogue,
  getMenuItem,
  itemsInCategory,
  menuCategories,
  resolveLine,
  SEED_CATALOGUE,
  setCatalogue,
} from './catalogue';
import {
  MenuCategoryCreateSchema,
  MenuItemCreateSchema,
  MenuItemPatchSchema,
  isSoldOutOnly,
} from './menuSchemas';

const TODAY = '2026-11-26'; // a Thursday

describe('itemAvailability (issue 22)', () => {
  it('is available with nothing set', () =>
    expect(itemAvailability({}, null, TODAY)).toEqual({
      available: true,
      reason: null,
      from: null,
    }));

  it('says Sold out until the day after soldOutUntil, and for a sold-out date', () => {
    expect(itemAvailability({ soldOutUntil: '2026-11-27' }, null, TODAY)).toEqual({
      available: false,
      reason: 'Sold out',
      from: '2026-11-28',
    });
    expect(itemAvailability({ soldOutUntil: '2026-11-25' }, null, TODAY).available).toBe(true);
    expect(itemAvailability({ soldOutDates: [TODAY, '2026-11-27'] }, null, TODAY)).toMatchObject({
      reason: 'Sold out',
      from: '2026-11-28',
    });
    expect(unavailableReason({ soldOutDates: ['2026-11-28'] }, '2026-11-28')).toBe('Sold out');
    expect(unavailableReason({ soldOutDates: ['2026-11-28'] }, '2026-11-29')).toBeNull();
  });

  it('says "Available from Oct 1" before the season and refuses after it', () => {
    const seasonal = { availableFrom: '2027-10-01', availableUntil: '2027-12-31' };
    expect(itemAvailability(seasonal, null, TODAY)).toEqual({
      available: false,
      reason: 'Available from Oct 1',
      from: '2027-10-01',
    });
    expect(unavailableReason(seasonal, '2027-09-30')).toBe('Available from Oct 1');
    expect(unavailableReason(seasonal, '2027-10-01')).toBeNull();
    expect(unavailableReason(seasonal, '2028-01-01')).toBe('No longer available');
    expect(itemAvailability({ availableUntil: '2026-11-01' }, null, TODAY).reason).toBe(
      'No longer available',
    );
  });

  it('limits to weekdays: "Fridays only", available on the menu, refused on other days', () => {
    expect(weekdayIndexOf('2026-11-27')).toBe(5);
    const challah = { weekdays: [5] };
    expect(itemAvailability(challah, null, TODAY)).toEqual({
      available: true,
      reason: 'Fridays only',
      from: null,
    });
    expect(unavailableReason(challah, '2026-11-27')).toBeNull();
    expect(unavailableReason(challah, '2026-11-28')).toBe('Fridays only');
    expect(unavailableReason({ weekdays: [6, 5] }, '2026-11-26')).toBe(
      'Fridays and Saturdays only',
    );
  });

  it('a hidden item is not on the menu', () => {
    expect(itemAvailability({ hidden: true }, null, TODAY).available).toBe(false);
    expect(unavailableReason({ hidden: true }, TODAY)).toBe('Not on the menu');
    expect(allAvailableOn([{}, { weekdays: [5] }], '2026-11-27')).toBe(true);
    expect(allAvailableOn([{}, { weekdays: [5] }], '2026-11-28')).toBe(false);
  });
});

describe('the live catalogue (setCatalogue)', () => {
  afterEach(() => setCatalogue(SEED_CATALOGUE));

  it('starts as the seed: 70 items in 8 categories', () => {
    expect(currentCatalogue()).toBe(SEED_CATALOGUE);
    expect(SEED_CATALOGUE.items).toHaveLength(70);
    expect(menuCategories()).toHaveLength(8);
  });

  it('prices, lists and refuses from the published snapshot', () => {
    setCatalogue({
      ...SEED_CATALOGUE,
      items: SEED_CATALOGUE.items.map((i) =>
        i.id === 'cinnamon-rolls'
          ? { ...i, priceCents: 2200 }
          : i.id === 'focaccia'
            ? { ...i, hidden: true }
            : i.id === 'lemon-poppy-seed-loaf'
              ? { ...i, soldOutDates: ['2026-12-05'] }
              : i,
      ),
    });
    expect(resolveLine({ productId: 'cinnamon-rolls', quantity: 1 }).unitPriceCents).toBe(2200);
    expect(itemsInCategory('breads').map((i) => i.id)).not.toContain('focaccia');
    expect(getMenuItem('focaccia')?.hidden).toBe(true);
    expect(getMenuItem('cinnamon-rolls')?.image).toBe('/images/categories/breads.svg');
    const cart = [{ productId: 'lemon-poppy-seed-loaf' }];
    expect(cartItemsProblem(cart, '2026-12-05')).toBe(
      'Lemon Poppy Seed Loaf is not available on December 5, 2026 (Sold out)',
    );
    expect(firstDayForCart(cart, '2026-12-05')).toBe('2026-12-06');
  });
});

describe('the owner’s edits (menuSchemas)', () => {
  const first = (r: {
    success: boolean;
    error?: { issues: { message: string; path: unknown[] }[] };
  }) => r.error?.issues[0];
  it.each([
    [{ priceCents: 0 }, 'Enter a price above $0.00'],
    [{ priceCents: 10.5 }, 'Enter the price in whole cents (at most 2 decimals)'],
    [{ maxQuantity: 0 }, 'The maximum quantity must be a whole number of at least 1'],
    [
      { availableFrom: '2026-12-10', availableUntil: '2026-12-01' },
      'The end date must not be before the start date',
    ],
    [
      { image: 'https://elsewhere.example/x.jpg' },
      'The photo must be one uploaded to the menu (or none for the drawing)',
    ],
  ])('refuses %j', (patch, message) =>
    expect(first(MenuItemPatchSchema.safeParse(patch))?.message).toBe(message),
  );

  it('needs an id, a name, a category and a price for a new item', () => {
    expect(
      MenuItemCreateSchema.safeParse({
        id: 'apple-pie',
        name: 'Apple Pie',
        category: 'pies',
        priceCents: 3200,
      }).success,
    ).toBe(true);
    expect(
      first(
        MenuItemCreateSchema.safeParse({
          id: 'Apple Pie',
          name: 'x',
          category: 'pies',
          priceCents: 1,
        }),
      )?.path,
    ).toEqual(['id']);
    expect(
      first(MenuItemCreateSchema.safeParse({ id: 'apple-pie', name: 'x', category: 'pies' }))
        ?.message,
    ).toBe('Enter a price above $0.00');
  });

  it('reads a price in dollars as priceCents, refusing more than 2 decimals', () => {
    expect(MenuItemPatchSchema.parse({ price: 22 })).toEqual({ priceCents: 2200 });
    expect(MenuItemPatchSchema.parse({ price: 12.34 })).toEqual({ priceCents: 1234 });
    expect(first(MenuItemPatchSchema.safeParse({ price: 12.345 }))?.message).toBe(
      'Enter the price in whole cents (at most 2 decimals)',
    );
    expect(first(MenuItemPatchSchema.safeParse({ price: 0 }))?.message).toBe(
      'Enter a price above $0.00',
    );
    expect(
      MenuItemPatchSchema.parse({ variants: [{ id: '4-count', label: '4 count', price: 11 }] }),
    ).toEqual({ variants: [{ id: '4-count', label: '4 count', priceCents: 1100 }] });
  });

  it('reads a category’s name as its label', () => {
    expect(MenuCategoryCreateSchema.parse({ id: 'pies', name: 'Pies' })).toEqual({
      id: 'pies',
      label: 'Pies',
    });
  });

  it('tells sold-out changes (an admin may) from the rest', () => {
    expect(isSoldOutOnly({ soldOutUntil: '2026-12-01' })).toBe(true);
    expect(isSoldOutOnly({ soldOutUntil: null, priceCents: 100 })).toBe(false);
  });
});
