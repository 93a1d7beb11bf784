import { describe, expect, it } from 'vitest';
import { cartLineOptions } from '../cart/cart';
import { lineDescription } from '../lifecycle/desk';
import {
  ADD_INS,
  CAKE_FILLINGS,
  CATEGORIES,
  SEED_CATEGORY_IDS,
  DEFAULT_MAX_QUANTITY,
  defaultVariantId,
  getCategory,
  getMenuItem,
  itemsInCategory,
  maxQuantityOf,
  MENU_ITEMS,
  PricingError,
  variantChoiceLabel,
  resolveLine,
  type CategoryId,
} from './catalogue';

const prices = (id: string) =>
  Object.fromEntries((getMenuItem(id)?.variants ?? []).map((v) => [v.id, v.priceCents]));

describe('categories', () => {
  it('are the 8 of the spec, in order, with its plural labels', () => {
    expect(CATEGORIES.map((c) => [c.id, c.label])).toEqual([
      ['breads', 'Breads'],
      ['muffins', 'Muffins'],
      ['oat-bars', 'Oat Bars/Granola'],
      ['brownies', 'Brownies'],
      ['cookies', 'Cookies'],
      ['cupcakes', 'Cupcakes'],
      ['cakes', 'Cakes'],
      ['gourmet-cookies', 'Gourmet Cookies'],
    ]);
    expect(CATEGORIES.map((c) => c.id)).toEqual([...SEED_CATEGORY_IDS]);
  });

  it('each has a picture served by the storefront and alt text', () => {
    for (const c of CATEGORIES) {
      expect(c.image).toBe(`/images/categories/${c.id}.svg`);
      expect(c.imageAlt.length).toBeGreaterThan(15);
    }
  });

  it('getCategory finds by id', () => {
    expect(getCategory('oat-bars')?.label).toBe('Oat Bars/Granola');
    expect(getCategory('pies')).toBeUndefined();
  });
});

