import { describe, expect, it } from 'vitest';
import { SAME_COST_EVERY_SIZE, marginOf, variantCosting, variantsOfLink } from './costing';

const allOptions = (productId: string) => ({ productId, variantId: '' });

describe('variantCosting: each option costed by its size', () => {
  it('scales an all-options link by the count: a 12-count costs two 6-counts', () => {
    expect(variantCosting(allOptions('vanilla-cupcakes'), '6-count')).toEqual({
      scale: 1,
      warning: null,
    });
    expect(variantCosting(allOptions('vanilla-cupcakes'), '12-count')).toEqual({
      scale: 2,
      warning: null,
    });
    expect(variantCosting(allOptions('sugar-cookies'), '24-count').scale).toBe(4);
    // 12 cupcakes at $45 from a recipe costing $0.50 a cupcake: 86.7%, not the 93.3% of 6.
    const cost = Math.round(
      50 * 6 * variantCosting(allOptions('vanilla-cupcakes'), '12-count').scale,
    );
    expect(marginOf(4500, cost).marginPercent).toBe(86.7);
  });

  it('costs a link of one option, or an item without options, as entered', () => {
    expect(
      variantCosting({ productId: 'sugar-cookies', variantId: '12-count' }, '12-count'),
    ).toEqual({ scale: 1, warning: null });
    expect(variantCosting(allOptions('blueberry-muffins'), null)).toEqual({
      scale: 1,
      warning: null,
    });
  });

  it('warns where sizes cannot be told apart (cakes of 6, 8 and 10 inches)', () => {
    expect(variantCosting(allOptions('lemon-cake'), '10in')).toEqual({
      scale: 1,
      warning: SAME_COST_EVERY_SIZE,
    });
    expect(
      variantCosting({ productId: 'lemon-cake', variantId: '10in' }, '10in').warning,
    ).toBeNull();
  });
});

describe('variantsOfLink', () => {
  it('lists the options an all-options link covers, leaving out those linked on their own', () => {
    const links = [
      allOptions('sugar-cookies'),
      { productId: 'sugar-cookies', variantId: '24-count' },
    ];
    expect(variantsOfLink(links[0]!, links).map((v) => v.variantId)).toEqual([
      '6-count',
      '12-count',
    ]);
    expect(variantsOfLink(links[1]!, links)).toEqual([
      { variantId: '24-count', variantLabel: '24 count' },
    ]);
    expect(variantsOfLink(allOptions('blueberry-muffins'), [])).toEqual([
      { variantId: '', variantLabel: null },
    ]);
  });
});
