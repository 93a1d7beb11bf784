import { describe, expect, it } from 'vitest';
import {
  CapacityLimitsSchema,
  ClosedDateSchema,
  KITCHEN_MESSAGES,
  KitchenRangeSchema,
  ProductRecipeLinkSchema,
} from './schemas';
import { PRICE_POINTS, findLink, marginOf } from './costing';
import { MENU_ITEMS } from '../catalogue/catalogue';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('kitchen payloads', () => {
  it('capacity limits: known categories, whole numbers 0..10,000', () => {
    expect(CapacityLimitsSchema.parse({ limits: [{ category: 'cakes', maxUnits: '5' }] })).toEqual({
      limits: [{ category: 'cakes', maxUnits: 5 }],
    });
    expect(
      firstMessage(CapacityLimitsSchema.safeParse({ limits: [{ category: 'pies', maxUnits: 5 }] })),
    ).toBe(KITCHEN_MESSAGES.category);
    expect(
      firstMessage(
        CapacityLimitsSchema.safeParse({ limits: [{ category: 'cakes', maxUnits: 2.5 }] }),
      ),
    ).toBe(KITCHEN_MESSAGES.maxUnits);
    expect(
      firstMessage(
        CapacityLimitsSchema.safeParse({ limits: [{ category: 'cakes', maxUnits: -1 }] }),
      ),
    ).toBe(KITCHEN_MESSAGES.maxUnits);
  });

  it('closed dates: a real calendar day, blank reason becomes null', () => {
    expect(ClosedDateSchema.parse({ date: '2026-12-25', reason: ' ' })).toEqual({
      date: '2026-12-25',
      reason: null,
    });
    expect(firstMessage(ClosedDateSchema.safeParse({ date: '2026-02-30' }))).toBe(
      KITCHEN_MESSAGES.date,
    );
  });

  it('links: the product must be on the menu and the variant one of its own', () => {
    const link = {
      productId: 'blueberry-muffins',
      recipeId: '6f1c2a4e-8d7b-4c3a-9e2f-1a2b3c4d5e6f',
      recipeYield: 12,
      unitsPerItem: 6,
    };
    expect(ProductRecipeLinkSchema.parse(link)).toMatchObject({
      variantId: '',
      recipeYield: 12,
      unitsPerItem: 6,
    });
    expect(firstMessage(ProductRecipeLinkSchema.safeParse({ ...link, productId: 'pie' }))).toBe(
      KITCHEN_MESSAGES.product,
    );
    expect(
      firstMessage(ProductRecipeLinkSchema.safeParse({ ...link, variantId: '12-count' })),
    ).toBe(KITCHEN_MESSAGES.variant);
    expect(
      ProductRecipeLinkSchema.safeParse({
        ...link,
        productId: 'sugar-cookies',
        variantId: '12-count',
      }).success,
    ).toBe(true);
    expect(firstMessage(ProductRecipeLinkSchema.safeParse({ ...link, recipeYield: 0 }))).toBe(
      KITCHEN_MESSAGES.recipeYield,
    );
  });

  it('ranges: ordered and at most 92 days', () => {
    expect(
      KitchenRangeSchema.safeParse({ fromDate: '2026-12-01', toDate: '2026-12-01' }).success,
    ).toBe(true);
    expect(
      firstMessage(KitchenRangeSchema.safeParse({ fromDate: '2026-12-02', toDate: '2026-12-01' })),
    ).toBe(KITCHEN_MESSAGES.rangeOrder);
    expect(
      firstMessage(KitchenRangeSchema.safeParse({ fromDate: '2026-01-01', toDate: '2026-12-31' })),
    ).toBe(KITCHEN_MESSAGES.rangeLength);
  });
});

describe('cost of goods', () => {
  it('lists every item once, or once per variant', () => {
    const expected = MENU_ITEMS.reduce((n, item) => n + (item.variants?.length || 1), 0);
    expect(PRICE_POINTS).toHaveLength(expected);
    expect(
      PRICE_POINTS.filter((p) => p.productId === 'lemon-cake').map((p) => [
        p.variantId,
        p.priceCents,
      ]),
    ).toEqual([
      ['6in', 4500],
      ['8in', 6000],
      ['10in', 7500],
    ]);
  });

  it('a variant link wins over the whole-item link', () => {
    const links = [
      { productId: 'sugar-cookies', variantId: '', id: 'all' },
      { productId: 'sugar-cookies', variantId: '24-count', id: 'big' },
    ];
    expect(findLink(links, 'sugar-cookies', '24-count')?.id).toBe('big');
    expect(findLink(links, 'sugar-cookies', '6-count')?.id).toBe('all');
    expect(findLink(links, 'snickerdoodles', null)).toBeUndefined();
  });

  it('margin in cents and percent of the price', () => {
    expect(marginOf(2500, 812)).toEqual({ marginCents: 1688, marginPercent: 67.5 });
    expect(marginOf(0, 100)).toEqual({ marginCents: -100, marginPercent: null });
  });
});
