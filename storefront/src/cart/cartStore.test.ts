import { describe, expect, it } from 'vitest';
import { MENU_ITEMS } from '@bakery/core';
import { addToCart, cartLines, clearCart, readCartLines, setLineQuantity } from './cartStorage';
import { cartLineKey } from '@bakery/core';

const cookie = MENU_ITEMS.find((i) => i.variants?.some((v) => v.id === '24-count'))!;

describe('cart storage (issue 14)', () => {
  it('reads the older cart map and its option maps as lines, then writes lines', () => {
    localStorage.setItem('cart', JSON.stringify({ [cookie.id]: 2 }));
    localStorage.setItem('cartVariants', JSON.stringify({ [cookie.id]: '24-count' }));
    expect(readCartLines()).toEqual([
      { productId: cookie.id, quantity: 2, variantId: '24-count', filling: null, addIn: null },
    ]);
    addToCart(cookie.id, 1, { variantId: '6-count' });
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
    expect(localStorage.getItem('cartVariants')).toBeNull();
  });

  it('edits one line, leaves the other size alone, and clears everything', () => {
    addToCart(cookie.id, 2, { variantId: '24-count' });
    addToCart(cookie.id, 1, { variantId: '6-count' });
    const six = cartLines().find((l) => l.variantId === '6-count')!;
    setLineQuantity(cartLineKey(six), 0);
    expect(cartLines().map((l) => [l.variantId, l.quantity])).toEqual([['24-count', 2]]);
    clearCart();
    expect(cartLines()).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