describe('menu items', () => {
  it('number about 70 (exactly 70), every category filled', () => {
    expect(MENU_ITEMS).toHaveLength(70);
    for (const id of SEED_CATEGORY_IDS)
      expect(itemsInCategory(id).length).toBeGreaterThanOrEqual(6);
  });

  it('have unique slug ids, names, descriptions and alt text', () => {
    expect(new Set(MENU_ITEMS.map((i) => i.id)).size).toBe(MENU_ITEMS.length);
    for (const item of MENU_ITEMS) {
      expect(item.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(item.name.trim()).not.toBe('');
      expect(item.description.length).toBeGreaterThan(20);
      expect(item.imageAlt.length).toBeGreaterThan(10);
      expect(item.image).toBe(`/images/categories/${item.category}.svg`);
    }
  });

  it('claim nothing that a gluten-free, dairy-free bakery cannot sell', () => {
    for (const item of MENU_ITEMS) {
      const text = `${item.name} ${item.description} ${item.imageAlt}`.toLowerCase();
      const cleaned = text
        .replace(
          /peanut butter|buttercream|buttery-tasting|coconut-milk|dairy-free cream cheese/g,
          '',
        )
        .replace(/gluten-free \w+/g, '');
      expect(cleaned, item.id).not.toMatch(
        /\b(wheat|barley|rye|butter|milk|cream cheese|cheese|yogurt)\b/,
      );
    }
  });

  // Spec section 9: base price (cents) and maxQuantity per category.
  it.each<[CategoryId, number, number]>([
    ['muffins', 2500, 8],
    ['oat-bars', 1200, 10],
    ['brownies', 2500, 6],
    ['cookies', 1500, 24],
    ['cupcakes', 2500, 12],
    ['gourmet-cookies', 2500, 12],
  ])('%s cost %i cents, at most %i', (category, price, max) => {
    for (const item of itemsInCategory(category)) {
      expect(item.priceCents).toBe(price);
      expect(maxQuantityOf(item)).toBe(max);
    }
  });

  it('breads are $20, at most 10, except cinnamon rolls and coffee cake at 8', () => {
    for (const item of itemsInCategory('breads')) {
      expect(item.priceCents).toBe(2000);
      expect(maxQuantityOf(item)).toBe(
        ['cinnamon-rolls', 'coffee-cake'].includes(item.id) ? 8 : 10,
      );
    }
    expect(getMenuItem('cinnamon-rolls')?.maxQuantity).toBe(8);
    expect(getMenuItem('coffee-cake')?.maxQuantity).toBe(8);
  });

  it('cookies come by 6/12/24 at $15/$30/$55', () => {
    for (const item of itemsInCategory('cookies'))
      expect(prices(item.id)).toEqual({ '6-count': 1500, '12-count': 3000, '24-count': 5500 });
  });

  it('cupcakes and gourmet cookies come by 6/12 at $25/$45', () => {
    for (const item of [...itemsInCategory('cupcakes'), ...itemsInCategory('gourmet-cookies')])
      expect(prices(item.id)).toEqual({ '6-count': 2500, '12-count': 4500 });
  });

  it('cakes are 6in/8in/10in at $45/$60/$75 with fillings; the heart-shaped cake is $60; at most 3', () => {
    const cakes = itemsInCategory('cakes');
    const heart = getMenuItem('heart-shaped-cake')!;
    expect(heart).toMatchObject({
      category: 'cakes',
      priceCents: 6000,
      maxQuantity: 3,
      fillings: true,
    });
    // Its description promises vanilla or chocolate: both offered, at the same $60 (issue 24).
    expect(prices(heart.id)).toEqual({ vanilla: 6000, chocolate: 6000 });
    expect(heart.variants?.map((v) => v.label)).toEqual(['Vanilla', 'Chocolate']);
    expect(variantChoiceLabel(heart)).toBe('Flavor');
    expect(variantChoiceLabel(getMenuItem('lemon-cake')!)).toBe('Size');
    for (const cake of cakes) {
      expect(maxQuantityOf(cake)).toBe(3);
      expect(cake.fillings).toBe(true);
      if (cake.id !== heart.id) {
        expect(cake.priceCents).toBe(4500);
        expect(prices(cake.id)).toEqual({ '6in': 4500, '8in': 6000, '10in': 7500 });
      }
    }
  });

  it('variant labels read as counts and sizes', () => {
    expect(getMenuItem('chocolate-chip-cookies')?.variants?.map((v) => v.label)).toEqual([
      '6 count',
      '12 count',
      '24 count',
    ]);
    expect(getMenuItem('chocolate-layer-cake')?.variants?.map((v) => v.label)).toEqual([
      '6 inch',
      '8 inch',
      '10 inch',
    ]);
  });

  it('offer fillings only on cakes and add-ins (pecans, chocolate chips) only on some breads and cookies', () => {
    expect(CAKE_FILLINGS.map((f) => f.id)).toEqual([
      'fruit-preserves',
      'peanut-butter-buttercream',
      'cream-cheese-buttercream',
    ]);
    expect(ADD_INS.map((a) => a.id)).toEqual(['pecans', 'chocolate-chips']);
    for (const item of MENU_ITEMS) {
      if (item.fillings) expect(item.category).toBe('cakes');
      if (item.addIns) expect(['breads', 'cookies']).toContain(item.category);
    }
    expect(itemsInCategory('breads').some((i) => i.addIns)).toBe(true);
    expect(itemsInCategory('cookies').some((i) => i.addIns)).toBe(true);
    expect(itemsInCategory('breads').every((i) => i.addIns)).toBe(false);
  });

  it('lookups', () => {
    expect(getMenuItem('banana-bread')?.name).toBe('Banana Bread');
    expect(getMenuItem('nope')).toBeUndefined();
    expect(itemsInCategory('pies')).toEqual([]);
    expect(maxQuantityOf({})).toBe(DEFAULT_MAX_QUANTITY);
    expect(DEFAULT_MAX_QUANTITY).toBe(10);
    expect(defaultVariantId(getMenuItem('stuffed-chocolate-chip')!)).toBe('6-count');
    expect(defaultVariantId(getMenuItem('red-velvet-cake')!)).toBe('6in');
    expect(defaultVariantId(getMenuItem('banana-bread')!)).toBeUndefined();
  });
});

describe('resolveLine: prices come from the catalogue', () => {
  it.each([
    [{ productId: 'banana-bread', quantity: 1 }, 2000, undefined],
    [{ productId: 'chocolate-chip-cookies', quantity: 1, variantId: '24-count' }, 5500, '24 count'],
    [{ productId: 'chocolate-chip-cookies', quantity: 1 }, 1500, '6 count'],
    [{ productId: 'chocolate-chip-cookies', quantity: 1, variantId: null }, 1500, '6 count'],
    [
      { productId: 'red-velvet-cake', quantity: 1, variantId: '10in', filling: 'fruit-preserves' },
      7500,
      '10 inch',
    ],
    [
      { productId: 'heart-shaped-cake', quantity: 1, filling: 'cream-cheese-buttercream' },
      6000,
      'Vanilla',
    ],
    [{ productId: 'heart-shaped-cake', quantity: 1, variantId: 'chocolate' }, 6000, 'Chocolate'],
    [{ productId: 'banana-bread', quantity: 1, addIn: 'pecans' }, 2000, undefined],
    [{ productId: 'stuffed-chocolate-chip', quantity: 1, variantId: '12-count' }, 4500, '12 count'],
  ])('%o costs %i cents', (line, cents, label) => {
    const r = resolveLine(line);
    expect(r.unitPriceCents).toBe(cents);
    expect(r.variantLabel).toBe(label);
  });

  it.each([
    [{ productId: 'unicorn-bread', quantity: 1 }, 'Unknown product: unicorn-bread'],
    [
      { productId: 'chocolate-chip-cookies', quantity: 1, variantId: '10in' },
      'Unknown option 10in for Chocolate Chip Cookies',
    ],
    [{ productId: 'cupcakes', quantity: 1 }, 'Unknown product: cupcakes'],
    [
      { productId: 'vanilla-cupcakes', quantity: 1, variantId: '24-count' },
      'Unknown option 24-count for Vanilla Bean Cupcakes',
    ],
    [
      { productId: 'banana-bread', quantity: 1, variantId: '6-count' },
      'Banana Bread has no size or count options',
    ],
    [
      { productId: 'red-velvet-cake', quantity: 1, filling: 'custard' },
      'Unknown filling custard for Red Velvet Cake',
    ],
    [
      { productId: 'banana-bread', quantity: 1, filling: 'fruit-preserves' },
      'Unknown filling fruit-preserves for Banana Bread',
    ],
    [
      { productId: 'snickerdoodles', quantity: 1, addIn: 'pecans' },
      'Unknown add-in pecans for Snickerdoodles',
    ],
    [
      { productId: 'banana-bread', quantity: 1, addIn: 'walnuts' },
      'Unknown add-in walnuts for Banana Bread',
    ],
  ])('refuses %o: %s', (line, message) => {
    expect(() => resolveLine(line)).toThrow(PricingError);
    expect(() => resolveLine(line)).toThrow(message);
  });
});

describe("the Heart-Shaped Cake's flavour in words (issue 24)", () => {
  it('reads in the cart, the desk and the bake sheet as a variant', () => {
    const line = { productId: 'heart-shaped-cake', quantity: 1, variantId: 'chocolate' };
    expect(cartLineOptions({ ...line, filling: 'fruit-preserves' })).toEqual([
      'Chocolate',
      'Filling: Fruit preserves',
    ]);
    expect(
      lineDescription({
        productId: 'heart-shaped-cake',
        name: 'Heart-Shaped Cake',
        variant: 'chocolate',
        variantLabel: null,
        filling: null,
        addIn: null,
      }),
    ).toBe('Heart-Shaped Cake (Chocolate)');
  });
});
