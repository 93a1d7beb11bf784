import { describe, expect, it } from 'vitest';
import {
  addCartLine,
  addedMessage,
  cartLineKey,
  cartLineOptions,
  clampQuantity,
  lineMaximum,
  cartLineQuantity,
  setCartLine,
  setCartLineQuantity,
  type StoredCartLine,
} from './cart';
import { MENU_ITEMS, maxQuantityOf } from '../catalogue/catalogue';
import { priceOrder } from '../money/money';

const cookie = MENU_ITEMS.find((i) => i.variants?.some((v) => v.id === '24-count'))!;
const cake = MENU_ITEMS.find((i) => i.fillings)!;

describe('cart lines (issue 14)', () => {
  it('keeps two counts of one product as two lines: 2 x 24-count then 1 x 6-count', () => {
    let lines: StoredCartLine[] = [];
    lines = addCartLine(lines, { productId: cookie.id, quantity: 2, variantId: '24-count' }).lines;
    lines = addCartLine(lines, { productId: cookie.id, quantity: 1, variantId: '6-count' }).lines;
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['24-count', 2],
      ['6-count', 1],
    ]);
    const priced = priceOrder(
      lines,
      { pickupDate: null, hasWriting: false, hasBows: false },
      '2026-11-23',
    );
    const unit = (id: string) => cookie.variants!.find((v) => v.id === id)!.priceCents;
    expect(priced.subtotalCents).toBe(2 * unit('24-count') + unit('6-count'));
  });

  it('adds to the same line for the same options, with the default filling for a cake', () => {
    let lines: StoredCartLine[] = [];
    lines = addCartLine(lines, { productId: cake.id, quantity: 1 }).lines;
    lines = addCartLine(lines, { productId: cake.id, quantity: 1, variantId: '6in' }).lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    expect(lines[0]!.filling).toBeTruthy();
  });

  it('never takes a product past its maximum and says so', () => {
    const max = maxQuantityOf(cookie);
    const first = addCartLine([], {
      productId: cookie.id,
      quantity: max - 2,
      variantId: '6-count',
    });
    const second = addCartLine(first.lines, {
      productId: cookie.id,
      quantity: 5,
      variantId: '12-count',
    });
    expect(second.added).toBe(2);
    expect(second.productTotal).toBe(max);
    expect(addedMessage(second, cookie.name, 5)).toBe(`Only ${max} allowed: you now have ${max}`);
    const third = addCartLine(second.lines, { productId: cookie.id, quantity: 1 });
    expect(third.added).toBe(0);
    expect(addedMessage(third, cookie.name, 1)).toBe(
      `Only ${max} allowed: you already have ${max}`,
    );
    expect(addedMessage(first, cookie.name, max - 2)).toBe(
      `${max - 2} ${cookie.name} added to your cart.`,
    );
  });

  it('sets and removes one line, within the product maximum', () => {
    const max = maxQuantityOf(cookie);
    let lines = addCartLine([], { productId: cookie.id, quantity: 2, variantId: '24-count' }).lines;
    lines = addCartLine(lines, { productId: cookie.id, quantity: 1, variantId: '6-count' }).lines;
    const key = cartLineKey(lines[1]!);
    expect(lineMaximum(lines, key)).toBe(max - 2);
    lines = setCartLineQuantity(lines, key, 1000);
    expect(lines[1]!.quantity).toBe(max - 2);
    lines = setCartLineQuantity(lines, key, 0);
    expect(lines).toHaveLength(1);
  });

  it('names the options of a line', () => {
    expect(
      cartLineOptions({
        productId: cake.id,
        quantity: 1,
        variantId: '8in',
        filling: 'fruit-preserves',
      }),
    ).toEqual([cake.variants!.find((v) => v.id === '8in')!.label, 'Filling: Fruit preserves']);
  });
});

describe('clampQuantity (spec section 5)', () => {
  it('turns a non-number into 1 and keeps the rest within 1..max', () => {
    expect(clampQuantity('abc', 6)).toBe(1);
    expect(clampQuantity('', 6)).toBe(1);
    expect(clampQuantity('0', 6)).toBe(1);
    expect(clampQuantity('-3', 6)).toBe(1);
    expect(clampQuantity('4', 6)).toBe(4);
    expect(clampQuantity('4.7', 6)).toBe(4);
    expect(clampQuantity('25', 6)).toBe(6);
    expect(clampQuantity('1e3', 10)).toBe(10);
    expect(clampQuantity(Infinity, 10)).toBe(10);
  });
});

describe("the order page's product row sets its line (issue 24)", () => {
  it('sets, changes and removes the line of the chosen options, within the maximum', () => {
    const twelve = { productId: cookie.id, variantId: '12-count' };
    let { lines, quantity } = setCartLine([], { ...twelve, quantity: 3 });
    expect(quantity).toBe(3);
    ({ lines } = setCartLine(lines, { productId: cookie.id, variantId: '6-count', quantity: 1 }));
    expect(lines).toHaveLength(2);
    ({ lines, quantity } = setCartLine(lines, { ...twelve, quantity: 1000 }));
    expect(quantity).toBe(maxQuantityOf(cookie) - 1);
    expect(cartLineQuantity(lines, { ...twelve, quantity: 0 })).toBe(quantity);
    ({ lines } = setCartLine(lines, { ...twelve, quantity: 0 }));
    expect(lines).toEqual([
      { productId: cookie.id, quantity: 1, variantId: '6-count', filling: null, addIn: null },
    ]);
  });
});
